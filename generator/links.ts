import type { Locale } from "../model/content.ts";
import type { Links, PageDefinition } from "../model/route.ts";
import type { SiteConfig } from "./config.ts";

/** What links are made from: the base path, the languages, and the pages with their addresses per language. */
export type LinkSite = Pick<SiteConfig, "basePath"> & {
  locales: readonly Locale[];
  pages?: readonly Pick<PageDefinition, "path" | "paths">[];
};

/** Builds links for one configuration: the one function every URL of the site goes through. */
export function createHref(config: LinkSite, baseUrl: string): Links {
  const prefixOf = (locale: string) => config.locales.find((candidate) => candidate.code === locale)?.prefix ?? "";
  // Each language's addresses, by page name: `pricing/` → `preise/`.
  const addresses = new Map<string, Map<string, string>>();
  for (const page of config.pages ?? [])
    for (const [locale, path] of Object.entries(page.paths ?? {})) {
      if (!addresses.has(locale)) addresses.set(locale, new Map());
      addresses.get(locale)!.set(page.path, path);
    }
  /** Root-relative link to the page `path` names, at its address in `locale`; query and fragment pass through. */
  const href = (locale: string, path = "") => {
    const prefix = prefixOf(locale);
    const bare = path.replace(/^\//, "");
    const end = bare.search(/[?#]/);
    const [page, rest] = end === -1 ? [bare, ""] : [bare.slice(0, end), bare.slice(end)];
    const address = addresses.get(locale)?.get(page) ?? page;
    return config.basePath + (prefix ? `${prefix}/` : "") + address + rest;
  };
  /** The same, as an absolute URL. */
  const url = (locale: string, path = "") => baseUrl + href(locale, path);
  /** Root-relative link to a built asset or public file. */
  const asset = (file: string) => config.basePath + file.replace(/^\//, "");
  /** The same, as an absolute URL. */
  const assetUrl = (file: string) => baseUrl + asset(file);
  return { href, url, asset, assetUrl };
}

/** The same links, noting every page path the templates ask for (fragments dropped). */
export function recordLinks(links: Links, linked: Set<string>): Links {
  return {
    ...links,
    href: (locale, path) => {
      const target = links.href(locale, path);
      linked.add(target.replace(/#.*$/, ""));
      return target;
    },
  };
}
