/**
 * The one typography rule that templates can undo: a figure and the word it counts ("3 Tage", "4 Plätze frei",
 * "25+ Tiere") never part at a line break. The loaders set every text they hand over (generator/load/typography.ts),
 * but a template also prints figures of its own beside a translated word (`${seatsLeft} ${t("dates.seats")}`),
 * and a dictionary value may be a figure alone. So the render stage runs this rule once more over each page, on
 * what a reader sees: text between tags and the attributes that are read out or shown (alt, title, placeholder,
 * aria-label …). Scripts, styles, code, pre, textarea and every other attribute (href, src, data-*) keep their
 * characters. React escapes `<` in text and attribute values, so a `<` always starts a tag here.
 */

/** Elements whose content is not prose: scripts and JSON-LD, styles, code as written, form values. */
const rawElements = ["script", "style", "pre", "code", "textarea"];
/** Attributes whose value a visitor reads or hears. */
const textAttributes = new Set([
  "alt",
  "title",
  "placeholder",
  "label",
  "aria-label",
  "aria-description",
  "aria-valuetext",
]);
/** The attribute a position inside a tag is in (React quotes every value with `"`). */
const attributeOpen = /\s([\w:-]+)="[^"]*$/;
/** A figure (with the `+` of "25+"), a space, then a word. */
const figureBeforeWord = /\d\+? (?=\p{L})/gu;

/**
 * The page with every figure in its visible text bound to the word after it; the rest byte for byte. One
 * regular expression finds the candidates (a digit, a space, a letter: a few dozen a page), and only those are
 * looked at closer. A replace that visited every tag took fifteen times as long, more than rendering a page.
 */
export function bindFiguresInPage(html: string): string {
  let set = "";
  let from = 0;
  let raw: [number, number][] | undefined;
  figureBeforeWord.lastIndex = 0;
  for (let found = figureBeforeWord.exec(html); found; found = figureBeforeWord.exec(html)) {
    const at = found.index + found[0].length - 1;
    raw ??= rawRanges(html);
    if (raw.some(([start, end]) => at > start && at < end)) continue;
    const tagStart = html.lastIndexOf("<", at);
    if (tagStart > html.lastIndexOf(">", at)) {
      const attribute = attributeOpen.exec(html.slice(tagStart, at))?.[1];
      if (!attribute || !textAttributes.has(attribute)) continue;
    }
    set += `${html.slice(from, at)}\u00a0`;
    from = at + 1;
  }
  return from === 0 ? html : set + html.slice(from);
}

/** Where each raw element starts and ends (an unclosed one runs to the end). */
function rawRanges(html: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (const name of rawElements)
    for (let start = html.indexOf(`<${name}`); start !== -1; start = html.indexOf(`<${name}`, start + 1)) {
      if (isNameCharacter(html.charCodeAt(start + 1 + name.length))) continue;
      const end = html.indexOf(`</${name}`, start);
      ranges.push([start, end === -1 ? html.length : end]);
    }
  return ranges;
}

const isNameCharacter = (code: number) => (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 45;
