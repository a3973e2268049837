import { recordLinks } from "../check/unlinked-pages.ts";
import type { SiteConfig } from "../config.ts";
import { freshStages, type Rendered, type Stages } from "../incremental.ts";
import type { Content } from "../load/content.ts";
import type { Templates } from "../load/templates.ts";
import type { Links, Route } from "../routes.ts";
import type { Assets } from "../write/assets.ts";
import type { SiteImages } from "./site-images.ts";

/** The pages of the site, rendered batch by batch as they are asked for. */
export interface RenderedSite {
  /** Each batch: its pages in route order, the keys they missed, the templates that threw. */
  batches: Iterable<Rendered>;
  /** Every page path a template asked `href()` for, complete once every batch was rendered. */
  linked: Set<string>;
}

/**
 * Routes rendered at a time by a one-off build. Each batch is checked, compressed and written while
 * the next one is rendered, so memory holds two batches of pages, however large the site. Small
 * batches matter more than they seem: a page that lives through two young-generation collections is
 * moved to the old generation, which V8 lets grow to several times its live size before it collects
 * it. At 2,000 pages, 256 a batch peaked at 300 MiB, 64 at 230 MiB, 16 at 175 MiB; 1 costs CPU.
 */
export const pageBatch = 16;

/**
 * The render stage, lazy: every route, a batch at a time as the later stages take them. A `watch`
 * session remembers each route's page from one build to the next, so it renders the whole route
 * table in one call (one batch); the fresh stages of a build keep nothing and take it in batches.
 */
export function renderSite(
  config: SiteConfig,
  content: Content,
  routes: readonly Route[],
  links: Links,
  templates: Templates,
  assets: Assets,
  images: SiteImages,
  stages: Stages,
): RenderedSite {
  const linked = new Set<string>();
  const recorded = recordLinks(links, linked);
  const size = stages === freshStages ? pageBatch : Math.max(1, routes.length);
  function* batches(): Iterable<Rendered> {
    for (let start = 0; start < routes.length; start += size) {
      // The Open Graph cards' missing keys are reported once, with the first batch.
      const plan = start === 0 ? images.plan : { ...images.plan, missing: [] };
      yield stages.render(
        config.root,
        routes.slice(start, start + size),
        content,
        templates.module,
        assets,
        recorded,
        plan,
      );
    }
  }
  return { batches: batches(), linked };
}
