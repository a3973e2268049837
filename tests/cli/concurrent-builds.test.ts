/**
 * Two builds into one output folder at once (`watch` beside a manual build, two CI steps), many times:
 * each pair ends with both builds done, or the second saying in one line that another build is writing
 * there; never a raw error or a stack; and the output folder is one whole site, with nothing of the
 * writers' own (staging folders, the lock) left beside it (generator/write/writer.ts).
 */
import { mkdir, readdir, rm, symlink } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyProject, runCli } from "../support/project.ts";
import { hashTree } from "../support/tree.ts";

const pairs = 30;

let root: string;
let out: string;
let site: Record<string, string>;
beforeAll(async () => {
  root = await copyProject();
  out = path.join(root, "dist");
  const first = await runCli(["build", "--root", root, "--out", out]);
  expect(first.code, first.stderr).toBe(0);
  site = await hashTree(out);
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** A build's outcome as a user reads it: done, or its first line. */
const outcome = ({ code, stderr }: { code: number; stderr: string }) =>
  code === 0 ? "built" : `exit ${code}: ${stderr.split("\n")[0]}${/\n\s+at /.test(stderr) ? " (with a stack)" : ""}`;

describe("two builds into one folder at once", () => {
  it(`leave one whole site and no raw error, ${pairs} times`, { timeout: 600_000 }, async () => {
    const seen = new Set<string>();
    for (let pair = 0; pair < pairs; pair++) {
      const runs = await Promise.all([0, 1].map(() => runCli(["build", "--root", root, "--out", out])));
      for (const run of runs) seen.add(outcome(run));
      expect(await hashTree(out)).toEqual(site);
      expect((await readdir(root)).filter((name) => name.startsWith("dist"))).toEqual(["dist"]);
    }
    // A build that waited too long may say so in one line; nothing else may end a build.
    expect([...seen].filter((line) => line !== "built" && !/: another build is writing there/.test(line))).toEqual([]);
  });
});

describe("the lock's name taken by something else", () => {
  it("a folder or a link named like the lock stops the build at once, in one line, and stays", async () => {
    const lock = path.join(root, "dist.staging-lock");
    for (const make of [() => mkdir(lock), () => symlink("/etc/hostname", lock)]) {
      await make();
      const run = await runCli(["build", "--root", root, "--out", out]);
      expect(run.code).toBe(1);
      expect(run.stderr.split("\n")[0]).toBe(`--out ${out}: ${lock} is in the way of the build's lock`);
      expect((await readdir(root)).filter((name) => name.startsWith("dist")).sort()).toEqual([
        "dist",
        "dist.staging-lock",
      ]);
      expect(await hashTree(out)).toEqual(site);
      await rm(lock, { recursive: true });
    }
  });
});
