/**
 * The files saved while `watch` runs, and the state each build read them in. It lets `watch` start a
 * rebuild a few milliseconds after a save and still never keep the result of a half-written file:
 *  - chokidar reports at most one change per file in 50 ms and drops the rest, so a save still being
 *    written when the build read it could go unheard. Each file is looked at again once that window
 *    has passed, and rebuilt when it is not what the last build read;
 *  - a file that changed while the build read it makes that build's outcome moot: `watch` builds
 *    again at once instead of showing an error that was only a save in progress.
 */
import { createHash } from "node:crypto";
import { lstat, readFile } from "node:fs/promises";
import path from "node:path";

/** How long chokidar drops further changes of a file after reporting one (its `_throttle('change', …, 50)`), plus a margin. */
const quietAfterChangeMs = 60;

export class SavedFiles {
  private readonly root: string;
  private readonly changed: (file: string) => void;
  private readonly queued = new Set<string>();
  /** Each saved file's state as the last build that read it found it. */
  private readonly read = new Map<string, string>();
  private readonly checks = new Map<string, NodeJS.Timeout>();

  /** `changed` is called for every save, and for a save found late: it should (debounced) rebuild. */
  constructor(root: string, changed: (file: string) => void) {
    this.root = root;
    this.changed = changed;
  }

  /** A watcher event for `file` (relative to the root, with `/`). */
  saw(file: string) {
    this.queued.add(file);
    this.changed(file);
    clearTimeout(this.checks.get(file));
    const look = setTimeout(async () => {
      try {
        if (this.queued.has(file)) return;
        const now = await this.state(file);
        if (now !== this.read.get(file) && !this.queued.has(file)) {
          this.queued.add(file);
          this.changed(file);
        }
      } finally {
        if (this.checks.get(file) === look) this.checks.delete(file);
      }
    }, quietAfterChangeMs);
    this.checks.set(file, look);
  }

  /** Whether `file` is still to be looked at again (so that it may yet be reported changed). */
  looking(file: string): boolean {
    return this.checks.has(file);
  }

  /** The files saved since the last call: what the next build is about. */
  take(): string[] {
    const files = [...this.queued];
    this.queued.clear();
    return files;
  }

  /** Puts files back for the next build (a build whose reading they spoiled). */
  requeue(files: readonly string[]) {
    for (const file of files) this.queued.add(file);
  }

  /** Whether saves are waiting for a build. */
  get waiting(): boolean {
    return this.queued.size > 0;
  }

  /** Notes the state of `files` as a build is about to read them; `unchanged()` compares after it. */
  async before(files: readonly string[]): Promise<() => Promise<boolean>> {
    const states = await Promise.all(files.map((file) => this.state(file)));
    files.forEach((file, index) => this.read.set(file, states[index]!));
    return async () => {
      const after = await Promise.all(files.map((file) => this.state(file)));
      return after.every((state, index) => state === states[index]);
    };
  }

  /** Stops the pending looks. */
  close() {
    for (const timer of this.checks.values()) clearTimeout(timer);
    this.checks.clear();
  }

  /**
   * Inode, size, modification and change times to the nanosecond, and a hash of the bytes: a write in progress
   * changes the size, an atomic save (a new file renamed over the old) the inode. The hash is for what the times
   * miss: kernels before Linux 6.13 stamp files with the clock tick (1 to 4 ms), so a save of the same length
   * within one tick of the last (an editor toggling a word, a script writing 200 times) left every field as it
   * was, and with chokidar's dropped events the build kept what it read half way.
   */
  private state(file: string): Promise<string> {
    const full = path.join(this.root, file);
    return lstat(full, { bigint: true }).then(
      async (entry) => {
        const bytes = entry.isFile() ? await readFile(full).catch(() => undefined) : undefined;
        const hash = bytes ? createHash("sha1").update(bytes).digest("base64url") : "";
        return `${entry.ino}:${entry.size}:${entry.mtimeNs}:${entry.ctimeNs}:${hash}`;
      },
      () => "gone",
    );
  }
}
