/**
 * The web editor's words, one table per interface language: generator/editor/words/<language>.yaml. Every
 * collection, field label, hint and refusal the owner reads comes from the table of the browser's language;
 * a language of the site without a table gets the English one (and `build` says so once). A third language
 * is a third table, no code. tests/unit/editor-words.test.ts names every field a table leaves without a word.
 */
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { parse } from "yaml";
import type { Problem } from "../../model/problem.ts";

/** One table: the sections of words/en.yaml, each a map from a path or key to its words. */
export interface Words {
  /** The table's language code (its file name). */
  language: string;
  collections: Record<string, string>;
  /** site.yaml's fields by path without list positions or offer names (`dates.start`, `offers.price`). */
  site: Record<string, string>;
  siteHints: Record<string, string>;
  /** The words of a closed set's values, by `<field>.<value>` (`per.group`). */
  choices: Record<string, string>;
  page: Record<string, string>;
  pageHints: Record<string, string>;
  testimonial: Record<string, string>;
  photos: Record<string, string>;
  refusals: Record<string, string>;
  /** Where the short texts of a key family appear (`hero`, `hero.badges`): the groups' labels. */
  places: Record<string, string>;
  /** Each short text by its dictionary key: what it is on the site. */
  texts: Record<string, string>;
  /**
   * The problems `check` refuses a save for, by their kind (model/problem.ts), with `where` (the place) and
   * `other` (a kind without words of its own). Empty in English: the generator's own lines are English.
   */
  checks: Record<string, string>;
  /** What the editor's own script says (sign-in, notices, search). */
  interface: Record<string, string>;
}

const sections = [
  "collections",
  "site",
  "siteHints",
  "choices",
  "page",
  "pageHints",
  "testimonial",
  "photos",
  "refusals",
  "places",
  "texts",
  "checks",
  "interface",
] as const;

/** The folder of the tables, in the generator's own package (wherever its code runs from). */
export function wordsFolder(): string {
  const modules = path.resolve(createRequire(import.meta.url).resolve("yaml/package.json"), "../..");
  return path.join(path.dirname(modules), "generator/editor/words");
}

let loaded: Promise<ReadonlyMap<string, Words>> | undefined;

/** Every table, by language code; English is always there (the fallback). */
export function loadEditorWords(): Promise<ReadonlyMap<string, Words>> {
  return (loaded ??= readTables(wordsFolder()));
}

async function readTables(folder: string): Promise<ReadonlyMap<string, Words>> {
  const names = (await readdir(folder)).filter((name) => /^[a-z]{2,3}(-[A-Z]{2})?\.yaml$/.test(name)).sort();
  const tables = await Promise.all(
    names.map(async (name) => {
      const data = (parse(await readFile(path.join(folder, name), "utf8")) ?? {}) as Record<string, unknown>;
      const language = name.replace(/\.yaml$/, "");
      const words = { language } as Words;
      for (const section of sections) words[section] = (data[section] ?? {}) as Record<string, string>;
      return [language, words] as const;
    }),
  );
  const map = new Map(tables);
  if (!map.has("en")) throw new Error(`The web editor's English words are missing: ${path.join(folder, "en.yaml")}`);
  return map;
}

/** The table of a language, or the English one when it has none. */
export function wordsFor(tables: ReadonlyMap<string, Words>, language: string): Words {
  return tables.get(language) ?? tables.get("en")!;
}

/** A text with its `{placeholders}` filled from `values`; one without a value stays as written. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A language's name in the interface language (`de` in German: "Deutsch"). */
export function languageName(code: string, inLanguage: string): string {
  return new Intl.DisplayNames(inLanguage, { type: "language" }).of(code) ?? code;
}

/** A day (YYYY-MM-DD) as a language writes it: "10. März 2027", "March 10, 2027". */
export function dayIn(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}

/** "seatsLeft" → "Seats left": a label for a field no table has words for (the test lists those). */
export function labelOf(name: string): string {
  const words = name.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A problem of `check` in the table's language: the words of its kind with its values (days and languages
 * as the language writes them), after its place. Undefined for a table without `checks` (English: the
 * generator's own line says it).
 */
export function problemInWords(problem: Problem, words: Words): string | undefined {
  const wording = (problem.kind && words.checks[problem.kind]) || words.checks["other"];
  if (!wording) return undefined;
  const values = Object.fromEntries(
    Object.entries(problem.values ?? {}).map(([name, value]) => {
      if (name === "language") return [name, languageName(String(value), words.language)];
      const isDay = typeof value === "string" && /^\d{4}-\d\d-\d\d$/.test(value);
      return [name, isDay ? dayIn(value, words.language) : value];
    }),
  );
  const { file, line } = problem.place;
  const where = line === undefined ? file : fill(words.checks["where"] ?? "{file}:{line}", { file, line });
  return `${where}: ${fill(wording, values)}`;
}
