/**
 * On GitHub Actions, content problems speak the host's language: `check` prints each error and warning
 * as a workflow command that GitHub shows on the changed line, and appends the list to the job summary.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { annotation, escapeData, escapeProperty } from "../../generator/check/github-report.ts";
import { copyProject, editFile } from "../support/project.ts";
import { projectRoot } from "../support/site.ts";

/** Runs the real bin as GitHub's runner would, with GITHUB_ACTIONS and a job summary file. */
async function runOnGithub(args: string[]) {
  const summary = path.join(await mkdtemp(path.join(os.tmpdir(), "ranch-summary-")), "summary.md");
  const env = { ...process.env, GITHUB_ACTIONS: "true", GITHUB_STEP_SUMMARY: summary };
  const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    execFile(
      process.execPath,
      [path.join(projectRoot, "bin/ranch-site.js"), ...args],
      { env },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    ),
  );
  return { ...result, summary: await readFile(summary, "utf8").catch(() => "") };
}

/** The line of a dictionary's hero title, where the tests below change it: found, not counted by hand. */
async function heroTitleLine(file: string): Promise<number> {
  const lines = (await readFile(path.join(projectRoot, file), "utf8")).split("\n");
  return (
    lines.indexOf("hero:") + 1 + lines.slice(lines.indexOf("hero:")).findIndex((line) => line.startsWith("  title:"))
  );
}

describe("GitHub Actions annotations", () => {
  it("escape % CR LF in the message, and also : and , in properties, as GitHub specifies", () => {
    expect(escapeData("100% sure\r\nnext")).toBe("100%25 sure%0D%0Anext");
    expect(escapeProperty("a:b,c%")).toBe("a%3Ab%2Cc%25");
    expect(
      annotation("warning", { place: { file: "content/pages/a,b.de.md", line: 3, column: 1 }, reason: "R", hint: "H" }),
    ).toBe("::warning file=content/pages/a%2Cb.de.md,line=3,col=1,title=ranch-site warning::R%0Ahint: H");
  });

  it("check prints every content error as ::error with file, line and column, and lists them in the job summary", async () => {
    const root = await copyProject();
    await editFile(
      root,
      "content/i18n/de.yaml",
      "  title: Verkaufstraining, das bleibt",
      "  title Verkaufstraining, das bleibt",
    );
    await editFile(root, "content/site.yaml", "email: ", "email: not-an-address # ");
    const { code, stdout, stderr, summary } = await runOnGithub(["check", "--root", root]);
    const de = await heroTitleLine("content/i18n/de.yaml");
    expect(code).toBe(1);
    const annotations = stdout.trim().split("\n");
    expect(annotations).toEqual([
      expect.stringMatching(
        /^::error file=content\/site\.yaml,line=\d+,col=\d+,title=ranch-site content error::"contact\.email" is not a valid email address: "not-an-address"%0Ahint: /,
      ),
      `::error file=content/i18n/de.yaml,line=${de},col=3,title=ranch-site content error::YAML syntax error: The key "title" has no colon%0Ahint: Write a colon and a space after the key: title: Verkaufstraining, das bleibt`,
    ]);
    // The terminal lines are unchanged, on stderr.
    expect(stderr).toContain(`content/i18n/de.yaml:${de}:3: YAML syntax error: The key "title" has no colon`);
    expect(summary).toMatch(/^### ranch-site check: 2 errors, 0 warnings\n/);
    expect(summary).toContain("| | where | what happened | what to do |");
    expect(summary).toContain(
      `| error | \`content/i18n/de.yaml:${de}:3\` | YAML syntax error: The key "title" has no colon | Write a colon and a space after the key: title: Verkaufstraining, das bleibt |`,
    );
  });

  it("check prints warnings as ::warning and still passes", async () => {
    const root = await copyProject();
    await editFile(
      root,
      "content/i18n/en.yaml",
      "  title: Professional Sales Training",
      "  title: Hands-on Sales Training",
    );
    const { code, stdout, summary } = await runOnGithub(["check", "--root", root]);
    const [de, en] = [await heroTitleLine("content/i18n/de.yaml"), await heroTitleLine("content/i18n/en.yaml")];
    expect(code).toBe(0);
    expect(stdout).toContain(
      `::warning file=content/i18n/de.yaml,line=${de},col=3,title=ranch-site warning::"hero.title" may be out of date: the English text changed (content/i18n/en.yaml:${en}:3)%0Ahint: `,
    );
    expect(summary).toMatch(/^### ranch-site check: 0 errors, 1 warning\n/);
  });
});
