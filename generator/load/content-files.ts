/**
 * Which files of content/ a project has: the project folder itself, and the markdown files of pages and
 * testimonials named `<name>.<language>.md`, grouped by name, each in every language, each page name a
 * safe web address. The loader (content.ts) reads what these rules let through.
 */
import path from "node:path";
import { lstat, stat } from "node:fs/promises";
import { ContentError, displayPath, UsageError, type Loaded } from "../errors.ts";
import { languageName, shownCode, unlistedLanguage, type LanguageList } from "./languages.ts";
import { listFiles, notAFile } from "../io/walk.ts";
import { defaults } from "../config.ts";
import { dictionaryFolder } from "./translations.ts";

/**
 * The project folder exists and holds content/, a folder and no link: otherwise every file would be
 * reported missing, or refused, one by one.
 */
export async function checkRoot(root: string) {
  const shown = displayPath(root);
  const entry = await stat(root).catch(() => undefined);
  if (!entry)
    throw new UsageError(`--root ${shown}: there is no such folder`, {
      hint: "Give the project folder, the one that holds content/ and templates/.",
    });
  if (!entry.isDirectory())
    throw new UsageError(`--root ${shown}: this is a file, not a folder`, {
      hint: "Give the project folder, the one that holds content/ and templates/.",
    });
  // A linked content/ is refused as every link in it is (io/walk.ts), once, not at each file read through it.
  if ((await lstat(path.join(root, "content")).catch(() => undefined))?.isSymbolicLink())
    throw notAFile("content", "folder link");
  const content = await stat(path.join(root, "content")).catch(() => undefined);
  if (!content?.isDirectory())
    throw new UsageError(`--root ${shown}: this folder holds no content/ folder, so it is no ranch-site project`, {
      hint: "Give the project folder, the one that holds content/ and templates/, or run ranch-site there.",
    });
}

