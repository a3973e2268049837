/**
 * markdown-it gives the tree remark gave (generator/load/markdown-tree.ts): the same HTML, and the links
 * found at the same lines and columns. Each expectation below is what remark 15 gave for the same body,
 * the last engine, whose output the golden pages hold.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loadMarkdownEngine, parseMarkdown, renderMarkdown, scanLinks } from "../../generator/load/markdown.ts";

beforeAll(loadMarkdownEngine);

/** The links of a body that starts on line 10 of its file. */
const links = (body: string) => scanLinks(body, 10, parseMarkdown(body));

describe("markdown's tree", () => {
  it("finds links in quotes and lists, and reference links at their definitions, each definition on its own", () => {
    const body = [
      "> - quoted [list link](/q/)",
      '>   continued [second](/r/ "t")',
      "",
      '[herd]: /about/ "The herd"',
      "[herd]: /other/",
      "",
      "See [the herd][herd], ![The cows][cows] and [undefined][nope].",
      "",
      "[cows]: /media/cows.jpg",
    ].join("\n");
    expect(renderMarkdown(body)).toBe(
      '<blockquote>\n<ul>\n<li>quoted <a href="/q/">list link</a>\ncontinued <a href="/r/" title="t">second</a></li>\n</ul>\n</blockquote>\n' +
        '<p>See <a href="/about/" title="The herd">the herd</a>, <img src="/media/cows.jpg" alt="The cows"> and [undefined][nope].</p>',
    );
    expect(links(body)).toEqual({
      links: [
        { kind: "link", url: "/q/", line: 10, column: 24 },
        { kind: "link", url: "/r/", line: 11, column: 24 },
        { kind: "link", url: "/about/", line: 13, column: 9 },
        { kind: "link", url: "/other/", line: 14, column: 9 },
        { kind: "image", url: "/media/cows.jpg", line: 18, column: 9 },
      ],
      undefinedReferences: [{ label: "nope", line: 16, column: 45 }],
    });
  });

  it("writes a tight list's items without paragraphs, and a loose list's with them", () => {
    expect(renderMarkdown("- one\n- two\n\n1. first\n\n2. second")).toBe(
      "<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<ol>\n<li>\n<p>first</p>\n</li>\n<li>\n<p>second</p>\n</li>\n</ol>",
    );
  });

  it("keeps line ends in the text, drops raw HTML, and takes a dangerous address out of its link", () => {
    const body =
      "Line one\nline two  \nafter a break. <b>raw</b> [x](javascript:alert(1)) &amp; <https://example.org>\n\n<div>block</div>";
    expect(renderMarkdown(body)).toBe(
      '<p>Line one\nline two<br>\nafter a break. raw <a>x</a> &#x26; <a href="https://example.org">https://example.org</a></p>',
    );
    // The link check still sees the address, and refuses it (check/links.ts).
    expect(links(body).links).toEqual([
      { kind: "link", url: "javascript:alert(1)", line: 12, column: 31 },
      { kind: "link", url: "https://example.org", line: 12, column: 59 },
    ]);
  });

  it("reads the info string of fenced code with its references decoded, and keeps a file's own line ends", () => {
    expect(renderMarkdown("```c&amp;p title\nx\n```")).toBe('<pre><code class="language-c&#x26;p">x\n</code></pre>');
    expect(renderMarkdown("one\r\ntwo\u0000")).toBe("<p>one\r\ntwo\uFFFD</p>");
  });
});
