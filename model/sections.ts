/**
 * The sections of a markdown page, cut at its `<h2>` headings: the one rule for where a section starts and
 * what it is called, shared by the loader (which checks the sections a page folds, and cuts each page once into
 * the `sections` the markdown pages show: "On this page", folded sections) and the programme sheet (which takes
 * sections whole).
 */

/** The one place a page's HTML is cut: before each `<h2>`, the text before the first kept as the first part. */
const cut = (html: string) => html.split(/(?=<h2[\s>])/);

/** A section's opening `<h2>` and the HTML inside it. */
const opening = /^<h2(?:\s[^>]*)?>([\s\S]*?)<\/h2>/;

/** A markdown page's sections: its HTML cut before each `<h2>`, the text before the first left out. */
export const sections = (html: string) => cut(html).filter((part) => opening.test(part));

/** One section's heading: the id its `<h2>` carries and its text (the HTML of a page stays in Markdown.tsx). */
export interface SectionHeading {
  id: string;
  text: string;
  /** The section is folded: its text opens with a tap on its heading (`folded` in the page's front matter). */
  folded: boolean;
}

/** The texts of a page's `<h2>` headings, in order. */
export const headingTexts = (html: string) => sections(html).map((part) => plainText(opening.exec(part)![1]!));

/**
 * The page's HTML with an id on every `<h2>`, and the headings in order: "Day 1 – Go‑to‑Market Foundations" →
 * `day-1-go-to-market-foundations`, „Für wen sich das Training eignet“ → `fuer-wen-sich-das-training-eignet`.
 * Ids stay ASCII, so a link copied from the address bar reads as written; a repeated heading gets `-2`.
 * A section whose heading `folded` names is a `<details>`: the heading is its summary, the text opens
 * with a tap, with the browser's find, with a link to it, and always on paper (pages.css).
 */
export function withSections(
  html: string,
  folded: readonly string[] = [],
): { html: string; headings: SectionHeading[] } {
  const headings: SectionHeading[] = [];
  // The layout's own targets (Layout.tsx: the skip link's; Header.tsx: the menu's) are never a section's.
  const taken = new Set(["main", "main-nav"]);
  const fold = new Set(folded.map(sectionSlug));
  const out = cut(html).map((part) => {
    const match = opening.exec(part);
    if (!match) return part;
    const text = plainText(match[1]!);
    const base = sectionSlug(text) || "section";
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    const isFolded = fold.has(base);
    headings.push({ id, text, folded: isFolded });
    const rest = part.slice(match[0].length);
    if (!isFolded) return `<h2 id="${id}">${match[1]}</h2>${rest}`;
    // A link to the section lands on its text, which the browser then opens (the heading sits just above it).
    return `<details class="fold"><summary><h2>${match[1]}</h2></summary><div class="fold-text" id="${id}">${rest}</div></details>`;
  });
  return { html: out.join(""), headings };
}

const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** A heading's HTML as remark-html writes it (`Q&#x26;A`, `<em>…</em>`) as the text it shows. */
function plainText(inner: string): string {
  return inner
    .replace(/<[^>]*>/g, "")
    .replace(/&(?:#x([\da-f]+)|#(\d+)|(\w+));/gi, (entity, hex?: string, decimal?: string, name?: string) =>
      hex || decimal ? String.fromCodePoint(parseInt((hex ?? decimal)!, hex ? 16 : 10)) : (named[name!] ?? entity),
    );
}

const umlauts: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", ß: "ss" };

/**
 * A heading's text as an id, and what two spellings of one heading share: German letters spelled out, accents,
 * dashes and quotes dropped, the rest joined by "-" ("Go‑to‑Market" with the build's non-breaking hyphens
 * and "Go-to-Market" as an editor types it are one).
 */
export function sectionSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[äöüß]/g, (letter) => umlauts[letter]!)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
