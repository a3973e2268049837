/** A markdown page's sections (model/sections.ts): ids a reader can copy, and folded sections, as pure functions. */
import { describe, expect, it } from "vitest";
import { headingTexts, sectionSlug, withSections } from "../../model/sections.ts";

const page =
  "<p>Intro</p>\n<h2>Day 1 – Go\u2011to\u2011Market</h2>\n<p>a</p>\n<h2>Für wen &#x26; warum</h2>\n<p>b</p>\n" +
  "<h2>Main</h2>\n<p>c</p>\n<h2>Day 1 – Go-to-Market</h2>\n<p>d</p>";

describe("withSections", () => {
  it("gives every heading an ASCII id from its text, never the layout's own, and never one twice", () => {
    const { html, headings } = withSections(page);
    expect(headings.map((heading) => heading.id)).toEqual([
      "day-1-go-to-market",
      "fuer-wen-warum",
      "main-2",
      "day-1-go-to-market-2",
    ]);
    expect(headings[1]!.text).toBe("Für wen & warum");
    expect(html).toContain('<h2 id="fuer-wen-warum">Für wen &#x26; warum</h2>');
    expect(html.startsWith("<p>Intro</p>")).toBe(true);
  });

  it("folds the sections it is told by heading, however the dashes are typed, and leaves the rest as they were", () => {
    const { html, headings } = withSections(page, ["Für wen & warum"]);
    expect(headings.map((heading) => heading.folded)).toEqual([false, true, false, false]);
    expect(html).toContain(
      '<details class="fold"><summary><h2>Für wen &#x26; warum</h2></summary><div class="fold-text" id="fuer-wen-warum">\n<p>b</p>\n</div></details>',
    );
    expect(html.match(/<details/g)).toHaveLength(1);
  });

  it("reads the headings' text as the loader checks them", () => {
    expect(headingTexts(page)).toEqual([
      "Day 1 – Go\u2011to\u2011Market",
      "Für wen & warum",
      "Main",
      "Day 1 – Go-to-Market",
    ]);
    expect(sectionSlug("Day 1 – Go\u2011to\u2011Market")).toBe(sectionSlug("day 1 - go-to-market"));
  });
});
