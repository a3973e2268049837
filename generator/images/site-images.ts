import type { SiteConfig } from "../config.ts";
import type { OutputFile } from "../../model/output.ts";
import type { Links } from "../../model/route.ts";
import {
  encodeImages,
  planImages,
  type Drawings,
  type ImagePlan,
  type LoadedImages,
  type RenderImages,
} from "./pipeline.ts";

/**
 * What the image stage gives the later stages: what the pages show, the encoded files, and how many were
 * encoded now. The render stage reads it (render/context.ts `BuildContext`).
 */
export interface ContextImages {
  plan: RenderImages;
  files: OutputFile[];
  encoded: number;
  reused: number;
}

/** Every image of the site: what the pages show (the plan) and the encoded files. */
export interface SiteImages extends ContextImages {
  plan: ImagePlan;
}

/**
 * The image stage: the plan (names, sizes and markup of every photo, Open Graph card and the hero
 * drawing), then the files it names, encoded through the project's cache, before any page is
 * rendered: the output is then known path by path, and the pages can stream to the writer.
 */
export async function siteImages(
  config: SiteConfig,
  images: LoadedImages,
  drawings: Drawings,
  links: Links,
): Promise<SiteImages> {
  const plan = planImages(config, images, drawings, links);
  const { files, encoded, reused } = await encodeImages(plan, config);
  return { plan, files, encoded, reused };
}
