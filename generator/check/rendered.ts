import type { SiteConfig } from "../config.ts";
import { ContentError, ContentErrors } from "../errors.ts";
import type { Place } from "../../model/problem.ts";
import type { Rendered } from "../render/pages.ts";

/**
 * The check after rendering: translation keys a template asked for that no dictionary defines, each
 * reported once, at the place the template writes it (`templates/components/Footer.tsx:12:9`), and
 * templates that threw. `build` stops on them; `watch` renders the key or the error page and lists
 * them as warnings.
 */
export function checkRendered(
  config: SiteConfig,
  rendered: Pick<Rendered, "missing" | "failures">,
  keyPlaces: ReadonlyMap<string, Place>,
): string[] {
  const keys = new Map(rendered.missing.map((entry) => [entry.key, entry.template]));
  const problems = [...keys].map(
    ([key, template]) =>
      new ContentError(
        keyPlaces.get(key) ?? { file: template, line: 1, column: 1 },
        `The translation key "${key}" is not defined in any dictionary`,
        {
          hint: `Add "${key}" to every file in content/i18n/, or fix the key in the template.`,
        },
      ),
  );
  if (config.mode === "build") {
    if (rendered.failures.length > 0) throw rendered.failures[0];
    if (problems.length > 0) throw new ContentErrors(problems);
  }
  return [...problems.map((problem) => problem.message), ...rendered.failures.map((failure) => failure.message)];
}
