import type { SiteConfig } from "../config.ts";
import type { LoadedContent } from "../load/content.ts";
import type { Templates } from "../load/templates.ts";
import type { Links, Route } from "../../model/route.ts";
import type { Assets } from "../../model/output.ts";
import type { ContextImages } from "../images/site-images.ts";

/**
 * What the stages after the image stage are given: one object, built once by build(), in place of
 * the same six or seven values passed one by one (Astro's `StaticBuildOptions`). Each stage reads what
 * it needs of it.
 */
export interface BuildContext {
  config: SiteConfig;
  content: LoadedContent;
  routes: readonly Route[];
  links: Links;
  templates: Templates;
  assets: Assets;
  images: ContextImages;
}
