/**
 * Issue 21 item 5: a cache folder that refuses writes, and content files that refuse reads, for any user. The
 * machine that runs the tests may be root, whom `chmod` does not stop: there the cache folder is made immutable
 * (`chattr +i`, which stops root too, with EPERM), and the unreadable file is read by the bin run as `nobody`.
 * A cache only saves time: one warning line and a build without it. An unreadable content file is one located
 * error, exit 1, and nothing changed.
 */
import { execFile } from "node:child_process";
import { chmod, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it, onTestFinished } from "vitest";
import { projectRoot } from "../support/site.ts";
import { caseFolders, snapshotTree } from "./support.ts";

const run = promisify(execFile);
const root = process.getuid?.() === 0;

/** Runs the bin, as `nobody` when the tests run as root (so that file permissions apply); stderr with <root>. */
async function bin(args: string[], folders: { root: string }, asNobody = false) {
  const command = [process.execPath, path.join(projectRoot, "bin/ranch-site.js"), ...args];
  const [file, ...rest] = asNobody
    ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", ...command]
    : command;
  const result = await run(file!, rest, { cwd: projectRoot }).then(
    ({ stderr }) => ({ code: 0, stderr }),
    (error: { code?: number; stderr?: string }) => ({
      code: typeof error.code === "number" ? error.code : 1,
      stderr: error.stderr ?? "",
    }),
  );
  return { code: result.code, stderr: result.stderr.trimEnd().replaceAll(folders.root, "<root>") };
}

/** Makes `dir` and the folders in it refuse new files, for root too; returns the undo. */
async function refuseWrites(dir: string): Promise<() => Promise<void>> {
  const folders = [
    dir,
    ...(await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(entry.parentPath, entry.name)),
  ];
  if (root) {
    await run("chattr", ["+i", ...folders]);
    return async () => void (await run("chattr", ["-i", ...folders]));
  }
  await Promise.all(folders.map((folder) => chmod(folder, 0o500)));
  return async () => void (await Promise.all(folders.map((folder) => chmod(folder, 0o700))));
}

describe("a cache folder that refuses writes", () => {
  it("gives one warning line, and the build goes on without the cache", async () => {
    const folders = await caseFolders();
    onTestFinished(() => rm(folders.base, { recursive: true, force: true }));
    const cache = path.join(folders.root, "node_modules/.cache/ranch-site");
    // Templates changed since the cache was filled: the build must compile them, and write them somewhere.
    const undo = await refuseWrites(cache);
    onTestFinished(undo);
    const before = await snapshotTree(cache);
    const { code, stderr } = await bin(
      ["build", "--root", folders.root, "--out", path.join(folders.root, "dist"), "--no-cache"],
      folders,
    );
    const again = await bin(["build", "--root", folders.root, "--out", path.join(folders.root, "dist")], folders);
    expect({ code, stderr }).toEqual({
      code: 0,
      stderr: `warning: <root>/node_modules/.cache/ranch-site: the cache folder cannot be written (${root ? "EPERM" : "EACCES"}); the build goes on without it. Make it writable, or delete it if it is a file.`,
    });
    expect(again.code).toBe(0);
    expect(again.stderr.split("\n")).toHaveLength(1);
    expect(await snapshotTree(cache)).toEqual(before);
    expect(await readFile(path.join(folders.root, "dist/de/index.html"), "utf8")).toMatch(/^<!doctype html>/);
  });
});

describe("a content file that refuses reads", () => {
  it.for(["content/pages/imprint.de.md", "content/i18n/de.yaml", "content/site.yaml"])(
    "%s: one located line, exit 1, dist/ untouched",
    async (file) => {
      const folders = await caseFolders();
      onTestFinished(() => rm(folders.base, { recursive: true, force: true }));
      if (root) {
        // `nobody` may read the project but not this file, and may write nothing.
        await run("chmod", ["-R", "a+rX", folders.base]);
      }
      await chmod(path.join(folders.root, file), 0o000);
      const before = await snapshotTree(folders.base);
      const { code, stderr } = await bin(
        ["build", "--root", folders.root, "--out", path.join(folders.root, "dist")],
        folders,
        root,
      );
      expect(code).toBe(1);
      expect(stderr).toBe(
        `${file}:1:1: The file cannot be read (permission denied)\n` +
          `  hint: Make ${file} readable for the user who runs the build (chmod u+r).\n` +
          "1 content error: nothing was written.",
      );
      expect(await snapshotTree(folders.base)).toEqual(before);
    },
  );
});
