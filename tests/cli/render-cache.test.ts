import { createHash } from "node:crypto";
import { lstat, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { build, resolveConfig } from "../../generator/index.ts";
import { hashFiles } from "../support/tree.ts";
import { copyProject, runCli } from "../support/project.ts";

let root: string;
let cacheFile: string;
let clean: Record<string, string>;

const buildInto = async (name: string, cache = true) => {
  const outDir = path.join(root, name);
  await build(resolveConfig({ root, outDir, cache }));
  return hashFiles(outDir);
};

beforeAll(async () => {
  root = await copyProject({ cache: "empty" });
  cacheFile = path.join(root, "node_modules/.cache/ranch-site/rendered.json");
  clean = await buildInto("dist-no-cache", false);
});

describe("the cache of rendered markdown", () => {
  it("changes no byte of output: a cold, a cached and an uncached build are identical", async () => {
    await rm(path.join(root, "node_modules"), { recursive: true, force: true });
    expect(await buildInto("dist-cold")).toEqual(clean);
    expect((await lstat(cacheFile)).isFile()).toBe(true);
    expect(await buildInto("dist-warm")).toEqual(clean);
  });

  it("is not read or written with --no-cache, nor are the image and compression caches", async () => {
    await rm(path.join(root, "node_modules"), { recursive: true, force: true });
    const { code } = await runCli(["build", "--no-cache", "--root", root, "--out", path.join(root, "dist-cli")]);
    expect(code).toBe(0);
    await expect(lstat(cacheFile)).rejects.toThrow(/ENOENT/);
    // No cache of any kind: no rendered markdown, no images, no compressed files (compiled templates come and go).
    const cacheFolder = path.join(root, "node_modules/.cache/ranch-site");
    const left = await readdir(cacheFolder, { recursive: true, withFileTypes: true });
    expect(left.filter((entry) => !entry.isDirectory()).map((entry) => entry.name)).toEqual([]);
    expect(await hashFiles(path.join(root, "dist-cli"))).toEqual(clean);
  });

  it("ignores an entry whose bytes were changed, and rebuilds it", async () => {
    await buildInto("dist-fill");
    const text = await readFile(cacheFile, "utf8");
    const tampered = text.replace(/<p>/, "<p>Planted text. ");
    expect(tampered).not.toBe(text);
    await writeFile(cacheFile, tampered);
    expect(await buildInto("dist-tampered")).toEqual(clean);
    expect(await readFile(cacheFile, "utf8")).not.toContain("Planted text.");
  });

  it("ignores a file of another format or of other package versions", async () => {
    await writeFile(cacheFile, "some-other-tool/3 abc\n{}");
    expect(await buildInto("dist-foreign")).toEqual(clean);
    const text = await readFile(cacheFile, "utf8");
    expect(text).toMatch(/^ranch-site-render-cache\/1 /);
    // A well-formed file whose versions differ, with a matching checksum: still not trusted.
    const body = text
      .slice(text.indexOf("\n") + 1)
      .replace(/"versions":"[^"]*"/, '"versions":"old"')
      .replace(/<p>/, "<p>Old. ");
    const checksum = createHash("sha256").update(body).digest("base64url");
    await writeFile(cacheFile, `ranch-site-render-cache/1 ${checksum}\n${body}`);
    expect(await buildInto("dist-versions")).toEqual(clean);
  });

  it("follows no symbolic link: a link in its place is neither read nor written through", async () => {
    const elsewhere = path.join(root, "elsewhere.json");
    const good = await readFile(cacheFile, "utf8");
    await writeFile(elsewhere, good.replace(/<p>/, "<p>Linked text. "));
    await rm(cacheFile);
    await symlink(elsewhere, cacheFile);
    expect(await buildInto("dist-link")).toEqual(clean);
    expect(await readFile(elsewhere, "utf8")).toContain("Linked text.");
    expect((await lstat(cacheFile)).isFile()).toBe(true);
  });
});
