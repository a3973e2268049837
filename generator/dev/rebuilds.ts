/**
 * When `watch` rebuilds, and which rebuilds it shows. A save starts a rebuild after a short debounce;
 * rebuilds never overlap, and saves during one cause exactly one more. A rebuild whose saved files changed
 * while it read them (an editor still writing) is done again at once and never shown; a failure waits out
 * chokidar's atomic-save window first, since an editor saving in steps may be half way through. Once no
 * rebuild has followed for a moment, the project's cache is written.
 */
import type { BuildReport } from "../build.ts";
import { defaults } from "../config.ts";
import { SavedFiles } from "./saves.ts";

/** What one rebuild gave: the build's report, or what it threw. */
export type Outcome = { report: BuildReport } | { failure: unknown };

/** One rebuild that stands: what it was about, and when it began. */
export interface Rebuild {
  /** The status line's name for it: the last file saved (not a removal, if anything else was), or "initial build". */
  reason: string;
  /** The saved files it read (relative to the project, with `/`). */
  files: readonly string[];
  /** `performance.now()` as it began. */
  started: number;
}

/** What a rebuild does, and what is done with its outcome. */
export interface RebuildSteps {
  /** Builds the site once, after saves of `files`. */
  build(files: readonly string[]): Promise<Outcome>;
  /** Shows the outcome of a rebuild that stands (no later save makes it moot): in the terminal, to the tabs. */
  show(outcome: Outcome, rebuild: Rebuild): void;
  /** Called once no rebuild has followed the last one for a moment: write what can wait (the project's cache). */
  idle(): void;
}

/** With polling, the events of one save can arrive a poll apart: wait for them as one change. */
const pollDebounceMs = 75;
/** How long chokidar holds back a deletion in case the file comes back (its `atomic` option). */
const atomicSaveMs = 100;
/** How long after a rebuild `idle` waits: longer than between two saves in a row. */
const idleAfterMs = 1000;
const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

export class Rebuilds {
  readonly #steps: RebuildSteps;
  readonly #saves: SavedFiles;
  readonly #debounceMs: number;
  #debounce: NodeJS.Timeout | undefined;
  #idle: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  /** The reason of a rebuild asked for while one ran: it runs next. */
  #pending: string | undefined;
  /** What the next rebuild is named after, and the files whose last event was their removal. */
  #reason: string | undefined;
  readonly #removed = new Set<string>();
  #stopped = false;

  constructor(root: string, poll: boolean, steps: RebuildSteps) {
    this.#steps = steps;
    this.#debounceMs = poll ? Math.max(defaults.debounceMs, pollDebounceMs) : defaults.debounceMs;
    this.#saves = new SavedFiles(root, (file) => {
      this.#reason = this.#named(this.#reason, file);
      clearTimeout(this.#debounce);
      this.#debounce = setTimeout(() => {
        const reason = this.#reason ?? file;
        this.#reason = undefined;
        this.#schedule(reason);
      }, this.#debounceMs);
    });
  }

  /** A watcher's event for `file` (relative to the project, with `/`); `removed` if it was the file's deletion. */
  saw(file: string, removed = false) {
    // A file that comes back is a save again.
    if (removed) this.#removed.add(file);
    else this.#removed.delete(file);
    this.#saves.saw(file);
  }

  /**
   * The name of a rebuild that was to be named `current` when `file` is saved too: the last file saved, but a
   * removal does not take the name from a save. A temp file renamed onto its target is reported gone 100 ms late
   * (chokidar's `atomic` window), after saves that came later, and "de.yaml.tmp: rebuilt" would hide the save the
   * rebuild was for.
   */
  #named(current: string | undefined, file: string): string {
    return current !== undefined && this.#removed.has(file) && !this.#removed.has(current) ? current : file;
  }

  /** Whether a rebuild runs or saves wait for one: work that can wait yields. */
  get busy(): boolean {
    return this.#running !== undefined || this.#saves.waiting;
  }

  /** The first build, before any save. */
  async first(): Promise<void> {
    await this.#rebuild("initial build", []);
    this.#whenIdle();
  }

  /** No rebuild after this one: resolves once the running one is done. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#debounce);
    this.#saves.close();
    await this.#running;
    clearTimeout(this.#idle);
  }

  /** Runs one rebuild at a time; saves during a rebuild cause exactly one more, named after the last file saved. */
  #schedule(reason: string) {
    if (this.#stopped) return;
    if (this.#running) {
      this.#pending = this.#named(this.#pending, reason);
      return;
    }
    const files = this.#saves.take();
    clearTimeout(this.#idle);
    // Only names that may still be weighed against a save are kept (an editor's temp files, each with a name of
    // its own, would otherwise pile up for as long as watch runs): a rebuild's names, and files still to be
    // looked at again, which may yet be reported (a removal forgotten then would name the rebuild after it).
    const named = [reason, this.#reason, this.#pending];
    for (const file of this.#removed)
      if (!named.includes(file) && !this.#saves.looking(file)) this.#removed.delete(file);
    this.#running = this.#rebuild(reason, files).finally(() => {
      this.#running = undefined;
      const next = this.#pending;
      this.#pending = undefined;
      if (next) this.#schedule(next);
      else this.#whenIdle();
    });
  }

  async #rebuild(reason: string, files: readonly string[]) {
    const started = performance.now();
    const unchanged = await this.#saves.before(files);
    const outcome = await this.#steps.build(files);
    // A saved file changed while the build read it (an editor still writing): build again at once,
    // and say nothing of this build. A failure that newer saves may already mend waits for them too.
    if (!(await unchanged())) {
      this.#saves.requeue(files);
      this.#pending = this.#named(reason, this.#pending ?? reason);
      return;
    }
    // A failure is shown only once no further save follows within chokidar's atomic-save window: an
    // editor saving in steps (vim moves the file away, writes it anew) may be half way through.
    if ("failure" in outcome && !this.#saves.waiting && !this.#pending) await pause(atomicSaveMs);
    if ("failure" in outcome && (this.#saves.waiting || this.#pending)) {
      this.#saves.requeue(files);
      // The rebuild that follows keeps this one's name unless a later save takes it (a late removal does not).
      if (this.#pending !== undefined) this.#pending = this.#named(reason, this.#pending);
      else this.#reason = this.#named(reason, this.#reason ?? reason);
      return;
    }
    this.#steps.show(outcome, { reason, files, started });
  }

  #whenIdle() {
    if (!this.#stopped) this.#idle = setTimeout(() => this.#steps.idle(), idleAfterMs);
  }
}
