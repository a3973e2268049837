/**
 * `.br` and `.gz` copies only where a server sends them (design.md §11 "Work the output needs"):
 * nginx and Apache shared hosting serve them as they are; GitHub Pages, Netlify and Cloudflare Pages
 * compress by themselves and never look at them. `build --precompress` writes them for any host.
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { build, resolveConfig, type ConfigInput } from "../../generator/index.ts";
import { configure, type Configuration } from "../support/configure.ts";
import { copyProject, runCli } from "../support/project.ts";
import { projectRoot } from "../support/site.ts";
import { siteRoutes } from "../support/addresses.ts";
import { compressThreshold } from "../../generator/write/compress.ts";

const compressed = /\.(br|gz)$/;
/** The shipped site's other settings; each test changes only the host, with the facts that host needs. */
const shipped: Omit<Configuration, "host"> = { form: "mailto", editor: false, legalForm: "Einzelunternehmen" };

/** Builds a project into a new temp folder and lists the files written. */
async function builtFiles(root: string, options: ConfigInput = {}): Promise<{ out: string; files: string[] }> {
  const out = path.join(await mkdtemp(path.join(os.tmpdir(), "ranch-precompress-")), "dist");
  await build(resolveConfig({ root, outDir: out, ...options }));
  const entries = await readdir(out, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(out, path.join(entry.parentPath, entry.name)));
  return { out, files };
}

describe("precompressed copies follow hosting.provider", () => {
  it("a GitHub Pages site (the shipped one) gets none: GitHub compresses every response itself", async () => {
    const { out, files } = await builtFiles(projectRoot);
    try {
      expect(files).toContain("index.html");
      expect(files.filter((file) => compressed.test(file))).toEqual([]);
    } finally {
      await rm(path.dirname(out), { recursive: true, force: true });
    }
  });

  it.each(["own-server", "shared-hosting"] as const)(
    "a site on %s gets a .br and a .gz of every page, as its server sends them",
    async (host) => {
      const root = await copyProject();
      await configure(root, { ...shipped, host });
      const { out, files } = await builtFiles(root);
      const routed = new Set((await siteRoutes(root)).map((route) => route.file));
      const pages = files.filter((file) => routed.has(file));
      expect(pages.length).toBeGreaterThan(20);
      // An old address's forwarding page is a few hundred bytes, below what is worth compressing: it ships as it is.
      const forwarding = files.filter((file) => file.endsWith(".html") && !routed.has(file));
      expect(forwarding).toContain("de/pricing/index.html");
      for (const page of forwarding) {
        expect((await readFile(path.join(out, page), "utf8")).length, page).toBeLessThan(compressThreshold);
        expect(files, page).not.toContain(`${page}.gz`);
      }
      for (const page of pages) {
        expect(files, page).toEqual(expect.arrayContaining([`${page}.br`, `${page}.gz`]));
        const html = await readFile(path.join(out, page));
        expect(brotliDecompressSync(await readFile(path.join(out, `${page}.br`))).equals(html), page).toBe(true);
        expect(gunzipSync(await readFile(path.join(out, `${page}.gz`))).equals(html), page).toBe(true);
      }
    },
  );

  it.each(["netlify", "cloudflare-pages"] as const)(
    "a site on %s gets none: that host compresses itself",
    async (host) => {
      const root = await copyProject();
      await configure(root, { ...shipped, host });
      const { out, files } = await builtFiles(root);
      expect(files).toContain("index.html");
      expect(files.filter((file) => compressed.test(file))).toEqual([]);
      await rm(path.dirname(out), { recursive: true, force: true });
    },
  );

  it("`build --precompress` writes them for a host that would not need them, identical to the page", async () => {
    const root = await copyProject();
    const out = path.join(root, "dist");
    const { code, stderr } = await runCli(["build", "--root", root, "--out", out, "--precompress"]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    for (const page of ["index.html", "de/index.html"]) {
      const html = await readFile(path.join(out, page));
      expect(brotliDecompressSync(await readFile(path.join(out, `${page}.br`))).equals(html), page).toBe(true);
      expect(gunzipSync(await readFile(path.join(out, `${page}.gz`))).equals(html), page).toBe(true);
    }
  });
});
