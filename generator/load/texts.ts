/**
 * Checks every text an editor writes, wherever it stands (site.yaml, dictionaries, front matter,
 * markdown): placeholders that are misspelt, unclosed or padded with spaces, and leftover markers
 * such as an all-caps TODO. Each problem points at its own line and column.
 */
import { ContentError, placeAt } from "../errors.ts";
import { interpolate, type Facts } from "../i18n.ts";
import type { Position, YamlNode } from "../io/yaml.ts";

/** Markers of unfinished text: all caps only ("my todo list" is prose), and lorem ipsum in any case. */
const leftover = /\b(?:TODO|FIXME|TBD|XXX)\b|\blorem\s+ipsum\b/gi;

/** Leftover markers of unfinished text in a text, with their offsets. */
export function findLeftovers(text: string): { word: string; offset: number }[] {
  return [...text.matchAll(leftover)]
    .filter((match) => /^lorem/i.test(match[0]) || match[0] === match[0].toUpperCase())
    .map((match) => ({ word: match[0], offset: match.index }));
}

/** Placeholders in texts of any shape (front matter, site data) filled from site facts. */
export function fillPlaceholders(data: unknown, facts: Facts): unknown {
  if (typeof data === "string") return interpolate(data, facts).text;
  if (Array.isArray(data)) return data.map((item) => fillPlaceholders(item, facts));
  if (data && typeof data === "object")
    return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, fillPlaceholders(value, facts)]));
  return data;
}

/** `{ claims.animals }` and `{claims.animals Hoftiere`: placeholders that would ship as written. */
export function malformedPlaceholders(text: string, facts: Facts): { offset: number; reason: string; hint: string }[] {
  const found: { offset: number; reason: string; hint: string }[] = [];
  const looksLikeFact = (name: string) => name.includes(".") || facts.values.has(name);
  for (const match of text.matchAll(/\{(\s*)([A-Za-z][\w.]*)(\s*)\}/g)) {
    if ((match[1] || match[3]) && looksLikeFact(match[2]!))
      found.push({
        offset: match.index,
        reason: `The placeholder ${match[0]} has spaces inside its braces`,
        hint: `Write {${match[2]}}, without spaces.`,
      });
  }
  for (const match of text.matchAll(/\{\s*([A-Za-z][\w.]*[\w])(?![\w.]*\s*\})/g)) {
    if (looksLikeFact(match[1]!))
      found.push({
        offset: match.index,
        reason: `The placeholder {${match[1]} is never closed`,
        hint: `Write {${match[1]}}, with the closing brace.`,
      });
  }
  return found.sort((a, b) => a.offset - b.offset);
}

/**
 * Every problem of one text: unknown and malformed placeholders, leftover markers. `start` is where
 * the text begins in its file; `label` names the key in messages (`in "hero.title"`).
 */
export function checkText(
  text: string,
  facts: Facts,
  file: string,
  start: Position,
  label = "",
  options: { unknown?: boolean; leftovers?: boolean } = {},
): ContentError[] {
  const problems: ContentError[] = [];
  const at = (offset: number) => ({ file, ...placeAt(text, offset, start) });
  const where = label ? ` in "${label}"` : "";
  if (options.unknown !== false)
    for (const unknown of interpolate(text, facts).unknown)
      problems.push(
        new ContentError(at(unknown.offset), `Unknown placeholder {${unknown.name}}${where}`, {
          hint: "Placeholders name a value of content/site.yaml, such as {contact.email}; check the spelling.",
        }),
      );
  for (const problem of malformedPlaceholders(text, facts))
    problems.push(new ContentError(at(problem.offset), `${problem.reason}${where}`, { hint: problem.hint }));
  if (options.leftovers !== false)
    for (const marker of findLeftovers(text))
      problems.push(
        new ContentError(at(marker.offset), `${label ? `"${label}"` : "The text"} still contains "${marker.word}"`, {
          hint: "Write the final text before publishing.",
        }),
      );
  return problems.sort(
    (a, b) => (a.place.line ?? 0) - (b.place.line ?? 0) || (a.place.column ?? 0) - (b.place.column ?? 0),
  );
}

/** checkText for every text value of a YAML tree (front matter, site.yaml), each at its own place. */
export function checkYamlTexts(node: YamlNode | undefined, facts: Facts, file: string, name = ""): ContentError[] {
  if (!node) return [];
  if (node.kind === "map")
    return node.entries.flatMap((entry) =>
      checkYamlTexts(entry.node, facts, file, name ? `${name}.${entry.key}` : entry.key),
    );
  if (node.kind === "list")
    return node.items.flatMap((item, index) => checkYamlTexts(item, facts, file, `${name}[${index + 1}]`));
  if (typeof node.value !== "string") return [];
  const start = { line: node.at.line, column: node.at.column + (node.quoted ? 1 : 0) };
  return checkText(node.value, facts, file, start, name);
}
