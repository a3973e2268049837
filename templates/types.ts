import type { ReactElement } from "react";
import type { Translate } from "../generator/i18n.ts";
import type { LocaleContent } from "../generator/load/content.ts";
import type { Site } from "../generator/load/site.ts";
import type { InlineStyles } from "../generator/write/assets.ts";

/** A language version of the current page, for hreflang and the language switch. */
export interface AlternateLink {
  locale: string;
  href: string;
  url: string;
  /** The language's own name, from its dictionary (`lang.name`). */
  name: string;
  /** Tooltip of the switch to it, in that language (`lang.switchTip`). */
  tip: string;
}

/** Built files the layout links to, and the stylesheets it inlines. */
export interface PageAssets {
  /** Minified CSS by template group (`home`, `pages`), inlined in the head: no render-blocking request. */
  styles: InlineStyles;
  js: string;
  /** The inline head script that applies a stored consent choice before first paint. */
  headScript: string;
  favicon: string;
}

/** What every page template gets: props in, markup out; no file system, no globals. */
export interface PageProps {
  t: Translate;
  locale: string;
  /** The page's name: `home`, `about-me`, …, or an editor's own markdown page. */
  page: string;
  /** Root-relative link to a page path of the current locale: `href("pricing/")`. */
  href: (path: string) => string;
  /** Absolute URL of a page path in the current locale. */
  url: (path: string) => string;
  /** Root-relative link to a public file or asset. */
  asset: (file: string) => string;
  /** Absolute URL of a public file or asset. */
  assetUrl: (file: string) => string;
  /** Absolute URL of the current page. */
  canonical: string;
  /** Indexable pages have a canonical, hreflang links and a sitemap entry. */
  indexable: boolean;
  alternates: AlternateLink[];
  site: Site;
  content: LocaleContent;
  assets: PageAssets;
}

export type PageComponent = (props: PageProps) => ReactElement;

/** What templates/index.ts exports: each page template by its file, as generator/routes.ts names them. */
export interface TemplateModule {
  templates: Record<string, PageComponent>;
}
