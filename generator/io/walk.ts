/**
 * The one walk over the project's folders, with one rule for what it meets. The build lists content/ and
 * public/ with it (`listFiles`, `listTree`), `watch` keys its memo of templates/ and public/ on it, and the
 * web editor finds the links that stop its saves (`linksBelow`); the files read by name (site.yaml, a
 * dictionary, images.yaml) keep the same rule on their way (`linkOnTheWay`, io/files.ts `readText`).
 *  - Links are never followed: a link in a pull request or an unpacked archive could otherwise publish, or
 *    let the editor write, any file of the machine. A link is reported where it stands, the folder walked
 *    and the folders on the way to it included.
 *  - Hidden names (`.env`, `.DS_Store`, macOS `._name`, editors' swap files and lock links such as Emacs's
 *    `.#page.en.md`) are neither listed nor entered: never content, never copied, never in the way.
 *    A page named `.` or `..` (`..en.md`) is no hidden file, and is listed so its name is refused at its place.
 */
import fs, { type Dirent } from "node:fs";
import path from "node:path";
import { ContentError, type Loaded } from "../errors.ts";

// At once, on the main thread, as io/many-files.ts reads files: a listing or a look at one name takes
// microseconds, and a hand-off to the thread pool and back costs more than that.
const readdir = async (folder: string) => fs.readdirSync(folder, { withFileTypes: true });
const lstat = async (file: string) => fs.lstatSync(file);

/**
 * Whether a name is hidden. `...en.md` and `..de.md` are not: they are pages named `..` and `.`, names an
 * editor may type for a page that goes "up", which the loader refuses at their place instead of the page
 * vanishing without a word.
 */
export const isHidden = (name: string) => name.startsWith(".") && !/^\.+\.[a-z]{2}\.md$/.test(name);

/** What the walk meets at a name: a plain file, a folder, a symbolic link (never followed), or anything else. */
export interface Found {
  /** Relative to the project root, with `/`. */
  file: string;
  kind: "file" | "folder" | "link" | "other";
}

const kindOf = (entry: Dirent | fs.Stats): Found["kind"] =>
  entry.isSymbolicLink() ? "link" : entry.isFile() ? "file" : entry.isDirectory() ? "folder" : "other";

/** The first link on the way from the project root to `file` (its folders and itself), if any. */
export async function linkOnTheWay(root: string, file: string): Promise<string | undefined> {
  const parts = file.split("/");
  for (let depth = 1; depth <= parts.length; depth++) {
    const way = parts.slice(0, depth).join("/");
    const entry = await lstat(path.join(root, way)).catch(() => undefined);
    if (!entry) return undefined;
    if (entry.isSymbolicLink()) return way;
  }
  return undefined;
}

/**
 * Everything below `folder` (relative to `root`), by the rule above; with `deep`, the folders below too.
 * A folder that is missing is `missing`; one that is a link, or on the way through a link, is met as that
 * link and not entered; one that cannot be read rejects with the system's error.
 */
