import { cp, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, it } from "vitest";
import { parse } from "yaml";
import { check, formatError, resolveConfig } from "../../generator/index.ts";
import { copyProject, editFile, removeFile, runCli } from "../support/project.ts";
import { projectRoot } from "../support/site.ts";

/**
 * One folder per mistake an editor can make (tests/error-cases/<case>/): case.yaml says what to break
 * in a copy of the real project (edit/replace/with, delete), files/ holds whole broken files, and
 * stderr.txt is everything `check` prints for it. The whole output is recorded, so one mistake that
 * cascades into follow-up errors fails its case. A deliberate change of wording records the new output:
 *   npx vitest run tests/cli/error-cases.test.ts -u
 * The cases run in-process through check() and formatError(), as bin/ does; a few also run the real
 * bin for its exit code and streams.
 */
const casesDir = path.join(projectRoot, "tests/error-cases");
const cases = (await readdir(casesDir)).sort();
const throughBin = ["site-syntax", "missing-key", "not-utf8", "key-deleted-from-english"];

interface Case {
  edit?: string;
  replace?: string;
  with?: string;
  delete?: string[];
  /** The folder the site is hosted under (`--base-path`), for mistakes that show only there. */
  basePath?: string;
  /** The first line, for a quick read of case.yaml; stderr.txt holds the whole output. */
  expected?: string;
}

/** A copy of the project with the case's mistake made in it. */
async function brokenProject(name: string): Promise<string> {
  const spec = parse(await readFile(path.join(casesDir, name, "case.yaml"), "utf8")) as Case;
  const root = await copyProject();
  await cp(path.join(casesDir, name, "files"), root, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
  });
  if (spec.edit) await editFile(root, spec.edit, spec.replace!, spec.with!);
  for (const file of spec.delete ?? []) await removeFile(root, file);
  return root;
}

/** What `ranch-site check` prints on stderr for this project. */
async function checkOutput(root: string, basePath?: string): Promise<string> {
  const error = await check(resolveConfig({ root, basePath })).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  // check writes nothing by design, so its count line never speaks of writing (build's does).
  return error === undefined ? "" : `${formatError(error, { writes: false })}\n`;
}

describe("every editor mistake gives located lines, and nothing else", () => {
  it.concurrent.for(cases)("%s", async (name, { expect }) => {
    const spec = parse(await readFile(path.join(casesDir, name, "case.yaml"), "utf8")) as Case;
    const stderr = await checkOutput(await brokenProject(name), spec.basePath);
    const lines = stderr.trimEnd().split("\n");
    await expect(stderr).toMatchFileSnapshot(path.join(casesDir, name, "stderr.txt"));
    if (spec.expected) expect(lines[0]).toBe(spec.expected);
    expect(lines[1]).toMatch(/^ {2}hint: \S/);
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(lines.at(-1)).toMatch(/^\d+ content errors?\.$/);
  });
});

describe("the real bin reports them with exit code 1, on stderr only", () => {
  it.concurrent.for(throughBin)("%s", async (name, { expect }) => {
    const root = await brokenProject(name);
    const { code, stdout, stderr } = await runCli(["check", "--root", root]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toBe(await checkOutput(root));
  });
});
