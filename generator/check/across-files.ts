import { defaults, type Locale } from "../config.ts";
import { ContentError, placeAt } from "../errors.ts";
import type { Entry } from "../i18n.ts";
import type { LoadedContent, MarkdownOrigin } from "../load/content.ts";
import { findLeftovers } from "../load/texts.ts";
import { fixedPages } from "../routes.ts";
import type { PageDefinition } from "../../model/route.ts";

/** Checks across files: key parity between locales, leftover placeholders, links between pages. */
export function checkContent(
  content: LoadedContent,
  pages: readonly PageDefinition[],
  locales: readonly Locale[],
  templateKeys: ReadonlyMap<string, unknown> = new Map(),
): ContentError[] {
  const problems: ContentError[] = [];
  const [reference, ...others] = content.locales;
  if (!reference) return problems;
  for (const other of others) {
    if (other.dictionary.size === 0 || reference.dictionary.size === 0) continue;
    problems.push(...compareDictionaries(reference.dictionary, other.dictionary, templateKeys));
  }
  for (const { dictionary } of content.locales) {
    for (const [key, entry] of dictionary) {
      const [match] = findLeftovers(entry.text);
      if (match)
        problems.push(
          new ContentError(entry, `"${key}" still contains the placeholder "${match.word}"`, {
            hint: "Write the final text before publishing.",
            kind: "draftWord",
            values: { word: match.word },
          }),
        );
    }
  }
  problems.push(...reservedPageNames(content, locales));
  // A missing or unreadable content/pages/ is one error of the loader's, not one per page.
  if (!content.problems.some((problem) => problem.place.file === `${defaults.folders.content}/pages`))
    problems.push(...missingPages(content, pages, locales));
  for (const locale of content.locales) {
    for (const { origin } of [...Object.values(locale.pages), ...locale.testimonials])
      problems.push(...checkMarkdown(origin));
  }
  return problems;
}

/**
 * Editors' pages named like an address the site uses itself: a built-in page, a language's folder
 * or code, the bundled assets' folder. Each would be written over another output, or confuse one.
 */
function reservedPageNames(content: LoadedContent, locales: readonly Locale[]): ContentError[] {
  const reserved = new Map<string, string>();
  for (const page of fixedPages.filter((candidate) => !candidate.markdown))
    reserved.set(page.id, `the built-in page /${page.path}`);
  for (const locale of locales) {
    reserved.set(locale.code, `the language code "${locale.code}"`);
    if (locale.prefix) reserved.set(locale.prefix, `the folder of the "${locale.code}" pages, /${locale.prefix}/`);
  }
  reserved.set("assets", "the folder of the bundled styles and scripts, /assets/");
  const origins = content.locales.flatMap((locale) =>
    Object.entries(locale.pages).map(([id, page]) => ({ id, file: page.origin.file })),
  );
  return origins
    .filter(({ id }) => reserved.has(id))
    .sort((a, b) => (a.file < b.file ? -1 : 1))
    .map(
      ({ id, file }) =>
        new ContentError({ file, line: 1, column: 1 }, `The page name "${id}" is taken by ${reserved.get(id)}`, {
          hint: `Give the page another name, such as ${id}-page; its address would clash.`,
        }),
    );
}

/** Pages of the route table whose markdown exists in no language (one missing language is the loader's report). */
function missingPages(
  content: LoadedContent,
  pages: readonly PageDefinition[],
  locales: readonly Locale[],
): ContentError[] {
  const absent = pages.filter(
    (page) => page.markdown && content.locales.every((locale) => !(page.markdown! in locale.pages)),
  );
  return absent.flatMap((page) =>
    locales.map(
      (locale) =>
        new ContentError(
          { file: `${defaults.folders.content}/pages/${page.markdown}.${locale.code}.md`, line: 1, column: 1 },
          `The page "${page.markdown}" is missing`,
          { hint: "Create this file: front matter with title, description and lead, then the page text in markdown." },
        ),
    ),
  );
}