/** A page name becomes a URL segment and a folder of the output: lowercase letters, digits and single hyphens. */
const safePageName = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A name as an address would write it: lowercase ASCII, umlauts spelt out (Über mich → ueber-mich). */
export function addressLike(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Whether a name can be one segment of an address: lowercase letters, digits and single hyphens. */
export const isSafeAddress = (name: string) => safePageName.test(name);

/** Why a page name cannot be an address of the site, or undefined when it can (names the site uses itself: check/across-files.ts). */
function pageNameProblem(id: string): { reason: string; hint: string } | undefined {
  if (!safePageName.test(id)) {
    const suggestion = addressLike(id);
    return {
      reason: `The page name "${id}" cannot be a web address`,
      hint: `Name the file with lowercase letters, digits and hyphens${suggestion ? `, such as ${suggestion}` : ""}: the name becomes the page's address.`,
    };
  }
  return undefined;
}

/** `01-anna.de.md`: a name, then a language code (a BCP 47 tag: de, pt-br). */
const languageFileName = /^(.+)\.([a-z]{2,3}(?:-[a-z0-9]{2,8})*)\.md$/i;

/** `01-anna.de.md` → id `01-anna`, locale `de`; grouped as id → locale → file. */
export function groupByLocale(
  files: string[],
  list: LanguageList,
  /** Pages: the name becomes an address, so it must be a safe URL segment. */
  pageNames = false,
): Loaded<Map<string, Map<string, string>>> {
  const problems: ContentError[] = [];
  const groups = new Map<string, Map<string, string>>();
  const codes = list.languages.map((language) => language.code);
  // Without a readable list (site.yaml's error is the one to report) no file can be told its language.
  if (codes.length === 0) return { value: groups, problems };
  for (const file of files) {
    const match = languageFileName.exec(path.posix.basename(file));
    if (match && !codes.includes(match[2]!) && languageName(match[2]!)) {
      problems.push(unlistedLanguage(file, match[2]!, list));
      continue;
    }
    if (!match || !codes.includes(match[2]!)) {
      problems.push(
        new ContentError({ file, line: 1, column: 1 }, "The file name does not say its language", {
          hint: `Name it <name>.<language>.md, with a language of ${codes.join(", ")}: for example ${path.posix.basename(file, ".md")}.${codes[0]}.md.`,
        }),
      );
      continue;
    }
    const [, id, locale] = match as unknown as [string, string, string];
    const nameProblem = pageNames ? pageNameProblem(id) : undefined;
    if (nameProblem) {
      problems.push(new ContentError({ file, line: 1, column: 1 }, nameProblem.reason, { hint: nameProblem.hint }));
      continue;
    }
    if (!groups.has(id)) groups.set(id, new Map());
    groups.get(id)!.set(locale, file);
  }
  return { value: groups, problems };
}

/**
 * A page must exist in every language: one problem per missing file. A language with no page at all is
 * one problem, at its line of site.yaml's list, not one per page.
 */
export function requireEveryLocale(groups: Map<string, Map<string, string>>, list: LanguageList): ContentError[] {
  const problems: ContentError[] = [];
  const codes = list.languages.map((language) => language.code);
  const without = codes.filter((code) => groups.size > 0 && [...groups.values()].every((files) => !files.has(code)));
  for (const code of without)
    problems.push(
      new ContentError(list.entries[code] ?? list.place, `The language ${shownCode(code)} has no pages`, {
        hint: `Write each page of content/pages/ in it too, as <name>.${code}.md (copy the ${codes.find((other) => !without.includes(other))} ones and translate them), or remove it from this list.`,
      }),
    );
  for (const [id, files] of groups) {
    const [present] = files.values();
    for (const locale of codes.filter((code) => !files.has(code) && !without.includes(code))) {
      const missing = present!.replace(/\.[^.]+\.md$/, `.${locale}.md`);
      problems.push(
        new ContentError({ file: present!, line: 1, column: 1 }, `"${id}" has no "${locale}" version`, {
          hint: `Create ${missing} with the same front matter fields, or delete this file.`,
        }),
      );
    }
  }
  return problems;
}

/** The markdown files of each kind, grouped by name and language; `refused`: those that are no plain file. */
export interface ContentFiles {
  testimonialFiles: Map<string, Map<string, string>>;
  pageFiles: Map<string, Map<string, string>>;
  refused: ReadonlySet<string>;
}

/**
 * Lists the testimonials and pages of content/ by name and language, with every problem of the listing: a file
 * that is no plain file, a name that is no address, a page missing in a language, a dictionary of no listed
 * language, a missing pages folder.
 */
export async function listContentFiles(root: string, languageList: LanguageList): Promise<Loaded<ContentFiles>> {
  const testimonialList = await listFiles(root, `${defaults.folders.content}/testimonials`, ".md");
  const pagesFolder = `${defaults.folders.content}/pages`;
  const pageList = await listFiles(root, pagesFolder, ".md");
  const refused = new Set([...testimonialList.value.refused, ...pageList.value.refused]);
  const testimonialFiles = groupByLocale(testimonialList.value.files, languageList);
  const pageFiles = groupByLocale(pageList.value.files, languageList, true);
  const dictionaryList = await listFiles(root, dictionaryFolder, ".yaml");
  const pagesMissing = (await stat(path.join(root, pagesFolder)).catch(() => undefined))
    ? []
    : [
        new ContentError({ file: pagesFolder }, "The folder of the long pages is missing", {
          hint: `Create ${pagesFolder}/ with one file per page and language, such as about-me.en.md.`,
        }),
      ];
  return {
    value: { testimonialFiles: testimonialFiles.value, pageFiles: pageFiles.value, refused },
    problems: [
      ...testimonialList.problems,
      ...testimonialFiles.problems,
      ...pageList.problems,
      ...pageFiles.problems,
      ...dictionaryList.problems,
      ...unlistedDictionaries(dictionaryList.value.files, languageList),
      // A testimonial may start in one language: its missing versions are translations to do (check/testimonial-languages.ts).
      ...requireEveryLocale(pageFiles.value, languageList),
      ...pagesMissing,
    ],
  };
}

/** The files of content/i18n/ that are no dictionary of a listed language: each one located line. */
function unlistedDictionaries(files: readonly string[], list: LanguageList): ContentError[] {
  const codes = new Set(list.languages.map((language) => language.code));
  // Without a readable list, site.yaml's error is the one to report.
  if (codes.size === 0) return [];
  return files
    .map((file) => ({ file, code: path.posix.basename(file, ".yaml") }))
    .filter(({ code }) => !codes.has(code))
    .map(({ file, code }) => unlistedLanguage(file, code, list));
}
