import type { TemplateModule } from "./types.ts";
import AboutMe from "./pages/AboutMe.tsx";
import Contact from "./pages/Contact.tsx";
import Home from "./pages/Home.tsx";
import MarkdownPage from "./pages/MarkdownPage.tsx";
import Pricing from "./pages/Pricing.tsx";
import References from "./pages/References.tsx";

export { OpenGraphImage as openGraphImage } from "./OpenGraphImage.tsx";

/** The page templates by file: generator/routes.ts says which page each one renders. */
export const templates: TemplateModule["templates"] = {
  "pages/Home.tsx": Home,
  "pages/AboutMe.tsx": AboutMe,
  "pages/References.tsx": References,
  "pages/Contact.tsx": Contact,
  "pages/Pricing.tsx": Pricing,
  "pages/MarkdownPage.tsx": MarkdownPage,
};
