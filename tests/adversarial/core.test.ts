/**
 * Issue 9, classes 1-4 and 6-9: hostile input to `check` and `build`. Each case asserts the exit
 * code, the exact first line, the whole stderr (snapshot: a cascade of follow-up errors fails it),
 * no stack, and that every file, folder and link of the case folder is unchanged: dist/, the
 * project around it and its siblings; so no staging, previous or cache file is left behind.
 * The server cases (class 5) live in their own file.
 */
import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { checkOutDir } from "../../generator/index.ts";
import { cases } from "./cases.ts";
import { hashTree } from "../support/tree.ts";
import { caseFolders, exists, runCase, snapshotTree } from "./support.ts";

const except = (tree: Record<string, string>, changes: RegExp | undefined) =>
  Object.fromEntries(Object.entries(tree).filter(([name]) => !changes?.test(name)));

/** A build that succeeds may fill the project's own cache (compressed files, images); a refused one may not. */
const projectCache = /(^|\/)node_modules\/\.cache\/ranch-site\//;
const allowedChanges = (spec: { exit: number; changes?: RegExp }) =>
  spec.exit === 0 ? new RegExp(`${spec.changes?.source ?? "(?!)"}|${projectCache.source}`) : spec.changes;

describe("hostile input: one located line, exit 1, nothing changed", () => {
  // The cases that serve a build with the hosts' own servers (class 10) start two of them: each took up to a minute to start on two busy cores.
  it.concurrent.for(cases.filter((spec) => !spec.skip))(
    "class $class: $name",
    { timeout: 600_000 },
    async (spec, { expect, onTestFinished }) => {
      const folders = await caseFolders();
      onTestFinished(() => rm(folders.base, { recursive: true, force: true }));
      await spec.setup?.(folders);
      // A refused run may write nothing at all, so its snapshot records each file's change time (any write, even of
      // the same bytes, fails it); a build that succeeds rewrites dist/ and is held to the same bytes instead.
      const snapshot = spec.exit === 0 ? hashTree : snapshotTree;
      const before = await snapshot(folders.base);
      const { code, stderr } = await runCase(spec, folders);
      const after = await snapshot(folders.base);

      expect({ code, first: stderr.split("\n")[0] }).toEqual({ code: spec.exit, first: spec.first ?? "" });
      expect(stderr).not.toMatch(/^\s+at |\bError: /m);
      expect(stderr).toMatchSnapshot();
      expect(except(after, allowedChanges(spec))).toEqual(except(before, allowedChanges(spec)));
      const leftovers = Object.keys(after).filter((name) =>
        /\.(staging|previous)-[A-Za-z0-9]{6}(\/|$)|\.mjs$/.test(name),
      );
      expect(leftovers).toEqual([]);
      await spec.after?.(folders);
    },
  );
  // A case whose tool is not installed (its `skip` says which) is listed as skipped, under the same name: vitest
  // then keeps its snapshot instead of reporting it obsolete on a machine without the tool.
  it.skip.for(cases.filter((spec) => spec.skip))("class $class: $name", () => {});
});

describe("the output-folder rules, read-only", () => {
  it("refuse a mount point (checked without building: nothing could be written even if the rule broke)", async () => {
    const { root, base } = await caseFolders();
    onTestFinished(() => rm(base, { recursive: true, force: true }));
    await expect(checkOutDir(root, "/proc")).rejects.toThrow(
      /^--out \/proc: this folder is a mount point, which the build cannot replace as a whole$/,
    );
  });

  it("accept an empty folder and a marked one, and nothing else", async () => {
    const { root, base } = await caseFolders();
    onTestFinished(() => rm(base, { recursive: true, force: true }));
    await expect(checkOutDir(root, path.join(root, "dist"))).resolves.toBeUndefined();
    await expect(checkOutDir(root, path.join(root, "new", "site"))).resolves.toBeUndefined();
    expect(await exists(path.join(root, "new"))).toBe(false);
    expect((await readdir(path.join(root, "dist"))).includes(".ranch-site-output")).toBe(true);
    expect(await readFile(path.join(root, "dist", ".ranch-site-output"), "utf8")).toMatch(
      /^This folder was written by ranch-site build/,
    );
  });
});
