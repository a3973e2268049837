/**
 * Where the pages of a project live in each language, as the generator's own route table puts them: tests
 * ask here instead of writing German addresses by hand (`address("pricing", "de")` is "/de/preise/"), so a
 * slug an editor changes, or a language added, moves them with the site. The English addresses are the
 * specification's and stay written out in tests/support/pages.ts.
 */
import { loadContent } from "../../generator/load/content.ts";
import { resolveConfig } from "../../generator/config.ts";
import { routeSite, sitePages } from "../../generator/routes.ts";
import type { Route } from "../../model/route.ts";
import { projectRoot } from "./site.ts";

/** A project's routes: every page in every language at its address, with base path `/`. */
export async function siteRoutes(root = projectRoot): Promise<readonly Route[]> {
  const config = resolveConfig({ root });
  const content = await loadContent(config);
  return routeSite(config, content.site, sitePages(content)).routes;
}

/** The real project's routes, read once. */
const realRoutes = await siteRoutes();

/** The route of a page (`pricing`, `contact-sent`, or a page's English path such as `/pricing/`) in a language. */
export function routeOf(page: string, locale: string, routes: readonly Route[] = realRoutes): Route {
  const byPath = page.startsWith("/");
  const route = routes.find(
    (candidate) =>
      candidate.locale === locale && (byPath ? `/${candidate.page.path}` === page : candidate.page.id === page),
  );
  if (!route) throw new Error(`The site has no page ${page} in ${locale}`);
  return route;
}

/** A page's address in a language: `address("pricing", "de")` or `address("/pricing/", "de")` → "/de/preise/". */
export const address = (page: string, locale: string, routes?: readonly Route[]) => routeOf(page, locale, routes).href;

/** The file a page is written to in a language: `"de/preise/index.html"`. */
export const outputFile = (page: string, locale: string, routes?: readonly Route[]) =>
  routeOf(page, locale, routes).file;

/** The German address of a page, by its English path: `german("/pricing/#dates")` → "/de/preise/#dates". */
export function german(englishPath: string): string {
  const end = englishPath.search(/[?#]/);
  const [path, rest] = end === -1 ? [englishPath, ""] : [englishPath.slice(0, end), englishPath.slice(end)];
  return address(path, "de") + rest;
}
