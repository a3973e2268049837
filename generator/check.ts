import type { Locale } from "./config.ts";
import { ContentError } from "./errors.ts";
import { positionAt, type Entry } from "./i18n.ts";
import type { Content, MarkdownOrigin } from "./load/content.ts";
import type { PageDefinition } from "./routes.ts";

const leftover = /\b(TODO|FIXME|TBD|XXX)\b|lorem ipsum/i;

/** Checks across files: key parity between locales, leftover placeholders, links between pages. */
export function checkContent(content: Content, pages: readonly PageDefinition[], locales: readonly Locale[]): ContentError[] {
  const problems: ContentError[] = [];
  const [reference, ...others] = content.locales;
  if (!reference) return problems;
  for (const other of others) {
    if (other.dictionary.size === 0 || reference.dictionary.size === 0) continue;
    problems.push(...compareKeys(reference.dictionary, other.dictionary), ...compareKeys(other.dictionary, reference.dictionary, true));
  }
  for (const { dictionary } of content.locales) {
    for (const [key, entry] of dictionary) {
      const match = leftover.exec(entry.text);
      if (match) problems.push(new ContentError(entry.file, entry.line, entry.column, `"${key}" still contains the placeholder "${match[0]}"`, "Write the final text before publishing."));
    }
  }
  const known = knownPaths(pages, locales, content.publicFiles.map((file) => file.path));
  for (const locale of content.locales) {
    for (const { origin } of [...Object.values(locale.pages), ...locale.testimonials]) problems.push(...checkMarkdown(origin, known));
  }
  return problems;
}

/** Every root-relative path a link may point at: the pages in every locale and the public files. */
function knownPaths(pages: readonly PageDefinition[], locales: readonly Locale[], publicFiles: string[]): Set<string> {
  const paths = locales.flatMap((locale) => pages.filter((page) => page.indexable).map((page) => `/${locale.prefix ? `${locale.prefix}/` : ""}${page.path}`));
  return new Set([...paths, ...publicFiles.map((file) => `/${file}`)]);
}

function checkMarkdown(origin: MarkdownOrigin, known: Set<string>): ContentError[] {
  const problems: ContentError[] = [];
  const at = (offset: number) => positionAt(origin.body, offset, { line: origin.bodyLine, column: 1 });
  const placeholder = leftover.exec(origin.body);
  if (placeholder) {
    const { line, column } = at(placeholder.index);
    problems.push(new ContentError(origin.file, line, column, `The text still contains the placeholder "${placeholder[0]}"`, "Write the final text before publishing."));
  }
  for (const link of origin.body.matchAll(/\]\((\/[^)\s#]*)(#[^)\s]*)?[)\s]/g)) {
    const target = link[1]!;
    if (known.has(target)) continue;
    const { line, column } = at(link.index + 2);
    const suggestion = known.has(`${target}/`) ? `Write "${target}/", with the trailing slash.` : "Link to a page of the site, such as /de/pricing/, with the trailing slash.";
    problems.push(new ContentError(origin.file, line, column, `The link "${target}" leads to no page`, suggestion));
  }
  return problems;
}

/** Keys of `source` that `target` lacks; with `extra`, reported as keys `source` should not have. */
function compareKeys(source: Map<string, Entry>, target: Map<string, Entry>, extra = false): ContentError[] {
  const problems: ContentError[] = [];
  let previous: Entry | undefined;
  let previousKey = "";
  for (const [key, entry] of source) {
    const counterpart = target.get(key);
    if (counterpart) {
      previous = counterpart;
      previousKey = key;
      continue;
    }
    const otherFile = [...target.values()][0]?.file ?? "";
    if (extra) {
      problems.push(new ContentError(entry.file, entry.line, entry.column, `Key "${key}" is not in ${otherFile}`, `Add it there too, translated, or delete it here.`));
    } else {
      const at = previous ?? { line: 1, column: 1 };
      problems.push(
        new ContentError(otherFile, at.line, at.column, `Missing key "${key}" (present in ${entry.file}:${entry.line})`, previousKey ? `Add "${key}", translated, after "${previousKey}".` : `Add "${key}", translated.`),
      );
    }
  }
  return problems;
}
