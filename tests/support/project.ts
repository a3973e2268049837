import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { inject } from "vitest";
import { cacheDir } from "../../generator/cache/folder.ts";
import { defaults } from "../../generator/index.ts";
import { projectRoot } from "./site.ts";

/**
 * A copy of the project's content/, templates/, public/ and model/ in a temp folder, for tests that break things.
 * Its cache folder starts as the run's shared build left the project's (tests/support/shared-site.ts),
 * as an editor's checkout has one: a check then renders only what changed, in a fifth of the time.
 * Tests of the caches themselves ask for `{ cache: "empty" }`, and so get a first build's.
 */
export async function copyProject({ cache = "warm" }: { cache?: "warm" | "empty" } = {}): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), "ranch-project-"));
  const warm = cache === "warm" ? inject("projectCache") : undefined;
  // The system's cp, two processes for the whole copy: node's fs.cp spends a tenth of a second of CPU on the
  // cache's 300 files, and copies of the project are made a hundred times a run.
  // model/ too: the templates import the shared rules (model/booking.ts) as well as the types.
  const sources = [...Object.values(defaults.folders), "model"].map((folder) => path.join(projectRoot, folder));
  await Promise.all([
    cp(["-R", ...sources, root]),
    warm
      ? mkdir(path.dirname(cacheDir(root)), { recursive: true }).then(() => cp(["-R", warm, cacheDir(root)]))
      : undefined,
  ]);
  return root;
}

const cp = (args: string[]) => promisify(execFile)("cp", args);

/** Replaces the first occurrence of `find` in a project file; fails loudly if it is not there. */
export async function editFile(root: string, file: string, find: string, replacement: string): Promise<void> {
  const full = path.join(root, file);
  const text = await readFile(full, "utf8");
  if (!text.includes(find)) throw new Error(`${file} does not contain ${JSON.stringify(find)}`);
  await writeFile(
    full,
    text.replace(find, () => replacement),
  );
}

/**
 * Makes the contact page's template throw while it renders the German page ("Kein Formular"), as a
 * template bug would late in a build; resolves with the undo.
 */
export async function breakGermanContact(root: string): Promise<() => Promise<void>> {
  const marker = '  return (\n    <Layout {...props} title={t("meta.contact.title")}';
  const broken = `  if (props.locale === "de") throw new Error("Kein Formular");\n${marker}`;
  await editFile(root, "templates/pages/Contact.tsx", marker, broken);
  return () => editFile(root, "templates/pages/Contact.tsx", broken, marker);
}

export const removeFile = (root: string, file: string) => rm(path.join(root, file));

/** Runs the real bin (with `env` added to the test's environment); resolves with exit code and output, never rejects. */
export function runCli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(projectRoot, "bin/ranch-site.js"), ...args],
      { cwd: projectRoot, env: { ...process.env, ...env } },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}
