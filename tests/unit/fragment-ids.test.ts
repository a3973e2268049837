/**
 * The ids a #fragment link may name on a rendered page (generator/check/links.ts fragmentIds): read from
 * the page's start tags, so they must be the elements' ids and nothing that only looks like one.
 */
import { describe, expect, it } from "vitest";
import { fragmentIds } from "../../generator/check/links.ts";

describe("the ids a #fragment may name", () => {
  it("lists sections and headings first, then every other element's id, each once", () => {
    const html =
      '<body><nav id="main-nav"></nav><main id="main"><section id="dates"><h2 id="next">Next</h2>' +
      '<textarea id="field-message" rows="5"></textarea><p id="dates">again</p></section></main></body>';
    expect(fragmentIds(html)).toEqual(["main", "dates", "next", "main-nav", "field-message"]);
  });

  it("reads an id after a value that holds '>' and decodes what the renderer escaped", () => {
    const html = `<a title="2 > 1" href="/x/" id="after-arrow">x</a><div data-x='a>b' id='single'></div><h3 id="q&amp;a">Q</h3>`;
    expect(fragmentIds(html)).toEqual(["q&a", "after-arrow", "single"]);
  });

  it("takes nothing from a script, a style or a comment", () => {
    const html =
      '<script type="application/ld+json">{"x":"<a id=\\"fake-script\\">"}</script>' +
      '<style>.a::after{content:"<b id=\\"fake-style\\">"}</style><!-- <i id="fake-comment"> -->' +
      '<script id="real-script">var y = "<u id=\'fake-code\'>";</script><span id="real"></span>';
    expect(fragmentIds(html)).toEqual(["real-script", "real"]);
  });
});
