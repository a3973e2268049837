/**
 * What `ranch-site --version` prints: the package's version, and when it runs from a clone of its own
 * repository the commit too, `0.1.0 (7b86c03)`, with `modified` when the clone has changes not committed
 * (`0.1.0 (7b86c03, modified)`), so that a report names the code that ran. Without git, or installed into
 * another project (whose repository is not ours), it is the plain version.
 */
import { spawnSync } from "node:child_process";
import { realpathSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** The folder ranch-site's code runs from: the one whose node_modules holds its dependencies. */
export function codeRoot(): string {
  // From the sources and from the compiled CLI in node_modules/.cache alike (as editor/admin-bundle.ts finds it).
  const modules = path.resolve(createRequire(import.meta.url).resolve("yaml/package.json"), "../..");
  return path.dirname(modules);
}

/** `git` in `cwd`, its output trimmed; undefined when git is missing or fails. */
function git(cwd: string, ...args: string[]): string | undefined {
  const run = spawnSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 5000 });
  return run.status === 0 ? run.stdout.trim() : undefined;
}

/** The version line, with the commit when `root` is the top of a git clone. */
export function versionLine(version: string, root = codeRoot()): string {
  const top = git(root, "rev-parse", "--show-toplevel");
  if (!top || realpathSync(top) !== realpathSync(root)) return version;
  const commit = git(root, "rev-parse", "--short", "HEAD");
  if (!commit) return version;
  const changes = git(root, "status", "--porcelain", "--untracked-files=no");
  return `${version} (${commit}${changes ? ", modified" : ""})`;
}
