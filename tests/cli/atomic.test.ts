import { readdir } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { build, DiskWriter, resolveConfig } from "../../generator/index.ts";
import { hashFiles } from "../support/tree.ts";
import { address } from "../support/addresses.ts";
import { breakGermanContact, copyProject, editFile, runCli } from "../support/project.ts";

let root: string;
let out: string;
let good: Record<string, string>;

beforeAll(async () => {
  root = await copyProject();
  out = path.join(root, "dist");
  const { code } = await runCli(["build", "--root", root, "--out", out]);
  expect(code).toBe(0);
  good = await hashFiles(out);
});

describe("a failed build leaves dist/ byte-identical", () => {
  it("after a content error", async () => {
    await editFile(root, "content/i18n/de.yaml", "loading: Wird geladen...", "loading: [Wird geladen");
    const { code, stderr } = await runCli(["build", "--root", root, "--out", out]);
    await editFile(root, "content/i18n/de.yaml", "loading: [Wird geladen", "loading: Wird geladen...");
    expect(code).toBe(1);
    expect(stderr).toMatch(/^content\/i18n\/de\.yaml:\d+:\d+: /);
    expect(await hashFiles(out)).toEqual(good);
  });

  it("after a template that throws, naming route, locale and template file", async () => {
    const undo = await breakGermanContact(root);
    const { code, stderr } = await runCli(["build", "--root", root, "--out", out]);
    await undo();
    expect(code).toBe(1);
    const [located, message] = stderr.split("\n")[0]!.split(/: (?=Rendering)/);
    expect(located).toMatch(/^templates\/pages\/Contact\.tsx:\d+:\d+$/);
    expect(message).toBe(`Rendering ${address("contact", "de")} (de) failed: Kein Formular`);
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(await hashFiles(out)).toEqual(good);
  });

  it("after a write that fails halfway (a full disk), leaving no staging folder behind", async () => {
    let writes = 0;
    const fullDisk = (async (...args: Parameters<typeof import("node:fs/promises").writeFile>) => {
      if (++writes > 5) throw Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" });
      const { writeFile } = await import("node:fs/promises");
      return writeFile(...args);
    }) as typeof import("node:fs/promises").writeFile;
    const config = resolveConfig({ root, outDir: out });
    await expect(build(config, new DiskWriter(out, { root, writeFile: fullDisk }))).rejects.toThrow(
      /the disk is full while writing .* \(ENOSPC\)/,
    );
    expect(await hashFiles(out)).toEqual(good);
    expect((await readdir(root)).filter((name) => name.startsWith("dist."))).toEqual([]);
  });
});

describe("builds are deterministic", () => {
  it("writes byte-identical output for the same input", async () => {
    const again = path.join(root, "dist-again");
    expect((await runCli(["build", "--root", root, "--out", again])).code).toBe(0);
    expect(await hashFiles(again)).toEqual(good);
  });
});
