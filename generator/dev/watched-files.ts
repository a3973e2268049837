/**
 * The files `watch` watches: content/, templates/ and public/, less what it must not react to: the
 * build's own output (a build that writes into a watched folder must not trigger itself), and the
 * hidden files no build reads, among them the temp files of every atomic save.
 */
import path from "node:path";
import { watch as watchFiles, type FSWatcher } from "chokidar";
import { defaults, type SiteConfig } from "../config.ts";
import { isHidden } from "../io/walk.ts";

/** Where the watcher reports: each file that changed (relative to the project, with `/`), and lines for the terminal. */
export interface WatchedFilesOptions {
  /** Poll the file system instead of using events. */
  poll: boolean;
  /** `removed`: the event is the file's deletion (`unlink`, `unlinkDir`). */
  saw: (file: string, removed: boolean) => void;
  log: (line: string) => void;
}

/** Watches the project's source folders; resolves once the watcher has seen every file that is there now. */
export async function watchSources(config: SiteConfig, { poll, saw, log }: WatchedFilesOptions): Promise<FSWatcher> {
  const folders = Object.values(defaults.folders).map((folder) => path.join(config.root, folder));
  const watcher = watchFiles(folders, {
    ignoreInitial: true,
    usePolling: poll,
    interval: 100,
    // A symlink loop in a watched folder would be followed dozens of levels deep.
    followSymlinks: false,
    ignored: (file) => isBuildOutput(config.outDir, file) || isUnread(config.root, file),
  });
  const reported = new Set<string>();
  watcher.on("error", (failure) => {
    const line = `Cannot watch a file: ${failure instanceof Error ? failure.message : String(failure)}; watching the rest.`;
    if (reported.has(line) || reported.size >= 20) return;
    reported.add(line);
    log(line);
  });
  watcher.on("all", (event, file) =>
    saw(path.relative(config.root, file).split(path.sep).join("/"), event === "unlink" || event === "unlinkDir"),
  );
  await new Promise<void>((resolve) => watcher.once("ready", () => resolve()));
  return watcher;
}

/**
 * The output folder and the writer's staging and previous folders beside it (`dist.staging-<pid>`,
 * `dist.previous-<pid>`): a build that writes into a watched folder must not trigger itself.
 */
export function isBuildOutput(outDir: string, file: string): boolean {
  const relative = path.relative(path.dirname(outDir), path.resolve(file));
  if (relative.startsWith("..") || path.isAbsolute(relative)) return false;
  const first = relative.split(path.sep)[0]!;
  const name = path.basename(outDir);
  return first === name || first.startsWith(`${name}.staging-`) || first.startsWith(`${name}.previous-`);
}

/**
 * A file or folder with a hidden name (io/walk.ts `isHidden`: the one rule of what the build lists), which no
 * build reads: the temp files of ranch-site's own atomic writes (`content/.translations.lock.yaml.<pid>.<hex>.tmp`,
 * io/atomic.ts) and of the web editor's saves (`content/pages/.about-me.de.md.<hex>.saving`, editor/safe-paths.ts),
 * editors' swap files, `.DS_Store`. Each would cost a rebuild that changes nothing (two per editor save: the temp
 * file's appearance, then its rename away); the rename onto the real name is seen as that file's change. A page
 * named only dots (`..en.md`) is no hidden name: the loader reads it, to refuse it at its place.
 */
export function isUnread(root: string, file: string): boolean {
  const segments = path.relative(root, path.resolve(file)).split(path.sep);
  if (segments[0] === ".." || path.isAbsolute(segments[0]!)) return false;
  return segments.some(isHidden);
}
