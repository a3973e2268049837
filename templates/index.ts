import type { TemplateModule } from "./types.ts";
import AboutMe from "./pages/AboutMe.tsx";
import Contact from "./pages/Contact.tsx";
import Home from "./pages/Home.tsx";
import MarkdownPage from "./pages/MarkdownPage.tsx";
import NotFound from "./pages/NotFound.tsx";
import Pricing from "./pages/Pricing.tsx";
import References from "./pages/References.tsx";

/** Which template renders which page; generator/routes.ts names the same files for errors. */
export const pages: TemplateModule["pages"] = {
  home: Home,
  "about-me": AboutMe,
  references: References,
  contact: Contact,
  pricing: Pricing,
  "training-details": MarkdownPage,
  imprint: MarkdownPage,
  "privacy-policy": MarkdownPage,
  "terms-of-service": MarkdownPage,
  "cookie-policy": MarkdownPage,
  "not-found": NotFound,
};
