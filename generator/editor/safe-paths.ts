/**
 * Where the web editor's local mode may read and write: only below the project's real content/ and
 * public/media/, and never through a symbolic link. The build refuses links in content/ and public/
 * rather than follow them (io/walk.ts); the editor keeps the same rule, at each step of the path:
 * a link in a merged pull request or an unpacked archive must not turn a save into a write into bin/.
 *
 * Every path is checked on the disk, component by component (lstat), then by its real path; a file is
 * read with O_NOFOLLOW, and written as a temp file made with O_EXCL | O_NOFOLLOW in the checked
 * folder, which is checked again once the temp file exists and then renamed over the target. A link
 * swapped in between the check and the write is not followed: the temp file's folder no longer has
 * the identity that was checked, and the save is refused before a byte is written.
 */
import { randomBytes } from "node:crypto";
import { constants, type Stats } from "node:fs";
import { lstat, mkdir, open, readdir, realpath, rename, stat, unlink, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { linksBelow } from "../io/walk.ts";

/** The folders the editor may change, relative to the project. */
export const editableFolders = ["content", "public/media"] as const;

/** The folders whose links the build refuses: while one holds a link, the editor saves nothing. */
export const linkFreeFolders = ["content", "public"] as const;

/** A request the editor refuses: one line, shown by the editor as it is and printed by `watch`. */
export class Refused extends Error {
  /** The line of a file that does not parse, for the editor to say where in the owner's language. */
  readonly line?: number;

  constructor(message: string, options: { cause?: unknown; line?: number } = {}) {
    super(message, { cause: options.cause });
    this.line = options.line;
  }
}

/** The one line for a symbolic link on the editor's way, located like the build's (io/walk.ts). */
export function linkLine(file: string): string {
  return `${file}:1:1: This is a symbolic link; the web editor saves nothing while content/ or public/ holds one. Replace the link with a copy of what it points to, then save again.`;
}

/**
 * A path as the editor sent it, checked by its spelling: relative, below content/ or public/media/
 * (or one of them, with `folder`), without `..`; returned in the normal posix spelling (`content/site.yaml`).
 */
export function editablePath(file: unknown, { folder = false } = {}): string {
  if (typeof file !== "string" || file.includes("\0")) throw new Refused("not a path");
  const relative = path.posix.normalize(file.replace(/\\/g, "/")).replace(/(.)\/+$/, "$1");
  if (relative.startsWith("/") || relative.split("/").includes("..")) throw new Refused(`outside the project: ${file}`);
  const below = (editable: string) => relative.startsWith(`${editable}/`) || (folder && relative === editable);
  if (!editableFolders.some(below)) throw new Refused(`the editor may change only content/ and public/media/: ${file}`);
  return relative;
}

/** A folder as checked: its real path (which has no link in it) and its identity on the disk. */
interface CheckedFolder {
  real: string;
  identity: Stats;
}

const sameFile = (a: Stats, b: Stats) => a.dev === b.dev && a.ino === b.ino;
const code = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * A folder, walked from the project's real root one component at a time: each must be a real folder,
 * not a link (with `create`, a missing one is made, one level at a time, so a link put in its place is
 * seen). Its real path must then be that spelling itself, inside the real content/ or public/media/.
 * Undefined when it does not exist and `create` is not asked for.
 */
async function checkedFolder(root: string, relative: string, create: true): Promise<CheckedFolder>;
async function checkedFolder(root: string, relative: string, create: false): Promise<CheckedFolder | undefined>;
async function checkedFolder(root: string, relative: string, create: boolean): Promise<CheckedFolder | undefined> {
  const realRoot = await realpath(root);
  const parts = relative.split("/");
  let folder = realRoot;
  for (const [index, part] of parts.entries()) {
    folder = path.join(folder, part);
    const shown = parts.slice(0, index + 1).join("/");
    let info = await lstat(folder).catch(() => undefined);
    if (!info && create) {
      await mkdir(folder).catch((error: unknown) => {
        if (code(error) !== "EEXIST") throw error;
      });
      info = await lstat(folder);
    }
    if (!info) return undefined;
    if (info.isSymbolicLink()) throw new Refused(linkLine(shown));
    if (!info.isDirectory()) throw new Refused(`${shown}:1:1: This is a file, not a folder`);
  }
  const real = await realpath(folder);
  const inside = editableFolders.some((editable) => {
    const base = path.join(realRoot, editable);
    return real === base || real.startsWith(`${base}${path.sep}`);
  });
  if (real !== folder || !inside) throw new Refused(`${relative}: not inside content/ or public/media/`);
  return { real, identity: await stat(real) };
}

/** Whether the folder still is the one checked: same real path, same identity. */
async function stillChecked(folder: CheckedFolder): Promise<boolean> {
  const real = await realpath(folder.real).catch(() => undefined);
  const identity = await stat(folder.real).catch(() => undefined);
  return real === folder.real && identity !== undefined && sameFile(identity, folder.identity);
}

/** What is at the target: nothing, or a plain file; a link or a folder there is refused. */
async function targetOf(folder: CheckedFolder, relative: string): Promise<{ absolute: string; info?: Stats }> {
  const absolute = path.join(folder.real, path.posix.basename(relative));
  const info = await lstat(absolute).catch((error: unknown) => {
    if (code(error) === "ENOENT") return undefined;
    throw error;
  });
  if (info?.isSymbolicLink()) throw new Refused(linkLine(relative));
  if (info && !info.isFile()) throw new Refused(`${relative}:1:1: This is a folder, not a file`);
  return info ? { absolute, info } : { absolute };
}

/** A file below content/ or public/media/, read without following a link; undefined when there is none. */
export async function readInside(root: string, file: string): Promise<Buffer | undefined> {
  const relative = editablePath(file);
  const folder = await checkedFolder(root, path.posix.dirname(relative), false);
  if (!folder) return undefined;
  const { absolute, info } = await targetOf(folder, relative);
  if (!info) return undefined;
  let handle: FileHandle;
  try {
    handle = await open(absolute, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    if (code(error) === "ENOENT") return undefined;
    if (code(error) === "ELOOP") throw new Refused(linkLine(relative));
    throw error;
  }
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** Test seam: runs between the check of the folder and the opening of the temp file (a race, made to order). */
export interface WriteHooks {
  afterCheck?: () => Promise<void>;
}

/**
 * Writes a file below content/ or public/media/ as a whole, atomically (`watch` never reads half of
 * it), never through a link: into a temp file created in the checked folder, renamed over the target.
 * A file that was there keeps its permissions.
 */
export async function writeInside(
  root: string,
  file: string,
  data: string | Buffer,
  hooks: WriteHooks = {},
): Promise<void> {
  const relative = editablePath(file);
  const folder = await checkedFolder(root, path.posix.dirname(relative), true);
  const { absolute, info } = await targetOf(folder, relative);
  await hooks.afterCheck?.();
  const temp = path.join(folder.real, `.${path.basename(absolute)}.${randomBytes(6).toString("hex")}.saving`);
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  const handle = await open(temp, flags, info ? info.mode & 0o777 : 0o666);
  let renamed = false;
  try {
    // Nothing is written until the empty temp file is known to sit in the folder that was checked.
    const [opened, there] = await Promise.all([handle.stat(), lstat(temp).catch(() => undefined)]);
    if (!(await stillChecked(folder)) || !there || !sameFile(opened, there))
      throw new Refused(`${relative}: its folder changed while saving (a link put in its place?); nothing was saved`);
    await handle.writeFile(data);
    if (info) await handle.chmod(info.mode & 0o777);
    await handle.close();
    // rename() replaces whatever is at the target, a link too, and never writes through it.
    await rename(temp, absolute);
    renamed = true;
  } finally {
    await handle.close().catch(() => undefined);
    if (!renamed) await removeTemp(temp, handle);
  }
}

/** Removes a temp file left by a refused save, only when it still is the one this save opened. */
async function removeTemp(temp: string, handle: FileHandle) {
  const there = await lstat(temp).catch(() => undefined);
  const opened = await handle.stat().catch(() => undefined);
  if (there && (!opened || sameFile(there, opened))) await unlink(temp).catch(() => undefined);
}

/** Deletes a file below content/ or public/media/; a link is refused, not removed; nothing there is fine. */
export async function removeInside(root: string, file: string): Promise<void> {
  const relative = editablePath(file);
  const folder = await checkedFolder(root, path.posix.dirname(relative), false);
  if (!folder) return;
  const { absolute, info } = await targetOf(folder, relative);
  if (!info) return;
  if (!(await stillChecked(folder)))
    throw new Refused(`${relative}: its folder changed while deleting; nothing was deleted`);
  await unlink(absolute);
}

/** The names of a folder below content/ or public/media/: plain files only, never through a link. */
export async function listInside(root: string, folder: string): Promise<{ name: string; isFolder: boolean }[]> {
  const checked = await checkedFolder(root, editablePath(folder, { folder: true }), false);
  if (!checked) return [];
  const entries = await readdir(checked.real, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() || entry.isDirectory())
    .map((entry) => ({ name: entry.name, isFolder: entry.isDirectory() }));
}

/**
 * The symbolic links in content/ and public/ (the folders themselves included), project-relative and
 * sorted, by the build's own walk (io/walk.ts): empty when the tree is one the build and the editor accept.
 */
export const linksIn = (root: string): Promise<string[]> => linksBelow(root, linkFreeFolders);
