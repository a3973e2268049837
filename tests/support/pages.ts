import { address, outputFile } from "./addresses.ts";

/**
 * The routes of design.md §2 (issue 28 added /faq/), written out by hand: tests check the generator against this
 * contract, so it is not derived from generator/routes.ts.
 */
export const routes = [
  "/",
  "/about-me/",
  "/references/",
  "/contact/",
  "/pricing/",
  "/faq/",
  "/training-details/",
  "/imprint/",
  "/privacy-policy/",
  "/terms-of-service/",
  "/cookie-policy/",
] as const;

export interface SitePage {
  /** The path a visitor asks for (the 404 pages: a path that does not exist). */
  path: string;
  /** The built file that answers it, relative to dist/. */
  file: string;
  locale: "en" | "de";
  /** False for the not-found pages: noindex, out of the sitemap. */
  indexable: boolean;
}

const englishPages: SitePage[] = [
  ...routes.map((route) => ({
    path: route,
    file: `${route.slice(1)}index.html`,
    locale: "en" as const,
    indexable: true,
  })),
  // The programme sheet to print and forward (issue 28): it repeats pricing and training details, so noindex.
  { path: "/programme/", file: "programme/index.html", locale: "en", indexable: false },
  { path: "/nope/", file: "404.html", locale: "en", indexable: false },
];

/**
 * All 26 pages: every route in English and German, the programme sheet and the not-found page of each locale.
 * The German pages are at their German addresses, as the site's routes put them (/de/preise/: tests/support/addresses.ts).
 */
export const sitePages: SitePage[] = [
  ...englishPages,
  ...englishPages.map((page) =>
    page.file === "404.html"
      ? { ...page, path: `/de${page.path}`, file: `de/${page.file}`, locale: "de" as const }
      : { ...page, path: address(page.path, "de"), file: outputFile(page.path, "de"), locale: "de" as const },
  ),
];
