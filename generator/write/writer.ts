import type { OutputFile } from "../../model/output.ts";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { lstat, mkdir, mkdtemp, readFile, rename, rm, rmdir } from "node:fs/promises";
import path from "node:path";
import { displayPath, UsageError } from "../errors.ts";
import { guardStaging, type StagingGuard } from "./interrupt.ts";
import { checkOutDir, outputMarkerText } from "./out-dir.ts";
import { outputMarker } from "../../model/output.ts";

/** Where a build puts its files: the disk, or memory for tests and `check`. */
export interface Writer {
  /** Refuses, before any work, a destination the build may not write to. */
  prepare?(): Promise<void>;
  /** Starts taking a build's files, which come in batches as the pages are rendered. */
  open(): Promise<WriteSession>;
}

/** One build's files on their way out: none of them counts until `commit`. */
export interface WriteSession {
  add(files: readonly OutputFile[]): Promise<void>;
  /** Puts every file added in place at once. */
  commit(): Promise<void>;
  /** Forgets every file added: the output stays as it was before the build. */
  abort(): Promise<void>;
}

/** Writes `files` as one session: all of them, or (on a failure) none. */
export async function writeAll(writer: Writer, files: readonly OutputFile[]): Promise<void> {
  const session = await writer.open();
  try {
    await session.add(files);
  } catch (error) {
    await session.abort();
    throw error;
  }
  await session.commit();
}

/** Keeps the files in a map: nothing touches the disk. A build replaces the map when it commits. */
export class MemoryWriter implements Writer {
  readonly files = new Map<string, string | Uint8Array>();
  async open(): Promise<WriteSession> {
    const added: OutputFile[] = [];
    return {
      add: async (files) => void added.push(...files),
      commit: async () => {
        this.files.clear();
        for (const file of added) this.files.set(file.path, file.contents);
      },
      abort: async () => void (added.length = 0),
    };
  }
}

/**
 * Files are written one after the other, synchronously: into a fresh folder, a write only reaches the
 * page cache, and node's asynchronous writes cost more than they save. 6,000 files of 25 KiB on tmpfs
 * took 80-90 ms of main-thread CPU and 180-200 ms through the thread pool, 15-25 ms and 125-135 ms so.
 */
const writeNow: WriteFile = async (file, contents, options) => writeFileSync(file, contents, options);

/** Writes one file; `flag: "wx"` creates it exclusively. */
export type WriteFile = (file: string, contents: string | Uint8Array, options: { flag: string }) => Promise<void>;

/** How a DiskWriter works: the project it builds (for the output-folder rules) and the file write. */
export interface DiskWriterOptions {
  /** Project folder; the output folder may not be it, an ancestor or one of its source folders. Default: the working folder. */
  root?: string;
  /** The file write, replaceable so tests can simulate a full disk. */
  writeFile?: WriteFile;
}

/**
 * Writes into a fresh staging folder beside `outDir` and swaps it into place only when every file was
 * written, so a failed build leaves the last good site untouched. It replaces `outDir` only when
 * ranch-site owns it (see out-dir.ts) and marks the new folder as its own. Staging and previous
 * folders get unique names (mkdtemp), so they never clobber a sibling, and are removed on every path.
 */
export class DiskWriter implements Writer {
  readonly outDir: string;
  private readonly root: string;
  private readonly writeOne: WriteFile;

  constructor(outDir: string, options: DiskWriterOptions = {}) {
    this.outDir = path.resolve(outDir);
    this.root = path.resolve(options.root ?? process.cwd());
    this.writeOne = options.writeFile ?? writeNow;
  }

  /** The output-folder rules of out-dir.ts, checked before the build spends time on the site. */
  async prepare() {
    await checkOutDir(this.root, this.outDir);
  }

