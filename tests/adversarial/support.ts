/**
 * The adversarial suite's harness: each case gets its own copy of a built project inside a case
 * folder, breaks it, runs `check` or `build` (in-process, or through the real bin), and proves that
 * nothing changed on disk: every file, folder and link of the case folder (the project, its dist/
 * and any sibling) is hashed before and after.
 */
import { execFile } from "node:child_process";
import { lstat, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import {
  build,
  check,
  DiskWriter,
  formatError,
  isUserError,
  resolveConfig,
  type ConfigInput,
} from "../../generator/index.ts";
import { copyProject, runCli } from "../support/project.ts";
import { describeTree } from "../support/tree.ts";

/** The folders of one case: the project copy and the folder around it. */
export interface CaseFolders {
  root: string;
  base: string;
}

/** One hostile input and what ranch-site must answer. */
export interface AdversarialCase {
  name: string;
  /** The class of issue 9 it belongs to; 10: the hosts of the README (issue 21). */
  class: 1 | 2 | 3 | 4 | 6 | 7 | 8 | 9 | 10;
  /** What to break in the copy. */
  setup?: (folders: CaseFolders) => Promise<void>;
  /** `check` (default) or `build`, in-process. */
  command?: "check" | "build";
  /** Flags for the in-process run. */
  config?: (folders: CaseFolders) => ConfigInput;
  /** Run through the real bin with these arguments instead. */
  bin?: (folders: CaseFolders) => string[];
  /** A file write for the DiskWriter (a full disk, a folder that refuses writes). */
  writeFile?: typeof writeFile;
  exit: 0 | 1;
  /** The exact first line of stderr, with <root> and <base> for the case's folders. */
  first?: string;
  /** Entries of the case folder a successful run may change (such as `project/dist/`); everything else must not. */
  changes?: RegExp;
  /** Further checks on the case folder after the run. */
  after?: (folders: CaseFolders) => Promise<void>;
  /** Why the case cannot run on this machine (a tool it needs is not installed): it is listed as skipped. */
  skip?: string;
}

const run = promisify(execFile);
let template: Promise<string> | undefined;

/** A copy of the project with a good build in dist/ (and the template cache folder), made once per run. */
function builtProject(): Promise<string> {
  template ??= (async () => {
    const root = await copyProject();
    await build(resolveConfig({ root, outDir: path.join(root, "dist") }));
    return root;
  })();
  return template;
}

/** A fresh case folder holding a copy of the built project. */
export async function caseFolders(): Promise<CaseFolders> {
  const base = await mkdtemp(path.join(process.platform === "linux" ? "/dev/shm" : os.tmpdir(), "ranch-adversarial-"));
  const root = path.join(base, "project");
  // The system's cp: node's fs.cp spends 85 ms of CPU on the 440 entries, 93 times a run.
  await run("cp", ["-a", await builtProject(), root]);
  return { root, base };
}

/** Runs a case; stderr as a terminal would show it, with the case folders written as <root> and <base>. */
export async function runCase(spec: AdversarialCase, folders: CaseFolders): Promise<{ code: number; stderr: string }> {
  const shown = (text: string) => text.replaceAll(folders.root, "<root>").replaceAll(folders.base, "<base>");
  if (spec.bin) {
    const result = await runCli(spec.bin(folders));
    return { code: result.code, stderr: shown(result.stderr.trimEnd()) };
  }
  try {
    const config = resolveConfig({
      root: folders.root,
      outDir: path.join(folders.root, "dist"),
      ...spec.config?.(folders),
    });
    if ((spec.command ?? "check") === "check") await check(config);
    else await build(config, new DiskWriter(config.outDir, { root: config.root, writeFile: spec.writeFile }));
    return { code: 0, stderr: "" };
  } catch (error) {
    // Anything but a user error prints its stack, as the bin does: the test then fails on it.
    return { code: isUserError(error) ? 1 : 70, stderr: shown(formatError(error)) };
  }
}

/**
 * Every entry under the case folder (see describeTree), a file as its inode, size, mode and change time. Any write to a file, in place or by replacing it, gives it
 * a new change time (ctime), which no process can set back; so two equal snapshots mean nothing was added,
 * removed or changed, as equal content hashes would, for a tenth of the cost (a case folder holds 8 MB).
 */
export const snapshotTree = (dir: string) =>
  describeTree(dir, async (full) => {
    const { ino, size, mode, ctimeNs } = await lstat(full, { bigint: true });
    return `file ${ino} ${size} bytes, mode ${mode.toString(8)}, changed ${ctimeNs}`;
  });

/** Helpers that say what a case breaks. */
export const edit =
  (file: string, find: string, replacement: string) =>
  async ({ root }: CaseFolders) => {
    const full = path.join(root, file);
    const text = await readFile(full, "utf8");
    if (!text.includes(find)) throw new Error(`${file} does not contain ${JSON.stringify(find)}`);
    await writeFile(
      full,
      text.replace(find, () => replacement),
    );
  };

export const put =
  (file: string, contents: string | Uint8Array) =>
  async ({ root }: CaseFolders) => {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), contents);
  };

export const remove =
  (file: string) =>
  async ({ root }: CaseFolders) => {
    await rm(path.join(root, file), { recursive: true });
  };

export const link =
  (target: string, file: string) =>
  async ({ root }: CaseFolders) => {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await symlink(target, path.join(root, file));
  };

export const folder =
  (file: string) =>
  async ({ root }: CaseFolders) => {
    await mkdir(path.join(root, file), { recursive: true });
  };

/** Several setups in order. */
export const all =
  (...steps: ((folders: CaseFolders) => Promise<void>)[]) =>
  async (folders: CaseFolders) => {
    for (const step of steps) await step(folders);
  };

/** A failing file write, as a full disk or a folder that refuses writes answers after `after` good writes. */
export function failingWrite(code: string, after = 3): typeof writeFile {
  let writes = 0;
  return (async (...args: Parameters<typeof writeFile>) => {
    if (++writes > after) throw Object.assign(new Error(`${code}: simulated`), { code });
    return writeFile(...args);
  }) as typeof writeFile;
}

/** Whether a path exists (a link counts, even a dangling one). */
export const exists = (file: string) =>
  lstat(file).then(
    () => true,
    () => false,
  );
