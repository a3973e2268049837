/**
 * A refusal's place in the form's words: `check` locates a problem at a line of a file
 * (`content/site.yaml:99:15`); the editor shows fields, not lines. This finds the field at that line of
 * the saved YAML (or a page's front matter) and names it as the form labels it: "Dates › 1 › End".
 */
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node } from "yaml";
import { labelOf } from "./cms-config.ts";

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

/** The field at `line` of a file the editor saved, as the form names it; undefined when none is found. */
export function fieldNameAt(file: string, text: string, line: number): string | undefined {
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
  return path.map((part) => (typeof part === "number" ? String(part + 1) : labelOf(part))).join(" › ");
}
