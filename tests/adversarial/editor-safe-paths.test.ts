/**
 * The editor's file rules on a real disk, links swapped in at the worst moment: between the check of
 * a folder and the opening of the file. Nothing is written, read or removed through a link.
 */
import { lstat, mkdir, mkdtemp, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { linksIn, readInside, Refused, removeInside, writeInside } from "../../generator/editor/safe-paths.ts";
import { hashTree } from "../support/tree.ts";

let root: string;
const maintainersCode = 'console.log("the maintainer\'s own code");\n';

beforeEach(async () => {
  const base = await mkdir("/dev/shm/ranch-editor", { recursive: true })
    .then(() => "/dev/shm/ranch-editor")
    .catch(() => os.tmpdir());
  root = await mkdtemp(path.join(base, "paths-"));
  await mkdir(path.join(root, "content/pages"), { recursive: true });
  await mkdir(path.join(root, "bin"));
  await writeFile(path.join(root, "content/pages/pricing.en.md"), "---\ntitle: Prices\n---\n");
  await writeFile(path.join(root, "bin/ranch-site.js"), maintainersCode);
});

afterEach(() => rm(root, { recursive: true, force: true }));

const bin = () => hashTree(path.join(root, "bin"));

describe("a link swapped in between the check and the write", () => {
  it("in place of the folder: nothing is written, not even an empty temp file", async () => {
    const before = await bin();
    const swap = async () => {
      await rename(path.join(root, "content/pages"), path.join(root, "content/pages-moved"));
      await symlink("../bin", path.join(root, "content/pages"));
    };
    await expect(writeInside(root, "content/pages/owned.en.md", "owned", { afterCheck: swap })).rejects.toThrow(
      /its folder changed while saving/,
    );
    expect(await bin()).toEqual(before);
    expect(await hashTree(path.join(root, "content/pages-moved"))).toEqual({
      "pricing.en.md": expect.any(String) as string,
    });
  });

  it("in place of the file: the link is replaced by the file, never written through", async () => {
    const swap = () => symlink("../../bin/ranch-site.js", path.join(root, "content/pages/owned.en.md"));
    await writeInside(root, "content/pages/owned.en.md", "saved", { afterCheck: swap });
    expect(await readFile(path.join(root, "bin/ranch-site.js"), "utf8")).toBe(maintainersCode);
    expect((await lstat(path.join(root, "content/pages/owned.en.md"))).isFile()).toBe(true);
    expect(await readFile(path.join(root, "content/pages/owned.en.md"), "utf8")).toBe("saved");
  });
});

describe("a link already there", () => {
  it("is refused as the target of a write, a read and a delete, and stays as it was", async () => {
    await symlink("../../bin/ranch-site.js", path.join(root, "content/pages/owned.en.md"));
    const before = await hashTree(root);
    const line =
      "content/pages/owned.en.md:1:1: This is a symbolic link; the web editor saves nothing while content/ or public/ holds one. Replace the link with a copy of what it points to, then save again.";
    await expect(writeInside(root, "content/pages/owned.en.md", "owned")).rejects.toThrow(line);
    await expect(readInside(root, "content/pages/owned.en.md")).rejects.toThrow(line);
    await expect(removeInside(root, "content/pages/owned.en.md")).rejects.toThrow(line);
    expect(await hashTree(root)).toEqual(before);
    expect(await linksIn(root)).toEqual(["content/pages/owned.en.md"]);
  });

  it("is refused on the way to the file, the top folder included", async () => {
    await symlink("../bin", path.join(root, "content/evil"));
    await expect(writeInside(root, "content/evil/evil.md", "owned")).rejects.toThrow(/^content\/evil:1:1: /);
    await mkdir(path.join(root, "public"));
    await symlink("../bin", path.join(root, "public/media"));
    await expect(writeInside(root, "public/media/owned.png", "owned")).rejects.toThrow(/^public\/media:1:1: /);
    expect(await linksIn(root)).toEqual(["content/evil", "public/media"]);
    expect(Object.keys(await bin())).toEqual(["ranch-site.js"]);
  });

  it("is refused when the project's content/ itself is one, and so is anything outside by its spelling", async () => {
    await rename(path.join(root, "content"), path.join(root, "real-content"));
    await symlink("real-content", path.join(root, "content"));
    await expect(writeInside(root, "content/pages/pricing.en.md", "owned")).rejects.toThrow(/^content:1:1: /);
    expect(await linksIn(root)).toEqual(["content"]);
    for (const file of ["../bin/ranch-site.js", "content/../bin/ranch-site.js", "bin/ranch-site.js", "/etc/hosts"])
      await expect(writeInside(root, file, "owned")).rejects.toBeInstanceOf(Refused);
    expect(await readFile(path.join(root, "bin/ranch-site.js"), "utf8")).toBe(maintainersCode);
  });
});

describe("a plain tree", () => {
  it("is written atomically, keeps a file's permissions and leaves no temp file", async () => {
    const file = path.join(root, "content/pages/pricing.en.md");
    await import("node:fs/promises").then((fs) => fs.chmod(file, 0o640));
    await writeInside(root, "content/pages/pricing.en.md", "---\ntitle: Preise\n---\n");
    expect(await readFile(file, "utf8")).toBe("---\ntitle: Preise\n---\n");
    expect((await lstat(file)).mode & 0o777).toBe(0o640);
    expect(Object.keys(await hashTree(path.join(root, "content/pages")))).toEqual(["pricing.en.md"]);
    await writeInside(root, "public/media/herd.png", Buffer.from([1, 2, 3]));
    expect(await readInside(root, "public/media/herd.png")).toEqual(Buffer.from([1, 2, 3]));
    await removeInside(root, "public/media/herd.png");
    expect(await readInside(root, "public/media/herd.png")).toBeUndefined();
  });
});
