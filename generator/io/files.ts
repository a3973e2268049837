import { constants } from "node:fs";
import path from "node:path";
import { ContentError } from "../errors.ts";
import { readFile } from "./many-files.ts";
import { linkOnTheWay, notAFile } from "./walk.ts";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Opened read-only, never through a link: one put in the file's place after it was listed is refused, not read. */
const noFollow = constants.O_RDONLY | constants.O_NOFOLLOW;

/** What to say when a required file is missing, if not the general line. */
export interface MissingFile {
  reason: string;
  hint: string;
}

/**
 * Reads a content file read by name (site.yaml, a dictionary, images.yaml) as UTF-8 text with `\n` line
 * ends, or says why it cannot be content: a symbolic link on its way (io/walk.ts: never followed), or what
 * `readListed` says.
 */
export async function readText(
  root: string,
  file: string,
  missing?: MissingFile,
): Promise<{ text: string } | { error: ContentError }> {
  const link = await linkOnTheWay(root, path.posix.dirname(file));
  if (link) return { error: notAFile(link, "folder link") };
  return readListed(root, file, missing);
}

/**
 * Reads a content file a walk listed (io/walk.ts `listFiles`, which looked at its way) as UTF-8 text with
 * `\n` line ends, or says why it cannot be content: missing, a folder, a symbolic link, unreadable, empty,
 * binary or in another encoding.
 */
export async function readListed(
  root: string,
  file: string,
  missing?: MissingFile,
): Promise<{ text: string } | { error: ContentError }> {
  const at = { file, line: 1, column: 1 };
  let bytes: Buffer;
  try {
    bytes = await readFile(path.join(root, file), { flag: noFollow });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOOP") return { error: notAFile(file, "link") };
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
