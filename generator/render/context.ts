import type { SiteConfig } from "../config.ts";
import type { Content } from "../load/content.ts";
import type { Templates } from "../load/templates.ts";
import type { Links, Route } from "../../model/route.ts";
import type { Assets, OutputFile } from "../../model/output.ts";
import type { RenderImages } from "./pages.ts";

/**
 * What the stages after the image stage are given: one object, built once by build(), in place of
 * the same six or seven values passed one by one (Astro's `StaticBuildOptions`). Each stage reads what
 * it needs of it.
 */
export interface BuildContext {
  config: SiteConfig;
  content: Content;
  routes: readonly Route[];
  links: Links;
  templates: Templates;
  assets: Assets;
  images: ContextImages;
}

/**
 * What the image stage gives the later stages (images/site-images.ts `SiteImages`): what the pages show,
 * the encoded files, and how many were encoded now. Named here, as the stages read it, because the image
 * stage renders its drawings through the render stage and so stands after it.
 */
export interface ContextImages {
  plan: RenderImages;
  files: OutputFile[];
  encoded: number;
  reused: number;
}
