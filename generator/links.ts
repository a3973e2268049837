import type { Locale } from "../model/content.ts";
import type { Links } from "../model/route.ts";
import type { SiteConfig } from "./config.ts";

/** Builds links for one configuration: the one function every URL of the site goes through. */
export function createHref(
  config: Pick<SiteConfig, "basePath"> & { locales: readonly Locale[] },
  baseUrl: string,
): Links {
  const prefixOf = (locale: string) => config.locales.find((candidate) => candidate.code === locale)?.prefix ?? "";
  /** Root-relative link to `path` (below the locale prefix) in `locale`; `#fragment`s pass through. */
  const href = (locale: string, path = "") => {
    const prefix = prefixOf(locale);
    return config.basePath + (prefix ? `${prefix}/` : "") + path.replace(/^\//, "");
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
