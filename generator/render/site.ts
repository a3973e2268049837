import { recordLinks } from "../links.ts";
import type { PagesContext, Rendered } from "./pages.ts";
import type { BuildContext } from "./context.ts";
import type { Route } from "../../model/route.ts";

/** The pages of the site, rendered batch by batch as they are asked for. */
export interface RenderedSite {
  /** Each batch: its pages in route order, the keys they missed, the templates that threw. */
  batches: Iterable<Rendered>;
  /** Every page path a template asked `href()` for, complete once every batch was rendered. */
  linked: Set<string>;
}

/**
 * How the render stage renders a batch of routes: afresh (a one-off build), or through the render memo of
 * a watch session (build.ts `BuildMemo`, dev/rebuild-memo.ts), which renders again only the routes a save changed.
 */
export interface PageRenderer {
  /** Routes per `render` call. */
  readonly renderBatch: number;
  render(context: PagesContext, routes: readonly Route[]): Rendered;
}

/** The render stage, lazy: every route, `stages.renderBatch` at a time, as the later stages take them. */
export function renderSite(
  { config, content, routes, links, templates, assets, images }: BuildContext,
  stages: PageRenderer,
): RenderedSite {
  const linked = new Set<string>();
  const recorded = recordLinks(links, linked);
  const size = Math.min(stages.renderBatch, Math.max(1, routes.length));
  function* batches(): Iterable<Rendered> {
    for (let start = 0; start < routes.length; start += size) {
      // The Open Graph cards' missing keys are reported once, with the first batch.
      const plan = start === 0 ? images.plan : { ...images.plan, missing: [] };
      yield stages.render(
        { root: config.root, content, templates: templates.module, assets, links: recorded, images: plan },
        routes.slice(start, start + size),
      );
    }
  }
  return { batches: batches(), linked };
}
