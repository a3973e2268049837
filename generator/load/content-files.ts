/**
 * Which files of content/ a project has: the project folder itself, and the markdown files of pages and
 * testimonials named `<name>.<language>.md`, grouped by name, each in every language, each page name a
 * safe web address. The loader (content.ts) reads what these rules let through.
 */
import path from "node:path";
import { lstat, stat } from "node:fs/promises";
import { ContentError, displayPath, UsageError, type Loaded } from "../errors.ts";
import { notAFile } from "../io/walk.ts";

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

/** Why a page name cannot be an address of the site, or undefined when it can (names the site uses itself: check/across-files.ts). */
function pageNameProblem(id: string): { reason: string; hint: string } | undefined {
  if (!safePageName.test(id)) {
    const suggestion = id
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/ß/g, "ss")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
    return {
      reason: `The page name "${id}" cannot be a web address`,
      hint: `Name the file with lowercase letters, digits and hyphens${suggestion ? `, such as ${suggestion}` : ""}: the name becomes the page's address.`,
    };
  }
  return undefined;
}

/** `01-anna.de.md` → id `01-anna`, locale `de`; grouped as id → locale → file. */
export function groupByLocale(
  files: string[],
  locales: string[],
  /** Pages: the name becomes an address, so it must be a safe URL segment. */
  pageNames = false,
): Loaded<Map<string, Map<string, string>>> {
  const problems: ContentError[] = [];
  const groups = new Map<string, Map<string, string>>();
  for (const file of files) {
    const match = /^(.+)\.([a-z]{2})\.md$/.exec(path.posix.basename(file));
    if (!match || !locales.includes(match[2]!)) {
      problems.push(
        new ContentError({ file, line: 1, column: 1 }, "The file name does not say its language", {
          hint: `Name it <name>.<language>.md, with a language of ${locales.join(", ")}: for example ${path.posix.basename(file, ".md")}.${locales[0]}.md.`,
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

/** A page or testimonial must exist in every language: one problem per missing file. */
export function requireEveryLocale(groups: Map<string, Map<string, string>>, locales: string[]): ContentError[] {
  const problems: ContentError[] = [];
  for (const [id, files] of groups) {
    const [present] = files.values();
    for (const locale of locales.filter((code) => !files.has(code))) {
      const missing = present!.replace(/\.[a-z]{2}\.md$/, `.${locale}.md`);
      problems.push(
        new ContentError({ file: present!, line: 1, column: 1 }, `"${id}" has no "${locale}" version`, {
          hint: `Create ${missing} with the same front matter fields, or delete this file.`,
        }),
      );
    }
  }
  return problems;
}
