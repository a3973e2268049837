/**
 * A symbolic link in place of the project's cache folder (node_modules/.cache/ranch-site) is refused in
 * one line before the build reads or writes anything in it: nothing lands where the link points.
 */
import { mkdir, mkdtemp, readdir, rm, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheDir } from "../../generator/cache/folder.ts";
import { build } from "../../generator/build.ts";
import { resolveConfig } from "../../generator/config.ts";
import { copyProject } from "../support/project.ts";

let root: string;
let elsewhere: string;
beforeAll(async () => {
  root = await copyProject({ cache: "empty" });
  elsewhere = await mkdtemp(path.join(os.tmpdir(), "ranch-elsewhere-"));
  await mkdir(path.dirname(cacheDir(root)), { recursive: true });
  await symlink(elsewhere, cacheDir(root));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(elsewhere, { recursive: true, force: true });
});

describe("a link in place of the cache folder", () => {
  it("is refused before anything is written through it", async () => {
    const config = resolveConfig({ root, outDir: path.join(root, "dist") });
    await expect(build(config)).rejects.toThrow(`${cacheDir(root)}: ranch-site's cache folder is not a plain folder`);
    expect(await readdir(elsewhere)).toEqual([]);
    expect(await readdir(root)).not.toContain("dist");
  });
});
