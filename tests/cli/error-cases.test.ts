import { cp, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { copyProject, editFile, removeFile, runCli } from "../support/project.ts";
import { projectRoot } from "../support/site.ts";

/**
 * One folder per mistake an editor can make (tests/error-cases/<case>/): case.yaml says what to break
 * in a copy of the real project (edit/replace/with, delete) and the first error line `check` must
 * print; files/ holds whole broken files. UPDATE_ERROR_CASES=1 records the lines it sees.
 */
const casesDir = path.join(projectRoot, "tests/error-cases");
const cases = (await readdir(casesDir)).sort();

interface Case {
  edit?: string;
  replace?: string;
  with?: string;
  delete?: string[];
  expected: string;
  /** How many errors `check` reports, where one mistake must not echo into more. */
  count?: number;
}

describe("every editor mistake gives one located line and exit code 1", () => {
  it.concurrent.each(cases)("%s", async (name) => {
    const caseFile = path.join(casesDir, name, "case.yaml");
    const spec = parse(await readFile(caseFile, "utf8")) as Case;
    const root = await copyProject();
    await cp(path.join(casesDir, name, "files"), root, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
    if (spec.edit) await editFile(root, spec.edit, spec.replace!, spec.with!);
    for (const file of spec.delete ?? []) await removeFile(root, file);

    const { code, stdout, stderr } = await runCli(["check", "--root", root]);
    const lines = stderr.trim().split("\n");
    if (process.env["UPDATE_ERROR_CASES"]) {
      const text = await readFile(caseFile, "utf8");
      await writeFile(caseFile, text.replace(/^expected: .*$/m, `expected: ${JSON.stringify(lines[0])}`));
      return;
    }
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(lines[0]).toBe(spec.expected);
    expect(lines[1]).toMatch(/^ {2}hint: \S/);
    expect(stderr).not.toMatch(/^\s+at /m);
    // check writes nothing by design, so it never speaks of writing (build does).
    expect(lines.at(-1)).toMatch(/^\d+ content errors?\.$/);
    expect(stderr).not.toMatch(/written/);
    if (spec.count) expect(lines.at(-1)).toBe(`${spec.count} content ${spec.count === 1 ? "error" : "errors"}.`);
  });
});
