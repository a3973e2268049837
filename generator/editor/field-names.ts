/**
 * A refusal's place in the form's words: `check` locates a problem at a line of a file
 * (`content/site.yaml:99:15`); the editor shows fields, not lines. This finds the field at that line of
 * the saved YAML (or a page's front matter) and names it as the form labels it: "Dates › 1 › End".
 */
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node } from "yaml";
import { labelOf, type Words } from "./words.ts";

/** The keys and list positions down to the field written at `line` (1-based), or none. */
export function fieldPathAt(text: string, line: number): (string | number)[] {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, keepSourceTokens: false });
  const lineOf = (offset: number) => lines.linePos(offset).line;
  const inside = (node: Node | null | undefined) =>
    !!node?.range && lineOf(node.range[0]) <= line && line <= lineOf(Math.max(node.range[0], node.range[1] - 1));
  const found: (string | number)[] = [];
  let node: unknown = document.contents;
  for (;;) {
    if (isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && (inside(item.key as Node) || inside(item.value as Node)));
      if (!pair || !isScalar(pair.key)) return found;
      found.push(String(pair.key.value));
      if (inside(pair.key as Node) && !inside(pair.value as Node)) return found;
      node = pair.value;
    } else if (isSeq(node)) {
      const index = node.items.findIndex((item) => inside(item as Node));
      if (index === -1) return found;
      found.push(index);
      node = node.items[index];
    } else return found;
  }
}

/** The section of the editor's words that labels the fields of a file. */
function labelsFor(file: string, words: Words): Record<string, string> {
  if (file === "content/site.yaml") return words.site;
  if (file.startsWith("content/pages/")) return words.page;
  if (file.startsWith("content/testimonials/")) return words.testimonial;
  if (file.startsWith("content/i18n/")) return { ...words.places, ...words.texts };
  return {};
}

/**
 * The field at `line` of a file the editor saved, as the form names it in the language of `words` ("Dates ›
 * 1 › Last day"); undefined when none is found. A name the table lacks is made from the key.
 */
export function fieldNameAt(file: string, text: string, line: number, words?: Words): string | undefined {
  let yaml = text;
  let at = line;
  if (file.endsWith(".md")) {
    // A page's or testimonial's front matter: the lines between the first two `---`.
    const match = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(text);
    if (!match) return undefined;
    yaml = match[1]!;
    at = line - 1;
  } else if (!/\.ya?ml$/.test(file)) return undefined;
  const path = fieldPathAt(yaml, at);
  if (path.length === 0) return undefined;
  const labels = words ? labelsFor(file, words) : {};
  const named = path.map((part, index) => {
    if (typeof part === "number") return String(part + 1);
    if (isOfferName(path, part)) return part;
    // The table's path leaves out list positions and an offer's name (`offers.price`, `dates.end`).
    const key = path.slice(0, index + 1).filter((step) => typeof step === "string" && !isOfferName(path, step));
    return labels[key.join(".")] ?? labels[part] ?? labelOf(part);
  });
  return named.join(" › ");
}

/** Whether a key of a path is an offer's name (`offers.team.price`: team), which the table's paths leave out. */
function isOfferName(path: readonly (string | number)[], step: string): boolean {
  const index = path.indexOf(step);
  return index > 0 && path[index - 1] === "offers" && index < path.length - 1;
}
