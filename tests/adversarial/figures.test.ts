/**
 * Issue 21 item 4: a figure and the word it counts never part at a line break, wherever the text comes from:
 * markdown, a dictionary value, a `{placeholder}` of site data, or a figure a template prints beside a
 * translated word (the seats left on each date card). Every built page is scanned as a reader sees it: the text
 * between tags and the attributes that are shown or read out, not scripts, styles or code.
 */
import { parse, type HTMLElement, type Node } from "node-html-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { build, MemoryWriter, resolveConfig } from "../../generator/index.ts";
import { bindFiguresInPage } from "../../generator/render/typeset-page.ts";
import { projectRoot } from "../support/site.ts";

/** A figure, then a breakable space, then a word. */
const breakable = /\d\+?[ ](?=\p{L})/gu;
const skipped = new Set(["script", "style", "pre", "code", "textarea"]);
const shownAttributes = ["alt", "title", "placeholder", "aria-label"];

/** Each place of `html` where a line may break between a figure and its word, with a little context. */
function breakablePlaces(html: string): string[] {
  const places: string[] = [];
  const note = (text: string) => {
    for (const match of text.matchAll(breakable))
      places.push(text.slice(Math.max(0, match.index - 12), match.index + 16));
  };
  const visit = (node: Node) => {
    if (node.nodeType === 3) return note(node.rawText);
    if (node.nodeType !== 1) return;
    const element = node as HTMLElement;
    if (skipped.has(element.rawTagName?.toLowerCase() ?? "")) return;
    for (const name of shownAttributes) note(element.getAttribute(name) ?? "");
    element.childNodes.forEach(visit);
  };
  visit(parse(html, { comment: false }));
  return places;
}

const writer = new MemoryWriter();

beforeAll(async () => {
  // A fixed day: the date cards (with their "4 Plätze frei") are on the pages.
  const previous = process.env["SOURCE_DATE_EPOCH"];
  process.env["SOURCE_DATE_EPOCH"] = String(Date.UTC(2026, 0, 1) / 1000);
  try {
    await build(resolveConfig({ root: projectRoot, baseUrl: "https://figures.example", basePath: "/" }), writer);
  } finally {
    if (previous === undefined) delete process.env["SOURCE_DATE_EPOCH"];
    else process.env["SOURCE_DATE_EPOCH"] = previous;
  }
});

const pages = () => [...writer.files].filter(([file]) => file.endsWith(".html"));

describe("figures and their words", () => {
  it("the site shows date cards and stats, so the scan has figures to look at", () => {
    const home = writer.files.get("de/index.html") as string;
    expect(home).toMatch(/\d\u00a0Plätze frei/);
    expect(home).toMatch(/\d\u00a0Tage/);
  });

  it.for(["en", "de"])("no %s page breaks between a figure and its word", (locale) => {
    const german = (file: string) => file.startsWith("de/");
    const found = pages()
      .filter(([file]) => german(file) === (locale === "de"))
      .flatMap(([file, html]) => breakablePlaces(html as string).map((place) => `${file}: ${JSON.stringify(place)}`));
    expect(found).toEqual([]);
  });
});

describe("the page pass", () => {
  const shown = (text: string) => text.replaceAll("\u00a0", "~");

  it("binds figures in text and in shown attributes", () => {
    expect(
      shown(bindFiguresInPage('<p title="3 days">4 seats left, 25+ animals</p><img alt="2 horses" src="a.png">')),
    ).toBe('<p title="3~days">4~seats left, 25+~animals</p><img alt="2~horses" src="a.png">');
  });

  it("leaves scripts, styles, code, form values and other attributes alone", () => {
    const html =
      '<script type="application/ld+json">{"name":"3 days"}</script><style>a{margin:0 1 a}</style>' +
      '<pre>3 days</pre><code>2 x</code><textarea>5 words</textarea><a href="/a?x=1 b" data-n="3 d">ok</a>';
    expect(bindFiguresInPage(html)).toBe(html);
  });

  it("does not bind a figure to what follows it across a tag, a digit or a sign", () => {
    const html = "<p>3 <b>x</b> 4 5 6 – 7</p>";
    expect(bindFiguresInPage(html)).toBe(html);
  });
});
