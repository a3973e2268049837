/** The pages of the site and their languages: what the generator renders, and where. */

/** One page of the site, before locales: its path below the locale prefix and the template that renders it. */
export interface PageDefinition {
  /** One of the fixed pages, or the name of an editor's own markdown page (`content/pages/faq.en.md` → `faq`). */
  id: string;
  /**
   * The page's name as a path, with trailing slash (`pricing/`, `contact/sent/`): its address in a language
   * that gives it none of its own, and what templates link it by (`href("pricing/")`). The not-found page has
   * a file name instead.
   */
  path: string;
  /** Its address in each language that gives one, below the prefix (`de` → `preise/`): slug or writing rules. */
  paths?: Readonly<Record<string, string>>;
  /** Template file under templates/, named in render errors. */
  template: string;
  /** Markdown page in content/pages/ that holds its text, if any. */
  markdown?: string;
  /** In the sitemap, with a canonical and hreflang alternates; false for the not-found page. */
  indexable: boolean;
}

/** A link to the same page in one language. */
export interface Alternate {
  locale: string;
  /** Root-relative link, base path included. */
  href: string;
  /** Absolute URL, for hreflang and the sitemap. */
  url: string;
}

/** One page in one locale: what to render and where to write it. */
export interface Route {
  page: PageDefinition;
  locale: string;
  /** Root-relative link to this page, base path included: `/de/about-me/`. */
  href: string;
  /** Absolute URL of this page. */
  url: string;
  /** Output file relative to the output folder: `de/about-me/index.html`. */
  file: string;
  /** This page in every locale, this one included, in locale order; for the not-found page, each locale's home. */
  alternates: Alternate[];
}

/** Every URL of the site goes through these, made for one configuration (generator/links.ts). */
export interface Links {
  /**
   * Root-relative link to the page named by `path` (`pricing/`) in `locale`, at its address there
   * (`/de/preise/`); `?query` and `#fragment` pass through, a path that names no page stays as it is.
   */
  href(locale: string, path?: string): string;
  /** The same, as an absolute URL. */
  url(locale: string, path?: string): string;
  /** Root-relative link to a built asset or public file. */
  asset(file: string): string;
  /** The same, as an absolute URL. */
  assetUrl(file: string): string;
}

/**
 * Every address each page has been built at, by language and page (content/addresses.lock.yaml): root-relative
 * below the base path (`/de/preise/`), the page's address at the last build first.
 */
export type AddressLock = Map<string, Map<string, string[]>>;

/** An address a page had and no longer has: it answers with one permanent redirect to the page's address now. */
export interface Redirect {
  /** The old address, root-relative, base path included: `/de/pricing/`. */
  from: string;
  /** The page's address now, the same way: `/de/preise/`. */
  to: string;
  /** The same, as an absolute URL: the forwarding page's canonical. */
  url: string;
  /** The language and the page, for the forwarding page's language and title. */
  locale: string;
  page: string;
  /** Where a host without rules (GitHub Pages) finds the forwarding page: `de/pricing/index.html`. */
  file: string;
}
