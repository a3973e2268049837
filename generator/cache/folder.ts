/**
 * The project's own cache folder (design.md §9): `node_modules/.cache/ranch-site/`, where Babel,
 * ESLint and Vite keep theirs. Never a shared system folder: two users, two checkouts and two
 * parallel builds each stay in their own files.
 */
import { lstat, mkdir } from "node:fs/promises";
import path from "node:path";
import { UsageError } from "../errors.ts";

/** The cache folder of the project at `root`. */
export function cacheDir(root: string): string {
  return path.join(root, "node_modules", ".cache", "ranch-site");
}

/**
 * Refuses a symbolic link in place of the project's cache folder, before a build reads or writes anything
 * in it: through a link, its files would land wherever the link points. A file in its place is no danger:
 * the build goes on without the cache and says so (ensureCacheFolder).
 */
export async function refuseLinkedCache(root: string): Promise<void> {
  const base = cacheDir(root);
  const entry = await lstat(base).catch(() => undefined);
  if (entry?.isSymbolicLink()) throw notPlainFolder(base);
}

const notPlainFolder = (folder: string) =>
  new UsageError(`${folder}: ranch-site's cache folder is not a plain folder`, {
    hint: "Delete it; the next build makes a new one.",
  });

/**
 * Creates `cacheDir(root)/<part>` for this user only and returns it, or undefined when it cannot be made (a
 * read-only disk, a folder of another user, a file in its place): the build then goes on without that cache,
 * and says so once (noteUnusableCache). A symbolic link in place of ranch-site's own folders is refused: files
 * written there would land wherever the link points.
 */
export async function ensureCacheFolder(root: string, part: string): Promise<string | undefined> {
  const base = cacheDir(root);
  const folder = path.join(base, part);
  // Before mkdir, which would make `part` wherever a link in place of `base` points.
  const refuse = async () => {
    for (const own of [base, folder]) {
      const entry = await lstat(own).catch(() => undefined);
      if (entry?.isSymbolicLink()) throw notPlainFolder(own);
    }
  };
  await refuse();
  try {
    await mkdir(folder, { recursive: true, mode: 0o700 });
  } catch (error) {
    if (!cannotWrite(error)) throw error;
    noteUnusableCache(base, error);
    return undefined;
  }
  // Once more: a link put in place between the check and the mkdir.
  await refuse();
  return folder;
}

/**
 * What the file system answers when a folder cannot be written: no permission (EACCES, and EPERM for an
 * immutable file even to root), a read-only disk (EROFS; `mkdir -p` on one reports ENOENT), a file where a folder
 * belongs (ENOTDIR, EEXIST), a full disk or quota.
 */
const unwritable = new Set(["EACCES", "EPERM", "EROFS", "ENOENT", "ENOTDIR", "EEXIST", "EISDIR", "ENOSPC", "EDQUOT"]);
export const cannotWrite = (error: unknown) => unwritable.has((error as NodeJS.ErrnoException | undefined)?.code ?? "");

/** Cache folders already reported by this process, and the lines not yet shown. */
const reported = new Set<string>();
let unshown: string[] = [];

/**
 * Notes that the cache folder `base` cannot be written: one line, once per process (a `watch` session builds
 * hundreds of times). A cache only saves time, so this is a warning, never a reason to stop.
 */
export function noteUnusableCache(base: string, error: unknown): void {
  if (reported.has(base)) return;
  reported.add(base);
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? "unknown error";
  unshown.push(
    `${base}: the cache folder cannot be written (${code}); the build goes on without it. Make it writable, or delete it if it is a file.`,
  );
}

/** The cache warnings noted since the last call, for the build's report. */
export function takeCacheWarnings(): string[] {
  const lines = unshown;
  unshown = [];
  return lines;
}
