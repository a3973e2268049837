/** What `watch` prints of its builds' warnings: each as it comes, a count when the list changed, nothing when it did not. */
import { describe, expect, it } from "vitest";
import { WarningsTold } from "../../generator/dev/warnings-told.ts";
import { ContentWarning } from "../../generator/warnings.ts";

const begun = (line: number) =>
  new ContentWarning({ file: "content/site.yaml", line, column: 12 }, "The date starting 2020-03-15 has begun", {
    hint: "Remove it from `dates`.",
  });
const unlinked = new ContentWarning(
  { file: "content/pages/agenda.en.md", line: 1, column: 1 },
  "No page links to /agenda/",
);
const missingKey = 'templates/pages/Home.tsx:3:9: The translation key "hero.x" is not defined in any dictionary';

describe("the warnings watch tells of", () => {
  it("prints the first ones as check does, and nothing for a build that brings the same", () => {
    const told = new WarningsTold();
    expect(told.tell({ warnings: [], contentWarnings: [begun(101)] })).toEqual([
      "content/site.yaml:101:12: warning: The date starting 2020-03-15 has begun",
      "  hint: Remove it from `dates`.",
      "1 warning.",
    ]);
    expect(told.panel.changed).toBe(true);
    // An edit above it moved it two lines down: the same warning, not told again, though the page shows where it is now.
    expect(told.tell({ warnings: [], contentWarnings: [begun(103)] })).toEqual([]);
    expect(told.panel).toEqual({
      stops: [],
      content: [
        [
          "content/site.yaml:103:12: warning: The date starting 2020-03-15 has begun",
          "  hint: Remove it from `dates`.",
        ],
      ],
      changed: false,
    });
  });

  it("prints only what is new, and counts what was fixed", () => {
    const told = new WarningsTold();
    told.tell({ warnings: [], contentWarnings: [begun(101)] });
    expect(told.tell({ warnings: [missingKey], contentWarnings: [begun(101), unlinked] })).toEqual([
      `  warning: ${missingKey}`,
      "content/pages/agenda.en.md:1:1: warning: No page links to /agenda/",
      "3 warnings (2 new).",
    ]);
    expect(told.tell({ warnings: [], contentWarnings: [unlinked] })).toEqual(["1 warning (2 fixed)."]);
    expect(told.tell({ warnings: [], contentWarnings: [begun(101)] })).toEqual([
      "content/site.yaml:101:12: warning: The date starting 2020-03-15 has begun",
      "  hint: Remove it from `dates`.",
      "1 warning (1 fixed).",
    ]);
    expect(told.tell({ warnings: [], contentWarnings: [] })).toEqual(["No warnings left."]);
    expect(told.tell({ warnings: [], contentWarnings: [] })).toEqual([]);
  });
});
