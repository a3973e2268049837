/**
 * Blocks of a markdown text that hold for one configuration only (design.md §10 "Enquiries"): the
 * privacy policy's hosting paragraph depends on `hosting.provider`, its form paragraph on how the form
 * sends (`contact.form.mode`). An editor writes every variant in the one file, each between
 *
 *     <!-- if hosting.provider = netlify, cloudflare-pages -->
 *     …
 *     <!-- end -->
 *
 * (`!=` keeps a block for every other value; `<!-- if legal.register -->` keeps it when the fact is
 * given at all). The facts with a fixed set of values (model/legal.ts `variantValues`: the host, the legal form,
 * the Land, each transfer basis) are checked against it, so a misspelt value is refused, not silently false. The build keeps the blocks whose condition holds and
 * blanks the others line for line, so every place in the file keeps its line number. A condition names
 * a site fact; the markers themselves never reach the page.
 */
import { formModeKinds } from "../../model/contact.ts";
import { variantValues } from "../../model/legal.ts";
import { ContentError } from "../errors.ts";
import type { Facts } from "../i18n.ts";

/** The values a condition may name, for the facts whose values are a fixed set. */
const knownValues: Record<string, readonly string[]> = { ...variantValues, "contact.form.mode": formModeKinds };

const opening = /^<!--\s*if\s+([A-Za-z][\w.]*)\s*(?:(!?=)\s*([^>]*?))?\s*-->\s*$/;
const closing = /^<!--\s*end\s*-->\s*$/;
const marker = /^<!--\s*(?:if|end)\b/;

/** The body with only the blocks that hold for these facts; problems located from `bodyLine`. */
export function selectVariants(
  body: string,
  facts: Facts,
  file: string,
  bodyLine: number,
): { text: string; problems: ContentError[] } {
  if (!body.includes("<!--")) return { text: body, problems: [] };
  const problems: ContentError[] = [];
  const lines = body.split("\n");
  // Each open block: where it opened, and whether its text is shown.
  const open: { line: number; shown: boolean }[] = [];
  const shown = () => open.every((block) => block.shown);
  const kept = lines.map((line, index) => {
    const place = { file, line: bodyLine + index, column: 1 };
    const condition = opening.exec(line);
    if (condition) {
      const [, name, operator, list = ""] = condition as unknown as [string, string, string | undefined, string?];
      const values = operator ? list.split(",").map((value) => value.trim()) : [];
      const known = knownValues[name];
      const wrong = known ? values.filter((value) => !known.includes(value)) : [];
      for (const value of wrong)
        problems.push(
          new ContentError(place, `"${value}" is not a value of ${name}`, {
            hint: `Write one of ${known!.join(", ")}, separated by commas.`,
          }),
        );
      const named = known || facts.values.has(name) || facts.settable(name) !== undefined;
      if (!named && !facts.explains(name))
        problems.push(
          new ContentError(place, `The condition names {${name}}, which is no site fact`, {
            hint: "Name a value of content/site.yaml, such as hosting.provider or contact.form.mode.",
          }),
        );
      const value = facts.values.get(name) ?? "";
      // Without a value, the block shows when the fact is given at all (`<!-- if legal.register -->`).
      const shown = operator ? values.includes(value) === (operator === "=") : value !== "";
      open.push({ line: bodyLine + index, shown });
      return "";
    }
    if (closing.test(line)) {
      if (open.length === 0)
        problems.push(
          new ContentError(place, "<!-- end --> closes no <!-- if … --> block", {
            hint: "Remove it, or add the opening line `<!-- if hosting.provider = netlify -->` above the block.",
          }),
        );
      open.pop();
      return "";
    }
    if (marker.test(line))
      problems.push(
        new ContentError(place, "This line looks like a condition but cannot be read", {
          hint: "Write `<!-- if hosting.provider = netlify, cloudflare-pages -->` or `<!-- end -->`, alone on the line.",
        }),
      );
    return shown() ? line : "";
  });
  for (const block of open)
    problems.push(
      new ContentError({ file, line: block.line, column: 1 }, "This <!-- if … --> block is never closed", {
        hint: "Add a line `<!-- end -->` after its last paragraph.",
      }),
    );
  return { text: kept.join("\n"), problems };
}
