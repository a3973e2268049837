import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { ContentError } from "../errors.ts";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Reads a content file as UTF-8 text, or says why it cannot be content (empty, binary, wrong encoding). */
export async function readText(root: string, file: string): Promise<{ text: string } | { error: ContentError }> {
  const bytes = await readFile(path.join(root, file));
  if (bytes.includes(0)) {
    return {
      error: new ContentError({ file, line: 1, column: 1 }, "This is a binary file, not text", {
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
      error: new ContentError({ file, line: 1, column: 1 }, "The file is empty", {
        hint: "Fill it in, or delete it if it is not needed.",
      }),
    };
  }
  return { text: text.replace(/^\uFEFF/, "") };
}

function firstInvalidByte(bytes: Uint8Array) {
  const text = new TextDecoder("utf-8").decode(bytes);
  const before = text.slice(0, text.indexOf("\uFFFD"));
  const lines = before.split("\n");
  return { line: lines.length, column: lines.at(-1)!.length + 1 };
}

/** Files of a content folder, relative to the project root and sorted, so builds are deterministic. */
export async function listFiles(root: string, folder: string, extension: string): Promise<string[]> {
  const entries = await readdir(path.join(root, folder), { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(extension))
    .map((entry) => path.posix.join(folder, entry.name))
    .sort();
}

/** Every file under a folder, recursively, relative to it and sorted. */
export async function listTree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}