function checkMarkdown(origin: MarkdownOrigin): ContentError[] {
  const problems: ContentError[] = [];
  const at = (offset: number) => placeAt(origin.body, offset, { line: origin.bodyLine, column: 1 });
  for (const placeholder of findLeftovers(origin.body)) {
    const { line, column } = at(placeholder.offset);
    problems.push(
      new ContentError(
        { file: origin.file, line, column },
        `The text still contains the placeholder "${placeholder.word}"`,
        { hint: "Write the final text before publishing.", kind: "draftWord", values: { word: placeholder.word } },
      ),
    );
  }
  return problems;
}

/**
 * Key parity between two dictionaries. A key on one side and a near-identical one on the other
 * (same group, a letter or two apart) is one misspelling, reported once at the spelling the
 * templates do not use.
 */
function compareDictionaries(
  reference: Map<string, Entry>,
  other: Map<string, Entry>,
  templateKeys: ReadonlyMap<string, unknown>,
): ContentError[] {
  const missing = new Set([...reference.keys()].filter((key) => !other.has(key)));
  const extra = new Set([...other.keys()].filter((key) => !reference.has(key)));
  const problems: ContentError[] = [];
  for (const key of [...missing]) {
    const twin = [...extra].find((candidate) => parentOf(candidate) === parentOf(key) && distance(candidate, key) <= 2);
    if (!twin) continue;
    missing.delete(key);
    extra.delete(twin);
    const [wrong, right, wrongEntry, rightEntry] =
      templateKeys.has(twin) && !templateKeys.has(key)
        ? [key, twin, reference.get(key)!, other.get(twin)!]
        : [twin, key, other.get(twin)!, reference.get(key)!];
    problems.push(
      new ContentError(wrongEntry, `Key "${wrong}" looks misspelt: ${rightEntry.file} has "${right}"`, {
        hint: `Use the same key in every language: rename it to "${right}".`,
      }),
    );
  }
  // A key only the other file has, and the templates read, was deleted from the reference: blame the reference.
  const deleted = new Set([...extra].filter((key) => templateKeys.has(key)));
  return [
    ...problems,
    ...missingKeys(reference, other)
      .filter((problem) => missing.has(problem.key))
      .map((problem) => problem.error),
    ...missingKeys(other, reference)
      .filter((problem) => deleted.has(problem.key))
      .map((problem) => problem.error),
    ...[...extra]
      .filter((key) => !deleted.has(key))
      .map((key) => {
        const entry = other.get(key)!;
        return new ContentError(entry, `Key "${key}" is not in ${[...reference.values()][0]?.file ?? ""}`, {
          hint: "Add it there too, translated, or delete it here.",
        });
      }),
  ];
}

/** Keys of `source` that `target` lacks, each located after the key that precedes it in `target`. */
function missingKeys(source: Map<string, Entry>, target: Map<string, Entry>): { key: string; error: ContentError }[] {
  const found: { key: string; error: ContentError }[] = [];
  const targetFile = [...target.values()][0]?.file ?? "";
  let previous: Entry | undefined;
  let previousKey = "";
  for (const [key, entry] of source) {
    const counterpart = target.get(key);
    if (counterpart) {
      previous = counterpart;
      previousKey = key;
      continue;
    }
    const at = previous ?? { line: 1, column: 1 };
    const hint = previousKey ? `Add "${key}", translated, after "${previousKey}".` : `Add "${key}", translated.`;
    found.push({
      key,
      error: new ContentError(
        { file: targetFile, line: at.line, column: at.column },
        `Missing key "${key}" (present in ${entry.file}:${entry.line})`,
        { hint },
      ),
    });
  }
  return found;
}

const parentOf = (key: string) => key.slice(0, key.lastIndexOf("."));

/** Edit distance between two keys (Levenshtein), small strings only. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}