export async function walk(root: string, folder: string, { deep }: { deep: boolean }): Promise<Found[] | "missing"> {
  const link = await linkOnTheWay(root, folder);
  if (link) return [{ file: link, kind: "link" }];
  const found: Found[] = [];
  const enter = async (relative: string) => {
    const entries = await readdir(path.join(root, relative));
    const visible = entries.filter((entry) => !isHidden(entry.name));
    for (const entry of visible) found.push({ file: `${relative}/${entry.name}`, kind: kindOf(entry) });
    if (deep)
      await Promise.all(
        visible.filter((entry) => entry.isDirectory()).map((entry) => enter(`${relative}/${entry.name}`)),
      );
  };
  try {
    await enter(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" && found.length === 0) return "missing";
    throw error;
  }
  return found;
}

/**
 * A path where content must be a plain file: a link (refused, not followed; a "folder link" stands where a
 * folder of content belongs), or a folder. Located at the path's first line, as every content error is.
 */
export function notAFile(file: string, kind: "link" | "folder link" | "folder" | "other"): ContentError {
  if (kind === "other")
    return new ContentError({ file, line: 1, column: 1 }, "This is no plain file (a named pipe, socket or device)", {
      hint: `Replace ${file} with a file of text.`,
    });
  if (kind === "folder")
    return new ContentError({ file, line: 1, column: 1 }, "This is a folder, not a file", {
      hint: `Replace the folder ${file}/ with the file itself.`,
    });
  return new ContentError(
    { file, line: 1, column: 1 },
    "This is a symbolic link; content is read only from plain files",
    {
      hint: `Replace the link with a copy of the ${kind === "link" ? "file" : "folder"} it points to.`,
    },
  );
}

/**
 * Files of a content folder whose names end in `extension`, relative to the project root and sorted, so
 * builds are deterministic. A missing folder is an empty list; one that cannot be read is a problem.
 * Entries that are no plain file are reported and listed as `refused`, which the loader then does not read.
 */
export async function listFiles(
  root: string,
  folder: string,
  extension: string,
): Promise<Loaded<{ files: string[]; refused: string[] }>> {
  const problems: ContentError[] = [];
  const refused: string[] = [];
  let found: Found[] | "missing";
  try {
    found = await walk(root, folder, { deep: false });
  } catch (error) {
    return { value: { files: [], refused }, problems: [unreadableFolder(folder, error)] };
  }
  if (found === "missing") return { value: { files: [], refused }, problems };
  const below = (entry: Found) => entry.file.startsWith(`${folder}/`);
  // What is not below the folder is the link the walk met on its way there (or the folder itself).
  const named = found.filter((entry) => !below(entry) || entry.file.endsWith(extension));
  for (const entry of named.filter((candidate) => candidate.kind !== "file")) {
    problems.push(
      notAFile(
        entry.file,
        entry.kind === "other" ? "other" : entry.kind !== "link" ? "folder" : below(entry) ? "link" : "folder link",
      ),
    );
    refused.push(entry.file);
  }
  // Refused entries stay in the list, so their language counts as present: one error, not an echo.
  const files = named
    .filter(below)
    .map((entry) => entry.file)
    .sort();
  return { value: { files, refused }, problems };
}

function unreadableFolder(folder: string, error: unknown): ContentError {
  const code = (error as NodeJS.ErrnoException).code;
  const at = { file: folder, line: 1, column: 1 };
  if (code === "ENOTDIR")
    return new ContentError(at, "This is a file, not a folder", {
      hint: `Replace it with the folder ${folder}/.`,
      cause: error,
    });
  return new ContentError(at, `The folder cannot be read (${code ?? "unknown error"})`, {
    hint: `Make ${folder}/ readable for the user who runs the build.`,
    cause: error,
  });
}

/**
 * Every file under a folder, recursively, relative to the folder and sorted (`.well-known/` is hidden too:
 * the servers and the nginx snippet answer no dotfile); a link is a problem. A folder that is missing or
 * cannot be read has no files.
 */
export async function listTree(root: string, folder: string): Promise<Loaded<string[]>> {
  const found = await walk(root, folder, { deep: true }).catch(() => "missing" as const);
  if (found === "missing") return { value: [], problems: [] };
  const problems = found
    .filter((entry) => entry.kind === "link")
    .map((entry) => notAFile(entry.file, entry.file.startsWith(`${folder}/`) ? "link" : "folder link"));
  const files = found
    .filter((entry) => entry.kind === "file")
    .map((entry) => entry.file.slice(folder.length + 1))
    .sort();
  return { value: files, problems };
}

/**
 * The symbolic links in `folders` (content/ and public/ for the web editor), the folders themselves
 * included, project-relative and sorted. Empty when the tree is one the build and the editor accept.
 */
export async function linksBelow(root: string, folders: readonly string[]): Promise<string[]> {
  const found = await Promise.all(
    folders.map((folder) => walk(root, folder, { deep: true }).catch(() => "missing" as const)),
  );
  return found
    .flatMap((entries) => (entries === "missing" ? [] : entries))
    .filter((entry) => entry.kind === "link")
    .map((entry) => entry.file)
    .sort();
}
