import { readdir } from "node:fs/promises";
import { readFile } from "./many-files.ts";
import path from "node:path";
import { ContentError, type Loaded } from "../errors.ts";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** What to say when a required file is missing, if not the general line. */
export interface MissingFile {
  reason: string;
  hint: string;
}

/**
 * Reads a content file as UTF-8 text with `\n` line ends, or says why it cannot be content: missing,
 * a folder, unreadable, empty, binary or in another encoding.
 */
export async function readText(
  root: string,
  file: string,
  missing?: MissingFile,
): Promise<{ text: string } | { error: ContentError }> {
  const at = { file, line: 1, column: 1 };
  let bytes: Buffer;
  try {
    bytes = await readFile(path.join(root, file));
  } catch (error) {
    return { error: unreadable(file, error, missing) };
  }
  if (bytes.includes(0)) {
    return {
      error: new ContentError(at, "This is a binary file, not text", {
        hint: "Content files must be plain UTF-8 text; remove the file or save it again as text.",
      }),
    };
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    const { line, column } = firstInvalidByte(bytes);
    return {
      error: new ContentError({ file, line, column }, "This file is not UTF-8 encoded", {
        hint: "Save the file as UTF-8 in your editor (umlauts such as ä, ö, ü then stay intact).",
      }),
    };
  }
  if (text.trim() === "") {
    return {
      error: new ContentError(at, "The file is empty", {
        hint: "Fill it in, or delete it if it is not needed.",
      }),
    };
  }
  // Windows line ends would leave a \r at the end of the last field of a line; lines and columns stay the same.
  return { text: text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n") };
}

/** A file that cannot be read, as one located line with what to do. */
export function unreadable(file: string, error: unknown, missing?: MissingFile): ContentError {
  const at = { file, line: 1, column: 1 };
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT" || code === "ENOTDIR")
    return new ContentError(at, missing?.reason ?? "The file is missing", {
      hint: missing?.hint ?? `Create ${file}, or give the project folder with --root.`,
      cause: error,
    });
  if (code === "EISDIR")
    return new ContentError(at, "This is a folder, not a file", {
      hint: `Replace the folder ${file}/ with the file itself.`,
      cause: error,
    });
  if (code === "EACCES" || code === "EPERM")
    return new ContentError(at, "The file cannot be read (permission denied)", {
      hint: `Make ${file} readable for the user who runs the build (chmod u+r).`,
      cause: error,
    });
  if (code) return new ContentError(at, `The file cannot be read (${code})`, { hint: "Check the disk.", cause: error });
  throw error;
}

function firstInvalidByte(bytes: Uint8Array) {
  const text = new TextDecoder("utf-8").decode(bytes);
  const before = text.slice(0, text.indexOf("\uFFFD"));
  const lines = before.split("\n");
  return { line: lines.length, column: lines.at(-1)!.length + 1 };
}

/** Hidden files (`.env`, `.DS_Store`, macOS `._name`, editors' swap files) are never content nor copied. */
export const isHidden = (name: string) => name.startsWith(".");

/**
 * `...en.md` and `..de.md` are no hidden files but pages named `..` and `.`: names an editor may type for a
 * page that goes "up". They are listed, so the loader refuses their name at their place, instead of the page
 * vanishing without a word.
 */
export const namesDotsOnly = (name: string) => /^\.+\.[a-z]{2}\.md$/.test(name);

/**
 * Files of a content folder, relative to the project root and sorted, so builds are deterministic.
 * A missing folder is an empty list; one that cannot be read is a problem. Entries that are no plain
 * file are reported and listed as `refused`, which the loader then does not read.
 */
export async function listFiles(
  root: string,
  folder: string,
  extension: string,
): Promise<Loaded<{ files: string[]; refused: string[] }>> {
  const problems: ContentError[] = [];
  const refused: string[] = [];
  try {
    const entries = await readdir(path.join(root, folder), { withFileTypes: true });
    const named = entries.filter(
      (entry) => (!isHidden(entry.name) || namesDotsOnly(entry.name)) && entry.name.endsWith(extension),
    );
    for (const entry of named.filter((candidate) => !candidate.isFile())) {
      const file = path.posix.join(folder, entry.name);
      problems.push(notAFile(file, entry.isSymbolicLink()));
      refused.push(file);
    }
    // Refused entries stay in the list, so their language counts as present: one error, not an echo.
    const files = named.map((entry) => path.posix.join(folder, entry.name)).sort();
    return { value: { files, refused }, problems };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") problems.push(unreadableFolder(folder, error));
    return { value: { files: [], refused }, problems };
  }
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
 * A content path that is a folder or a link. Links are refused, not followed: a link in a pull
 * request could otherwise publish any file of the machine that builds the site.
 */
function notAFile(file: string, link: boolean): ContentError {
  return link
    ? new ContentError({ file, line: 1, column: 1 }, "This is a symbolic link; content is read only from plain files", {
        hint: "Replace the link with a copy of the file it points to.",
      })
    : new ContentError({ file, line: 1, column: 1 }, "This is a folder, not a file", {
        hint: `Replace the folder ${file}/ with the file itself.`,
      });
}

/**
 * Every file under a folder, recursively, relative to `root` and sorted. Hidden files and folders
 * are left out (`.well-known/` too: the servers and the nginx snippet answer no dotfile); a link is a
 * problem (see notAFile).
 */
export async function listTree(root: string, folder: string): Promise<Loaded<string[]>> {
  const dir = path.join(root, folder);
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const visible = entries
    .map((entry) => ({
      entry,
      file: path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"),
    }))
    .filter(({ file }) => file.split("/").every((segment) => !isHidden(segment)));
  const problems = visible
    .filter(({ entry }) => entry.isSymbolicLink())
    .map(({ file }) => notAFile(`${folder}/${file}`, true));
  const files = visible
    .filter(({ entry }) => entry.isFile())
    .map(({ file }) => file)
    .sort();
  return { value: files, problems };
}
