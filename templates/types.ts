import type { ReactElement } from "react";
import type { Translate } from "../generator/i18n.ts";
import type { LocaleContent } from "../generator/load/content.ts";
import type { Site } from "../generator/load/site.ts";
import type { ImageSlot } from "../generator/images/slots.ts";
import type { OpenGraphProps } from "./OpenGraphImage.tsx";

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
  css: string;
  js: string;
  /** The inline head script that applies a stored consent choice before first paint. */
  headScript: string;
  favicon: string;
  /** Absolute URL of each language's Open Graph card, by locale. */
  ogImages: Record<string, string>;
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
}

export type PageComponent = (props: PageProps) => ReactElement;

/** What templates/index.ts exports: each page template by its file, as generator/routes.ts names them. */
export interface TemplateModule {
  templates: Record<string, PageComponent>;
  /** The Open Graph card of one language, as a standalone SVG document. */
  openGraphImage: (props: OpenGraphProps) => ReactElement;
}

/** A photo ready for `<picture>`: encoded sources per format, the fallback `<img>`, its size and its alt text. */
export interface PictureImage {
  /** What the photo shows, in the page's language. */
  alt: string;
  /** Size of the largest variant: with the `sizes` of the slot, the browser reserves the space before it loads. */
  width: number;
  height: number;
  /** `<source>` elements, preferred format first (AVIF, then WebP). */
  sources: { type: string; srcset: string }[];
  /** The `<img>` fallback (JPEG, or PNG for transparent images; WebP under `watch`). */
  src: string;
  srcset: string;
  /** Dominant colour `#rrggbb` shown while the photo loads; undefined for transparent images. */
  tone?: string;
}