  /**
   * A fresh staging folder beside `outDir`: files go into it batch by batch, and `commit` swaps it into
   * place; a failed write or an `abort` removes it, and the output folder stays as it was.
   */
  async open(): Promise<WriteSession> {
    await checkOutDir(this.root, this.outDir);
    const parent = path.dirname(this.outDir);
    const name = path.basename(this.outDir);
    await mkdir(parent, { recursive: true }).catch((error) => this.fail(error));
    const { folder: staging, guard } = (() => {
      try {
        return newStaging(path.join(parent, `${name}.staging-`));
      } catch (error) {
        return this.fail(error);
      }
    })();
    const folders = new Set<string>([staging]);
    let state: "open" | "closed" | "committed" = "open";
    const discard = async () => {
      if (state === "committed") return;
      state = "closed";
      await rm(staging, { recursive: true, force: true });
      guard.settle();
    };
    const add = async (files: readonly OutputFile[]) => {
      if (state !== "open") throw new Error("Writing into a staging folder that is already closed");
      try {
        const targets = files.map((file) => ({ ...file, full: inside(staging, file.path) }));
        for (const target of targets) {
          const folder = path.dirname(target.full);
          if (folders.has(folder)) continue;
          try {
            mkdirSync(folder, { recursive: true });
          } catch (error) {
            this.fail(error, target.path);
          }
          folders.add(folder);
        }
        // Exclusive creation: a path claimed twice fails here rather than keeping whichever write came last.
        let failed: { error: unknown; file: string } | undefined;
        for (const file of targets) {
          await this.writeOne(file.full, file.contents, { flag: "wx" }).catch(
            (error) => (failed = { error, file: file.path }),
          );
          if (failed) break;
        }
        if (failed) this.fail(failed.error, failed.file);
      } catch (error) {
        await discard();
        throw error;
      }
    };
    const commit = async () => {
      if (state !== "open") throw new Error("Committing a staging folder that is already closed");
      state = "committed";
      try {
        await this.writeOne(path.join(staging, outputMarker), outputMarkerText, { flag: "wx" }).catch(async (error) => {
          await rm(staging, { recursive: true, force: true });
          return this.fail(error, outputMarker);
        });
        const unlock = await this.lock(parent, name, guard).catch(async (error) => {
          await rm(staging, { recursive: true, force: true });
          throw error;
        });
        try {
          // Once more under the lock, where no other build swaps: the folder may have changed hands since open().
          await checkOutDir(this.root, this.outDir).catch(async (error) => {
            await rm(staging, { recursive: true, force: true });
            throw error;
          });
          guard.swapping();
          await this.swap(staging, parent, name);
        } finally {
          await unlock();
        }
      } finally {
        guard.settle();
      }
    };
    return { add, commit, abort: discard };
  }

  /** Writes `files` as the whole output, all or nothing. */
  write(files: readonly OutputFile[]): Promise<void> {
    return writeAll(this, files);
  }

  /** Puts the staging folder where the output folder was; the old one is deleted only once the new one is in place. */
  private async swap(staging: string, parent: string, name: string) {
    const previous = await mkdtemp(path.join(parent, `${name}.previous-`)).catch(async (error) => {
      await rm(staging, { recursive: true, force: true });
      return this.fail(error);
    });
    // Renaming onto the empty folder just made replaces it: nothing of anyone else's is in the way.
    const hadOutput = await rename(this.outDir, previous).then(
      () => true,
      async (error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return (await rmdir(previous), false);
        await rm(staging, { recursive: true, force: true });
        await rmdir(previous);
        return this.fail(error);
      },
    );
    try {
      await rename(staging, this.outDir);
    } catch (error) {
      if (hadOutput) await rename(previous, this.outDir);
      await rm(staging, { recursive: true, force: true });
      return this.fail(error);
    }
    // At once, on the main thread: the build has nothing else to do, and through the thread pool removing the
    // last site of 1,056 files took 187–212 ms of CPU against 88–98 ms (tmpfs, three runs each).
    if (hadOutput) rmSync(previous, { recursive: true, force: true });
  }

