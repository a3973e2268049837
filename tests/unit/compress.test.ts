import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { mkdtemp, readdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ImageStore } from "../../generator/cache/store.ts";
import { compressThreshold, precompress } from "../../generator/write/compress.ts";

const page = `<!doctype html><html><body>${"<p>Sales training on a working ranch.</p>".repeat(60)}</body></html>`;

describe("precompressed output", () => {
  it("writes .br and .gz beside text files over the threshold, which decompress to the original", async () => {
    const files = await precompress([{ path: "about-me/index.html", contents: page }]);
    expect(files.map((file) => file.path)).toEqual(["about-me/index.html.br", "about-me/index.html.gz"]);
    const [br, gz] = files.map((file) => Buffer.from(file.contents));
    expect(brotliDecompressSync(br!).toString()).toBe(page);
    expect(gunzipSync(gz!).toString()).toBe(page);
    expect(br!.byteLength).toBeLessThan(page.length / 5);
  });

  it("leaves small files, images and host files alone", async () => {
    const small = "x".repeat(compressThreshold - 1);
    const files = await precompress([
      { path: "robots.txt", contents: small },
      { path: "og-image.png", contents: new Uint8Array(4096) },
      { path: "_headers", contents: page },
      { path: "nginx.conf", contents: page },
    ]);
    expect(files).toEqual([]);
  });

  it("covers HTML, CSS, JS, SVG, XML and TXT", async () => {
    const paths = ["a.html", "a.css", "a.js", "a.svg", "a.xml", "a.txt"];
    const files = await precompress(paths.map((path) => ({ path, contents: page })));
    expect(files.map((file) => file.path)).toEqual(paths.flatMap((path) => [`${path}.br`, `${path}.gz`]));
  });

  it("is deterministic: no time stamp in gzip, the same bytes every time", async () => {
    const gz = Buffer.from((await precompress([{ path: "a.css", contents: page }]))[1]!.contents);
    expect(gz.readUInt32LE(4)).toBe(0);
    expect(gz[9]).toBe(3);
    expect(await precompress([{ path: "a.css", contents: page }])).toEqual(
      await precompress([{ path: "a.css", contents: page }]),
    );
  });

  it("keeps each result in the project's cache by the hash of its input, and gives the same bytes from it", async () => {
    const store = new ImageStore(await mkdtemp(path.join(os.tmpdir(), "ranch-compressed-")));
    const first = await precompress([{ path: "index.html", contents: page }], store);
    expect(await readdir(store.dir)).toHaveLength(1);
    const again = await precompress([{ path: "index.html", contents: page }], store);
    expect(again).toEqual(first);
    expect(await readdir(store.dir)).toHaveLength(1);
    const changed = await precompress([{ path: "index.html", contents: `${page}<!-- -->` }], store);
    expect(gunzipSync(Buffer.from(changed[1]!.contents)).toString()).toBe(`${page}<!-- -->`);
    expect(await readdir(store.dir)).toHaveLength(2);
  });

  it("gives hashed assets, which every page fetches, Brotli's top quality, and pages a fast one", async () => {
    const vocabulary = "sales training ranch horses dike coast leaders teams trust price offer evening sea wind".split(
      " ",
    );
    const words = Array.from({ length: 4000 }, (_, i) => vocabulary[(i * i + 3 * i) % vocabulary.length]).join(" ");
    const files = await precompress([
      { path: "assets/app.css", contents: words },
      { path: "index.html", contents: words },
    ]);
    const [asset, , pageFile] = files.map((file) => Buffer.from(file.contents));
    expect(brotliDecompressSync(asset!).toString()).toBe(words);
    expect(asset!.byteLength).toBeLessThan(pageFile!.byteLength);
  });
});
