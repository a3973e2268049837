import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { build, resolveConfig } from "../../generator/index.ts";
import { copyProject, editFile } from "../support/project.ts";
import { hashFiles } from "../support/tree.ts";

let root: string;
let clean: Record<string, string>;
let builds = 0;

/** A build into a new folder, with or without the project's cache: every file's hash. */
const buildOnce = async (cache = true) => {
  const outDir = path.join(root, `dist-${++builds}`);
  await build(resolveConfig({ root, outDir, cache }));
  return hashFiles(outDir);
};
const bundlesFolder = () => path.join(root, "node_modules/.cache/ranch-site/bundles");

beforeAll(async () => {
  root = await copyProject({ cache: "empty" });
  clean = await buildOnce(false);
});

describe("compiled templates, styles and client script from the cache", () => {
  it("change no byte of output: a cold, a cached and an uncached build are identical", async () => {
    expect(await buildOnce()).toEqual(clean);
    expect((await readdir(bundlesFolder())).sort()).toEqual(["assets.json", "head-script.json", "templates.json"]);
    expect(await buildOnce()).toEqual(clean);
  });

  it("take an edit of a template, a stylesheet or the client script on the next build, and its undoing", async () => {
    await buildOnce();
    const edits = [
      ["templates/components/Footer.tsx", "<footer", '<footer data-edited="yes"'],
      ["templates/styles/base.css", "body {", "body {\n  outline-offset: 3px;"],
      ["templates/client/menu.ts", "/**", 'console.info("edited");\n/**'],
    ] as const;
    const originals = await Promise.all(edits.map(([file]) => readFile(path.join(root, file), "utf8")));
    for (const [file, find, replacement] of edits) await editFile(root, file, find, replacement);
    const edited = await buildOnce();
    expect(edited).not.toEqual(clean);
    expect(edited).toEqual(await buildOnce(false));
    const home = await readFile(path.join(root, `dist-${builds - 1}`, "index.html"), "utf8");
    expect(home).toContain('data-edited="yes"');
    expect(home).toContain("console.info(");
    expect(Object.keys(edited).filter((file) => file.endsWith(".css"))).not.toEqual(
      Object.keys(clean).filter((file) => file.endsWith(".css")),
    );

    await Promise.all(edits.map(([file], index) => writeFile(path.join(root, file), originals[index]!)));
    expect(await buildOnce()).toEqual(clean);
  });

  it("ignore a damaged entry, and build the same site", async () => {
    await buildOnce();
    const entry = path.join(bundlesFolder(), "templates.json");
    const text = await readFile(entry, "utf8");
    await writeFile(entry, text.slice(0, text.length / 2));
    expect(await buildOnce()).toEqual(clean);
    expect(await readFile(entry, "utf8")).toBe(text);
  });
});
