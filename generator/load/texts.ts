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
 * A text that quotes a fact site.yaml does not set (`{hosting.logDays}` while `logDays:` is missing): never
 * shipped as written. load/unset-facts.ts makes one refusal per fact of them, at the place in site.yaml where
 * the fact belongs, naming the texts that quote it.
 */
export class UnsetQuote extends ContentError {
  /** The fact of site.yaml to set (`legal.region` for `{legal.authority.name}`). */
  readonly fact: string;
  /** The placeholder as the text writes it. */
  readonly quoted: string;

  constructor(place: ContentError["place"], fact: string, quoted: string) {
    super(place, `The text quotes {${quoted}}, which content/site.yaml does not set`, {
      hint: `Set ${fact} in content/site.yaml.`,
    });
    this.fact = fact;
    this.quoted = quoted;
  }
}

/** Which problems checkText reports; each is on unless set to false. */
interface TextChecks {
  /** Placeholders that name no fact at all (misspelt). */
  unknown?: boolean;
  /** Placeholders of facts site.yaml leaves out: off for the blocks of a page that this configuration does not show. */
  unset?: boolean;
  /** `{ claims.animals }`, `{claims.animals`. */
  malformed?: boolean;
  /** TODO and the like. */
  leftovers?: boolean;
}

/** Where a text is and what to check in it. */
interface TextPlace {
  facts: Facts;
  file: string;
  /** Where the text begins in its file. */
  start: Position;
  /** The key named in messages (`in "hero.title"`); none for a page's body. */
  label?: string;
  checks?: TextChecks;
}

/** Every problem of one text: unknown, unset and malformed placeholders, leftover markers. */
export function checkText(text: string, { facts, file, start, label = "", checks = {} }: TextPlace): ContentError[] {
  const problems: ContentError[] = [];
  const at = (offset: number) => ({ file, ...placeAt(text, offset, start) });
  const where = label ? ` in "${label}"` : "";
  for (const unknown of interpolate(text, facts).unknown) {
    const fact = facts.settable(unknown.name);
    if (fact !== undefined) {
      if (checks.unset !== false) problems.push(new UnsetQuote(at(unknown.offset), fact, unknown.name));
    } else if (checks.unknown !== false)
      problems.push(
        new ContentError(at(unknown.offset), `Unknown placeholder {${unknown.name}}${where}`, {
          hint: "Placeholders name a value of content/site.yaml, such as {contact.email}; check the spelling.",
          kind: "unknownPlaceholder",
          values: { name: unknown.name },
        }),
      );
  }
  if (checks.malformed !== false)
    for (const problem of malformedPlaceholders(text, facts))
      problems.push(new ContentError(at(problem.offset), `${problem.reason}${where}`, { hint: problem.hint }));
  if (checks.leftovers !== false)
    for (const marker of findLeftovers(text))
      problems.push(
        new ContentError(at(marker.offset), `${label ? `"${label}"` : "The text"} still contains "${marker.word}"`, {
          hint: "Write the final text before publishing.",
          kind: "draftWord",
          values: { word: marker.word },
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
  return checkText(node.value, { facts, file, start, label: name });
}
