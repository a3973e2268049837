/** What a page template receives and what the template module exports: the contract between generator/ and templates/. */
import type { ReactElement } from "react";
import type { LocaleContent, Site, Translate } from "./content.ts";
import type { ImageSlot, PictureImage } from "./image.ts";

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

/** Built files the layout links to. */
export interface PageAssets {
  /** The stylesheet of each template group (`home`, `pages`), as the pages link it. */
  styles: Stylesheets;
  /** The inline browser script, last in the body: the behaviour of the consent banner, menu, forms and tooltips. */
  appScript: string;
  /** The contact form's inline script, on the pages with the form only. */
  formScript: string;
  /** The inline head script that applies a stored consent choice before first paint. */
  headScript: string;
  /** The inline speculation rules (JSON). */
  speculationRules: string;
  /** The icon's URL: a `data:` URL of a small favicon.svg, else the file. */
  favicon: string;
  /** Absolute URL of each language's Open Graph card, by locale. */
  ogImages: Record<string, string>;
  /** The hero illustration's file, as the pages link it. */
  heroArt: string;
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
  /** The photo of a slot with its alt text in the page's language; undefined while the slot has none. */
  image: (slot: ImageSlot) => PictureImage | undefined;
  /**
   * A part of the layout that is the same on every page of the language (the footer, the consent
   * banner): it gets only the props of the language, not the page's, and is rendered once per
   * language and build; every other page gets the same markup. Only for parts of `<body>` without
   * `<meta>`, `<link>`, `<title>` or `<img>` (React moves or adds those to the head); a part that has
   * them is found out and simply rendered on every page.
   */
  shared: (part: SharedPart) => ReactElement;
}

/** The props a shared part of the layout gets: what is the same on every page of a language. */
export type LocaleProps = Pick<
  PageProps,
  "t" | "locale" | "href" | "url" | "asset" | "assetUrl" | "site" | "content" | "assets"
>;

/** A part of the layout rendered once per language (PageProps `shared`). */
export type SharedPart = (props: LocaleProps) => ReactElement;

/** What the Open Graph card of one language gets (templates/OpenGraphImage.tsx). */
export interface OpenGraphProps {
  t: Translate;
  site: Site;
}

export type PageComponent = (props: PageProps) => ReactElement;

/** What the compiled templates export (the entry generator/load/templates.ts makes): each page template by its file, as generator/routes.ts names them. */
export interface TemplateModule {
  templates: Record<string, PageComponent>;
  /** The Open Graph card of one language, as a standalone SVG document. */
  openGraphImage: (props: OpenGraphProps) => ReactElement;
  /** The hero illustration; `standalone`, as an SVG document of its own. */
  heroArt: (props: { standalone?: boolean }) => ReactElement;
}

/** A stylesheet per group of templates, each holding the shared styles first. */
export interface Stylesheets {
  home: string;
  pages: string;
}
