import { checkFragments, type FragmentLink } from "../check-links.ts";
import { checkRendered } from "../check-rendered.ts";
import { findUnlinkedPages } from "../check/unlinked-pages.ts";
import type { SiteConfig } from "../config.ts";
import { failOn, type Place } from "../errors.ts";
import type { Content } from "../load/content.ts";
import type { Route } from "../routes.ts";
import type { ContentWarning } from "../warnings.ts";
import type { RenderedSite } from "./render-site.ts";

/**
 * The check-rendered stage: translation keys no dictionary defines and templates that threw (build
 * stops on them; watch shows them), #fragments that lead to no element, and pages nothing links to.
 */
export function checkOutput(
  config: SiteConfig,
  content: Content,
  routes: readonly Route[],
  site: RenderedSite,
  keyPlaces: ReadonlyMap<string, Place>,
  fragments: readonly FragmentLink[],
): { warnings: string[]; unlinked: ContentWarning[] } {
  const warnings = checkRendered(config, site.rendered, keyPlaces);
  failOn(checkFragments(fragments, site.rendered.files));
  return { warnings, unlinked: findUnlinkedPages(routes, site.linked, content, config.basePath) };
}
