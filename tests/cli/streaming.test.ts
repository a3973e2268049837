/**
 * A build does not hold its site in memory: pages reach the writer in small batches as they are
 * rendered, and the writer puts nothing in place until the last page has passed its checks.
 */
import { mkdir, mkdtemp, readdir, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { build, DiskWriter, resolveConfig, type OutputFile, type Writer } from "../../generator/index.ts";
import { pageBatch } from "../../generator/build.ts";
import { breakGermanContact, copyProject } from "../support/project.ts";

/** A writer that notes what each batch brought, and whether the build committed or aborted. */
class RecordingWriter implements Writer {
  batches: string[][] = [];
  outcome: "open" | "committed" | "aborted" | undefined;
  async open() {
    this.outcome = "open";
    return {
      add: async (files: readonly OutputFile[]) => void this.batches.push(files.map((file) => file.path)),
      commit: async () => void (this.outcome = "committed"),
      abort: async () => void (this.outcome = "aborted"),
    };
  }
}

let root: string;
beforeAll(async () => {
  root = await copyProject();
});

describe("pages stream to the writer", () => {
  it("in batches of at most pageBatch pages, each shipped with its .br and .gz, then the other files", async () => {
    const writer = new RecordingWriter();
    const report = await build(resolveConfig({ root, outDir: path.join(root, "dist"), precompress: true }), writer);
    expect(writer.outcome).toBe("committed");
    const pages = (batch: string[]) => batch.filter((file) => file.endsWith(".html"));
    const pageBatches = writer.batches.filter((batch) => batch.every((file) => /\.html(\.br|\.gz)?$/.test(file)));
    expect(pageBatches.length).toBeGreaterThanOrEqual(Math.ceil(report.pages / pageBatch));
    for (const batch of pageBatches) expect(pages(batch).length).toBeLessThanOrEqual(pageBatch);
    expect(pageBatches.flatMap(pages)).toHaveLength(report.pages);
    // A build to disk with --precompress ships compressed siblings: every large page has both, in its own batch.
    for (const batch of pageBatches)
      for (const sibling of batch.filter((file) => /\.(br|gz)$/.test(file)))
        expect(batch).toContain(sibling.replace(/\.(br|gz)$/, ""));
    expect(writer.batches.flat()).toHaveLength(report.files);
    expect(writer.batches.at(-1)).toEqual(expect.arrayContaining(["sitemap.xml", "_headers", "nginx.conf"]));
  });

  it("and a template that throws on a late page aborts the write: nothing is committed", async () => {
    const undo = await breakGermanContact(root);
    const writer = new RecordingWriter();
    try {
      await expect(build(resolveConfig({ root, outDir: path.join(root, "dist") }), writer)).rejects.toThrow(
        /Kein Formular/,
      );
    } finally {
      await undo();
    }
  });
});

describe("a DiskWriter session", () => {
  const siblings = async (parent: string) => (await readdir(parent)).filter((name) => name !== "dist").sort();

  it("puts every batch in place at commit, and an aborted one leaves the old site and no staging folder", async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), "ranch-site-session-"));
    const out = path.join(parent, "dist");
    const writer = new DiskWriter(out, { root: path.join(parent, "project") });
    await mkdir(path.join(parent, "project"));
    const first = await writer.open();
    await first.add([{ path: "index.html", contents: "<p>one</p>" }]);
    await first.add([{ path: "de/index.html", contents: "<p>eins</p>" }]);
    await expect(readdir(out)).rejects.toThrow(/ENOENT/);
    await first.commit();
    expect(await readFile(path.join(out, "de/index.html"), "utf8")).toBe("<p>eins</p>");

    const second = await writer.open();
    await second.add([{ path: "index.html", contents: "<p>two</p>" }]);
    await second.abort();
    await expect(second.add([{ path: "more.html", contents: "" }])).rejects.toThrow(/closed/);
    expect(await readFile(path.join(out, "index.html"), "utf8")).toBe("<p>one</p>");
    expect(await siblings(parent)).toEqual(["project"]);
  });

  it("a failed write removes the staging folder and refuses the commit", async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), "ranch-site-session-"));
    await mkdir(path.join(parent, "project"));
    const out = path.join(parent, "dist");
    const writer = new DiskWriter(out, { root: path.join(parent, "project") });
    const before = await writer.open();
    await before.add([{ path: "keep.txt", contents: "last good\n" }]);
    await before.commit();
    const session = await writer.open();
    // The same path twice: exclusive creation refuses the second write.
    await expect(
      session.add([
        { path: "a.html", contents: "1" },
        { path: "a.html", contents: "2" },
      ]),
    ).rejects.toThrow(/EEXIST|exists/);
    await expect(session.commit()).rejects.toThrow(/closed/);
    expect(await readFile(path.join(out, "keep.txt"), "utf8")).toBe("last good\n");
    expect((await readdir(out)).filter((name) => !name.startsWith("."))).toEqual(["keep.txt"]);
    expect(await siblings(parent)).toEqual(["project"]);
  });
});
