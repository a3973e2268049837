/**
 * Ctrl-C in the middle of a build: the process ends as interrupted, the last site stays as it was,
 * and no staging folder is left beside it (generator/write/interrupt.ts).
 */
import { spawn } from "node:child_process";
import { readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyProject, runCli } from "../support/project.ts";
import { projectRoot } from "../support/site.ts";
import { hashTree } from "../support/tree.ts";
import { address } from "../support/addresses.ts";

/** Enough pages that the build spends a few seconds between opening its staging folder and swapping it in. */
const extraPages = 400;

let root: string;
beforeAll(async () => {
  root = await copyProject();
  const page = (index: number, locale: string) => {
    const paragraph = `A paragraph with *emphasis* and a [link](${address("contact", locale)}).\n\n`;
    const front = `title: Long read ${index}\ndescription: Page ${index} of a long series, for a build that takes a while.\nlead: Page ${index}.`;
    return `---\n${front}\n---\n${paragraph.repeat(20)}`;
  };
  await Promise.all(
    Array.from({ length: extraPages }, (_, index) =>
      ["en", "de"].map((locale) =>
        writeFile(path.join(root, "content/pages", `long-read-${index}.${locale}.md`), page(index, locale)),
      ),
    ).flat(),
  );
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("an interrupted build", () => {
  it("ends as interrupted, keeps the last site and leaves no staging folder", { timeout: 120_000 }, async () => {
    const out = path.join(root, "dist");
    const first = await runCli(["build", "--root", root, "--out", out, "--no-cache"]);
    expect(first.code, first.stderr).toBe(0);
    const before = await hashTree(out);

    const child = spawn(
      process.execPath,
      [path.join(projectRoot, "bin/ranch-site.js"), "build", "--root", root, "--out", out, "--no-cache"],
      { stdio: "ignore" },
    );
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once("exit", (code, signal) => resolve({ code, signal })),
    );
    // Interrupt once the staging folder exists, as a maintainer's Ctrl-C would, mid-write.
    let sawStaging = false;
    while (!sawStaging && child.exitCode === null) {
      sawStaging = (await readdir(root)).some((name) => name.startsWith("dist.staging-"));
      if (!sawStaging) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(sawStaging, "the build ended before its staging folder was seen").toBe(true);
    child.kill("SIGINT");

    expect(await ended).toEqual({ code: null, signal: "SIGINT" });
    expect((await readdir(root)).filter((name) => /^dist\.(staging|previous)-/.test(name))).toEqual([]);
    expect(await hashTree(out)).toEqual(before);
  });
});
