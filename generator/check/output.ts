import { checkFragments, fragmentIds, type FragmentLink } from "./links.ts";
import { checkRendered } from "./rendered.ts";
import { findUnlinkedPages } from "./unlinked-pages.ts";
import { failOn, type RenderError } from "../errors.ts";
import type { BuildContext } from "../render/context.ts";
import type { MissingKey } from "../i18n.ts";
import type { ContentWarning } from "../warnings.ts";
import type { OutputFile } from "../../model/output.ts";
import type { RenderedSite } from "../render/site.ts";

/** What the checks of the rendered pages found: problems `watch` shows, and pages nothing links to. */
export interface OutputFindings {
  warnings: string[];
  unlinked: ContentWarning[];
}

/** The pages as they passed the checks, and the findings once the last of them has passed. */
export interface CheckedOutput {
  pages: Iterable<OutputFile[]>;
  /** Available once `pages` has been gone through to its end. */
  readonly findings: OutputFindings;
}

/**
 * The check-rendered stage, as the pages stream past: translation keys no dictionary defines and
 * templates that threw (build stops on them, at the first page that threw; watch shows them),
 * #fragments that lead to no element, and pages nothing links to. Of each page it keeps only the
 * small facts these need: the keys it missed, and the element ids of the pages a #fragment targets.
 * A problem is thrown when the last page has passed, before the writer commits anything.
 */
export function checkOutput(
  { config, content, routes, templates }: BuildContext,
  site: RenderedSite,
  fragments: readonly FragmentLink[],
): CheckedOutput {
  const targets = new Set(fragments.map((link) => link.file));
  const missing: MissingKey[] = [];
  const failures: RenderError[] = [];
  const ids = new Map<string, string[]>();
  let findings: OutputFindings | undefined;
  function* pages(): Iterable<OutputFile[]> {
    for (const batch of site.batches) {
      missing.push(...batch.missing);
      failures.push(...batch.failures);
      if (config.mode === "build" && failures.length > 0) throw failures[0];
      for (const page of batch.files)
        if (targets.has(page.path)) ids.set(page.path, fragmentIds(String(page.contents)));
      yield batch.files;
    }
    const warnings = checkRendered(config, { missing, failures }, templates.keys);
    failOn(checkFragments(fragments, ids));
    findings = { warnings, unlinked: findUnlinkedPages(routes, site.linked, content, config.basePath) };
  }
  return {
    pages: pages(),
    get findings() {
      if (!findings) throw new Error("The findings of the rendered pages were read before every page was checked");
      return findings;
    },
  };
}
