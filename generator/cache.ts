/**
 * The project's own cache folder (design.md §9): `node_modules/.cache/ranch-site/`, where Babel,
 * ESLint and Vite keep theirs. Never a shared system folder: two users, two checkouts and two
 * parallel builds each stay in their own files.
 */
import { constants } from "node:fs";
import { lstat, mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { UsageError } from "./errors.ts";

/** The cache folder of the project at `root`. */
export function cacheDir(root: string): string {
  return path.join(root, "node_modules", ".cache", "ranch-site");
}

/**
 * Creates `cacheDir(root)/<part>` for this user only and returns it. A symbolic link in place of
 * ranch-site's own folders is refused: files written there would land wherever the link points.
 */
export async function ensureCacheFolder(root: string, part: string): Promise<string> {
  const base = cacheDir(root);
  const folder = path.join(base, part);
  await mkdir(folder, { recursive: true, mode: 0o700 }).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`${folder}: the cache folder cannot be made (${error.code ?? error.message})`, {
      hint: `Delete ${base} if it is a file or a link, or make node_modules/ writable; the next build makes a new one.`,
      cause: error,
    });
  });
  for (const own of [base, folder]) {
    const entry = await lstat(own);
    if (entry.isSymbolicLink() || !entry.isDirectory())
      throw new UsageError(`${own}: ranch-site's cache folder is not a plain folder`, {
        hint: "Delete it; the next build makes a new one.",
      });
  }
  return folder;
}

/**
 * Writes a cache file whole or not at all: a temporary file created exclusively beside it (never
 * through an existing name or link), then renamed over the old one, so a build beside this one reads
 * the old file or the new one, never half.
 */
export async function writeAtomically(file: string, parts: readonly Uint8Array[]): Promise<void> {
  const random = Math.random().toString(36).slice(2);
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${random}.tmp`);
  const handle = await open(
    temporary,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    0o600,
  );
  try {
    try {
      await handle.writev(parts as Uint8Array[]);
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
