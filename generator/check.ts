import { defaults, type Locale } from "./config.ts";
import { ContentError, placeAt } from "./errors.ts";
import type { Entry } from "./i18n.ts";
import type { Content, MarkdownOrigin } from "./load/content.ts";
import type { PageDefinition } from "./routes.ts";

const leftover = /\b(TODO|FIXME|TBD|XXX)\b|lorem ipsum/i;

/** Checks across files: key parity between locales, leftover placeholders, links between pages. */
export function checkContent(
  content: Content,
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
      const match = leftover.exec(entry.text);
      if (match)
        problems.push(
          new ContentError(entry, `"${key}" still contains the placeholder "${match[0]}"`, {
            hint: "Write the final text before publishing.",
          }),
        );
    }
  }
  problems.push(...missingPages(content, pages, locales));
  const known = knownPaths(
    pages,
    locales,
    content.publicFiles.map((file) => file.path),
  );
  for (const locale of content.locales) {
    for (const { origin } of [...Object.values(locale.pages), ...locale.testimonials])
      problems.push(...checkMarkdown(origin, known));
  }
  return problems;
}

/** Pages of the route table whose markdown exists in no language (one missing language is the loader's report). */
function missingPages(content: Content, pages: readonly PageDefinition[], locales: readonly Locale[]): ContentError[] {
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

/** Every root-relative path a link may point at: the pages in every locale and the public files. */
function knownPaths(pages: readonly PageDefinition[], locales: readonly Locale[], publicFiles: string[]): Set<string> {
  const paths = locales.flatMap((locale) =>
    pages.filter((page) => page.indexable).map((page) => `/${locale.prefix ? `${locale.prefix}/` : ""}${page.path}`),
  );
  return new Set([...paths, ...publicFiles.map((file) => `/${file}`)]);
}

function checkMarkdown(origin: MarkdownOrigin, known: Set<string>): ContentError[] {
  const problems: ContentError[] = [];
  const at = (offset: number) => placeAt(origin.body, offset, { line: origin.bodyLine, column: 1 });
  for (const placeholder of origin.body.matchAll(new RegExp(leftover.source, "gi"))) {
    const { line, column } = at(placeholder.index);
    problems.push(
      new ContentError(
        { file: origin.file, line, column },
        `The text still contains the placeholder "${placeholder[0]}"`,
        { hint: "Write the final text before publishing." },
      ),
    );
  }
  for (const link of origin.body.matchAll(/\]\((\/[^)\s#]*)(#[^)\s]*)?[)\s]/g)) {
    const target = link[1]!;
    if (known.has(target)) continue;
    const { line, column } = at(link.index + 2);
    const suggestion = known.has(`${target}/`)
      ? `Write "${target}/", with the trailing slash.`
      : "Link to a page of the site, such as /de/pricing/, with the trailing slash.";
    problems.push(
      new ContentError({ file: origin.file, line, column }, `The link "${target}" leads to no page`, {
        hint: suggestion,
      }),
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
  return [
    ...problems,
    ...missingKeys(reference, other)
      .filter((problem) => missing.has(problem.key))
      .map((problem) => problem.error),
    ...[...extra].map((key) => {
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
