/**
 * What the web editor's local mode refuses before it changes or shows anything: deleting a file the
 * site cannot be built without, and opening a form over a file whose YAML does not parse (the form
 * would load empty, and a save would write that empty form over the owner's text).
 */
import { readYaml } from "../io/yaml.ts";
import { contactSentPage, fixedPages } from "../routes.ts";

/** The project files every build reads: the site's facts, each dictionary, each fixed page in each language. */
export function requiredFiles(locales: readonly string[]): Set<string> {
  const pages = [...fixedPages, contactSentPage].flatMap((page) => (page.markdown ? [page.markdown] : []));
  return new Set([
    "content/site.yaml",
    ...locales.map((code) => `content/i18n/${code}.yaml`),
    ...pages.flatMap((name) => locales.map((code) => `content/pages/${name}.${code}.md`)),
  ]);
}

/** Why a delete is refused: the files among `files` the site needs, in words; undefined when none is. */
export function refusedDelete(files: readonly string[], required: ReadonlySet<string>): string | undefined {
  const needed = files.filter((file) => required.has(file));
  if (needed.length === 0) return undefined;
  return `Not deleted: the site needs ${needed.join(" and ")}. Change its text instead; nothing was removed.`;
}

const frontMatter = /^---\r?\n([\s\S]*?\r?\n)?---(?:\r?\n|$)/;

/**
 * The first syntax error of a YAML file or a markdown file's front matter, as one located line with its
 * line number; undefined when it parses.
 */
export function unreadable(file: string, text: string): { message: string; line: number } | undefined {
  let source: string | undefined;
  let offset = 0;
  if (/\.ya?ml$/.test(file)) source = text;
  else if (file.endsWith(".md")) {
    const matter = frontMatter.exec(text);
    if (!matter && text.startsWith("---"))
      return {
        message: `${file}:1:1: The front matter is never closed. Add a line with --- after its last key.`,
        line: 1,
      };
    source = matter?.[1];
    offset = 1;
  }
  if (source === undefined) return undefined;
  const [error] = readYaml(source, file, offset).errors;
  if (!error) return undefined;
  return {
    message: `${error.message}${error.hint ? ` ${error.hint}` : ""} Fix it in a text editor first; the web editor opens it again once it reads.`,
    line: error.place.line ?? 1,
  };
}
