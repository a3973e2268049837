import { createHash } from "node:crypto";
import { cp, lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import * as esbuild from "esbuild";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { cachedBundle, type BundleRecipe } from "../../generator/cache/bundle.ts";

let root: string;
let runs: number;
const scratch = await mkdtemp(path.join(os.tmpdir(), "ranch-bundle-cache-"));
let count = 0;

/** A script that imports a neighbour by a name without its extension, bundled as the templates are. */
const recipe = (define = "1", format: "esm" | "iife" = "esm"): BundleRecipe => ({
  name: "script",
  options: {
    entryPoints: [path.join(root, "src/main.ts")],
    absWorkingDir: root,
    bundle: true,
    write: false,
    metafile: true,
    format,
    logLevel: "silent",
    define: { FACTOR: define },
  },
});

/** The bundle's text, counting the esbuild runs it took. */
async function bundle(options = recipe(), enabled = true): Promise<string> {
  const result = await cachedBundle(options, enabled, async () => {
    runs++;
    return { result: await esbuild.build(options.options) };
  });
  return result.outputFiles[0]!.text;
}

const entryFile = () => path.join(root, "node_modules/.cache/ranch-site/bundles/script.json");
/** Evaluates a bundle: the value it exports. */
const value = async (text: string) =>
  ((await import(`data:text/javascript,${encodeURIComponent(text)}`)) as { value: string }).value;

beforeEach(async () => {
  root = path.join(scratch, `project-${++count}`);
  await mkdir(path.join(root, "src"), { recursive: true });
  await writeFile(
    path.join(root, "src/main.ts"),
    'import { word } from "./word";\nexport const value = word + FACTOR;\n',
  );
  await writeFile(path.join(root, "src/word.js"), 'export const word = "js";\n');
  runs = 0;
});

afterAll(() => rm(scratch, { recursive: true, force: true }));

describe("the cache of esbuild's bundles", () => {
  it("runs esbuild once while nothing changed, and gives the same bytes", async () => {
    const first = await bundle();
    expect(await bundle()).toBe(first);
    expect(runs).toBe(1);
    expect(await value(first)).toBe("js1");
  });

  it("serves a copy of the project with its cache folder, as long as nothing changed", async () => {
    const first = await bundle();
    const original = root;
    root = `${original}-copy`;
    await cp(original, root, { recursive: true });
    expect(await bundle()).toBe(first);
    await writeFile(path.join(root, "src/word.js"), 'export const word = "copy";\n');
    expect(await value(await bundle())).toBe("copy1");
    expect(runs).toBe(2);
  });

  it("bundles again when a file it read changed, or its options did", async () => {
    await bundle();
    await writeFile(path.join(root, "src/word.js"), 'export const word = "edited";\n');
    expect(await value(await bundle())).toBe("edited1");
    expect(await value(await bundle(recipe("2")))).toBe("edited2");
    expect(runs).toBe(3);
  });

  it("bundles again when a new file changes what an import resolves to, though no input changed", async () => {
    expect(await value(await bundle())).toBe("js1");
    // esbuild tries .ts before .js: "./word" is now word.ts.
    await writeFile(path.join(root, "src/word.ts"), 'export const word = "ts";\n');
    expect(await value(await bundle())).toBe("ts1");
    expect(runs).toBe(2);
  });

  it("bundles again when a tsconfig.json esbuild reads unlisted changes, here or in a folder above", async () => {
    const script = recipe("1", "iife");
    expect(await bundle(script)).not.toContain("use strict");
    await writeFile(path.join(root, "tsconfig.json"), '{ "compilerOptions": { "alwaysStrict": true } }');
    expect(await bundle(script)).toContain("use strict");
    await writeFile(path.join(root, "tsconfig.json"), '{ "compilerOptions": { "alwaysStrict": false } }');
    expect(await bundle(script)).not.toContain("use strict");
    // Above the project: esbuild looks there too.
    await rm(path.join(root, "tsconfig.json"));
    const parent = path.dirname(root);
    await writeFile(path.join(parent, "tsconfig.json"), '{ "compilerOptions": { "alwaysStrict": true } }');
    try {
      expect(await bundle(script)).toContain("use strict");
    } finally {
      await rm(path.join(parent, "tsconfig.json"));
    }
    expect(await bundle(script)).not.toContain("use strict");
    expect(runs).toBe(5);
  });

  it("ignores an entry whose bytes were changed, and writes a good one", async () => {
    await bundle();
    const text = await readFile(entryFile(), "utf8");
    const planted = Buffer.from('export const value = "planted";\n').toString("base64");
    const tampered = text.replace(/"contents":"[^"]*"/, `"contents":"${planted}"`);
    expect(tampered).not.toBe(text);
    await writeFile(entryFile(), tampered);
    expect(await value(await bundle())).toBe("js1");
    expect(runs).toBe(2);
    expect(await readFile(entryFile(), "utf8")).toBe(text);
  });

  it("ignores a well-formed entry of another key, even with a matching checksum", async () => {
    await bundle();
    const text = await readFile(entryFile(), "utf8");
    const planted = Buffer.from('export const value = "planted";\n').toString("base64");
    const body = text
      .slice(text.indexOf("\n") + 1)
      .replace(/"key":"[^"]*"/, '"key":"other"')
      .replace(/"contents":"[^"]*"/, `"contents":"${planted}"`);
    const checksum = createHash("sha256").update(body).digest("base64url");
    await writeFile(entryFile(), `ranch-site-bundle-cache/1 ${checksum}\n${body}`);
    expect(await value(await bundle())).toBe("js1");
    await writeFile(entryFile(), "some-other-tool/3 abc\n{}");
    expect(await value(await bundle())).toBe("js1");
    expect(runs).toBe(3);
  });

  it("follows no symbolic link in place of an entry", async () => {
    await bundle();
    const elsewhere = path.join(root, "elsewhere.json");
    await writeFile(elsewhere, await readFile(entryFile(), "utf8"));
    await rm(entryFile());
    await symlink(elsewhere, entryFile());
    expect(await value(await bundle())).toBe("js1");
    expect(runs).toBe(2);
    expect((await lstat(entryFile())).isFile()).toBe(true);
  });

  it("is neither read nor written when disabled (--no-cache)", async () => {
    await bundle(recipe(), false);
    await bundle(recipe(), false);
    expect(runs).toBe(2);
    await expect(readdir(path.join(root, "node_modules"))).rejects.toThrow(/ENOENT/);
  });

  it("bundles again when a bare import left to Node resolves elsewhere now", async () => {
    let resolved = "/first/react.js";
    const withExternal: BundleRecipe = { ...recipe(), resolve: () => resolved };
    const run = async () => {
      runs++;
      return { result: await esbuild.build(withExternal.options), externals: { react: resolved } };
    };
    await cachedBundle(withExternal, true, run);
    await cachedBundle(withExternal, true, run);
    expect(runs).toBe(1);
    resolved = "/second/react.js";
    await cachedBundle(withExternal, true, run);
    expect(runs).toBe(2);
  });

  it("writes the same entry whichever order esbuild's plugins answered in, as on a busy machine", async () => {
    const entries: string[] = [];
    for (const flip of [false, true]) {
      const result = await esbuild.build(recipe().options);
      const inputs = Object.entries(result.metafile!.inputs);
      const externals: [string, string][] = [
        ["react", "/r/index.js"],
        ["react/jsx-runtime", "/r/jsx-runtime.js"],
      ];
      if (flip) {
        inputs.reverse();
        externals.reverse();
      }
      const run = async () => ({
        result: { ...result, metafile: { ...result.metafile!, inputs: Object.fromEntries(inputs) } },
        externals: Object.fromEntries(externals),
      });
      await rm(entryFile(), { force: true });
      await cachedBundle(recipe(), true, run);
      entries.push(await readFile(entryFile(), "utf8"));
    }
    expect(entries[1]).toBe(entries[0]);
  });
});
