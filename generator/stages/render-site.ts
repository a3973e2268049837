import { recordLinks } from "../check/unlinked-pages.ts";
import type { SiteConfig } from "../config.ts";
import { planImages, type ImagePlan } from "../images/pipeline.ts";
import type { Rendered, Stages } from "../incremental.ts";
import type { Content } from "../load/content.ts";
import type { Templates } from "../load/templates.ts";
import type { Links, Route } from "../routes.ts";
import type { Assets } from "../write/assets.ts";

/** Every page rendered, with the images they show and the page paths their templates link to. */
export interface RenderedSite {
  rendered: Rendered;
  images: ImagePlan;
  /** Every page path a template asked `href()` for: pages outside it may be unreachable. */
  linked: Set<string>;
}

/** The render stage: the image plan first (pages name files before they are encoded), then every route. */
export function renderSite(
  config: SiteConfig,
  content: Content,
  routes: Route[],
  links: Links,
  templates: Templates,
  assets: Assets,
  stages: Stages,
): RenderedSite {
  const images = planImages(config, content, templates.module, links);
  const linked = new Set<string>();
  const rendered = stages.render(
    config.root,
    routes,
    content,
    templates.module,
    assets,
    recordLinks(links, linked),
    images,
  );
  return { rendered, images, linked };
}
