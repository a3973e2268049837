import type { TemplateModule } from "../../model/page.ts";
import type { SiteConfig } from "../config.ts";
import { encodeImages, planImages, type ImagePlan } from "./pipeline.ts";
import type { Content } from "../load/content.ts";
import type { Links } from "../../model/route.ts";
import type { ContextImages } from "../render/context.ts";

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
  content: Content,
  templates: TemplateModule,
  links: Links,
): Promise<SiteImages> {
  const plan = planImages(config, content, templates, links);
  const { files, encoded, reused } = await encodeImages(plan, config);
  return { plan, files, encoded, reused };
}