  /**
   * Two builds into one folder (`watch` beside a manual build, two CI steps) take turns at the swap: each
   * holds `<name>.staging-lock` beside the output folder while it renames, so the output folder is always
   * one build's whole site. A lock left by a build that died is taken over; one held for a minute is
   * reported in one line.
   */
  private async lock(parent: string, name: string, guard: StagingGuard): Promise<() => Promise<void>> {
    const file = path.join(parent, `${name}.staging-lock`);
    const deadline = Date.now() + 60_000;
    for (;;) {
      // Made synchronously, in the turn that tells the guard: a signal, which Node hands to its listener only
      // between two turns, finds the lock either not made or known, and never leaves it behind.
      let taken: boolean;
      try {
        writeFileSync(file, `${process.pid}\n`, { flag: "wx" });
        taken = true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") this.fail(error);
        taken = false;
      }
      if (taken) {
        guard.holding(file);
        return async () => {
          await rm(file, { force: true });
          guard.holding(undefined);
        };
      }
      // Only a plain file is a lock: a folder or a link of that name is someone's, and is never read or removed.
      const entry = await lstat(file).catch(() => undefined);
      if (entry && !entry.isFile())
        throw new UsageError(
          `--out ${displayPath(this.outDir)}: ${displayPath(file)} is in the way of the build's lock`,
          {
            hint: `It is not ranch-site's lock file: move it away, or build into another folder.`,
          },
        );
      const holder = Number.parseInt(await readFile(file, "utf8").catch(() => ""), 10);
      if (holder > 0 && !running(holder)) {
        await rm(file, { force: true });
        continue;
      }
      if (Date.now() > deadline)
        throw new UsageError(
          `--out ${displayPath(this.outDir)}: another build is writing there${holder > 0 ? ` (process ${holder})` : ""}`,
          { hint: `Wait for it to finish and build again; if no build is running, delete ${displayPath(file)}.` },
        );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** A file system failure as one line that names the folder (and the file being written) and what to do. */
  private fail(error: unknown, file?: string): never {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (!code || !(code in reasons)) throw error;
    const [reason, hint] = reasons[code]!;
    const writing = file ? ` while writing ${file}` : "";
    throw new UsageError(`--out ${displayPath(this.outDir)}: ${reason}${writing} (${code})`, { hint, cause: error });
  }
}

const unwritable: [string, string] = [
  "the build may not write here (permission denied)",
  "Choose a folder you may write to, or fix its permissions; the previous site is unchanged.",
];

/** Errno codes a user can do something about. */
const reasons: Record<string, [string, string]> = {
  ENOSPC: ["the disk is full", "Free some space and build again; the previous site is unchanged."],
  EDQUOT: ["the disk quota is used up", "Free some space and build again; the previous site is unchanged."],
  EACCES: unwritable,
  EPERM: unwritable,
  EROFS: ["the file system is read-only", "Build into a folder on a writable disk."],
  EBUSY: ["the folder is in use (perhaps a mount point)", "Build into a folder inside it, or close what uses it."],
  EXDEV: ["the folder is on another disk than its parent", "Build into a folder inside it."],
  ENOTDIR: ["a part of the path is a file, not a folder", "Give a path made of folders."],
  EIO: ["the disk reported an input/output error", "Check the disk, then build again."],
  ENOENT: ["no folder can be made there", "Build into a folder on a disk you may write to."],
};

/**
 * A new, empty staging folder named `prefix` and a random tail, guarded against Ctrl-C from its first moment.
 * Made by a plain mkdir, so it gets the mode every folder of the user gets (0777 less the umask): the staging
 * folder becomes the output folder, which a web server's own user must be able to read (mkdtemp's 0700 would
 * travel with it). The guard is set first and the folder made synchronously after it, so a signal, which
 * Node hands to its listener only between two turns of the event loop, finds the folder either not made yet
 * or made and known.
 */
function newStaging(prefix: string): { folder: string; guard: StagingGuard } {
  for (;;) {
    const folder = prefix + randomBytes(4).toString("hex");
    let made = false;
    const guard = guardStaging(folder, () => made);
    try {
      mkdirSync(folder);
      made = true;
      return { folder, guard };
    } catch (error) {
      guard.settle();
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}

/** Whether a process of this id runs (or runs as another user). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The absolute path of an output file; a path that leaves the folder is a bug upstream (routes and claims refuse it). */
function inside(folder: string, file: string): string {
  const full = path.resolve(folder, file);
  if (path.relative(folder, full).startsWith("..") || path.isAbsolute(file) || full === folder)
    throw new Error(`Refusing to write ${JSON.stringify(file)} outside the output folder`);
  return full;
}
