/**
 * The shipped `.htaccess` on Debian's Apache, run as shared hosting runs it (tests/support/apache.ts): the fresh
 * build uploaded as FTP would (no modes kept), `AllowOverride All`, only the modules such hosts enable, workers
 * unprivileged. Every page answers 200; a German miss gets the German 404 page and any other the English one,
 * with status 404; the security and cache headers arrive; no host file or the build's marker is served; and the
 * build's `.br` and `.gz` files reach the clients that accept them, with the type of the file they stand for.
 */
import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { immutableCache, shortCache, unpublishedFiles } from "../../generator/hosts/host-config.ts";
import { startApache, type Apache } from "../support/apache.ts";
import { rawGet as get, type RawAnswer as Answer } from "../support/ports.ts";
import { fixedSecurityHeaders } from "../support/security-headers.ts";
import { buildSite, builtSite } from "../support/site.ts";
import { german as germanAddress, siteRoutes } from "../support/addresses.ts";

/** Every file of a built folder, output-relative with forward slashes. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

/** The files of the site's pages, as its routes put them (not an old address's forwarding page, which Apache redirects). */
const routedFiles = new Set((await siteRoutes()).map((route) => route.file));

/** The address of each page of the build: `de/ueber-mich/index.html` → `de/ueber-mich/`. */
const pageAddresses = (files: readonly string[]) =>
  files
    .filter((file) => file.endsWith("index.html") && routedFiles.has(file))
    .map((file) => file.slice(0, -"index.html".length));

function expectSecurityHeaders(answer: Answer, where: string) {
  for (const [name, value] of Object.entries(fixedSecurityHeaders))
    expect(answer.headers[name], `${name} on ${where}`).toBe(value);
  expect(answer.headers["content-security-policy"], `CSP on ${where}`).toMatch(
    /^default-src 'self'; script-src 'self' 'sha256-/,
  );
}

describe("Apache with the shipped .htaccess, as shared hosting runs it", () => {
  let apache: Apache;
  let dir: string;
  let files: string[];
  let notFound: { en: Buffer; de: Buffer };

  beforeAll(async () => {
    dir = builtSite();
    files = await listFiles(dir);
    notFound = { en: await readFile(path.join(dir, "404.html")), de: await readFile(path.join(dir, "de/404.html")) };
    apache = await startApache(dir);
  });
  afterAll(() => apache?.stop());

  it("answers every page with 200 and its bytes, with the short cache and the security headers", async () => {
    const pages = pageAddresses(files);
    expect(pages.length).toBeGreaterThan(10);
    for (const page of pages) {
      const answer = await get(apache.origin, `/${page}`);
      expect(answer.status, `/${page}`).toBe(200);
      expect(answer.headers["content-type"], `/${page}`).toBe("text/html; charset=utf-8");
      expect(answer.body.equals(await readFile(path.join(dir, page, "index.html"))), `/${page}: its bytes`).toBe(true);
      expect(answer.headers["cache-control"], `/${page}`).toBe(shortCache);
      expectSecurityHeaders(answer, `/${page}`);
    }
  });

  it("gives German misses the German 404 page and others the English one, with status 404 and the headers", async () => {
    for (const [pathname, locale] of [
      ["/de/nope/", "de"],
      ["/de/about-me/missing.html", "de"],
      ["/nope/", "en"],
      ["/about-me/missing", "en"],
      ["/deutsch/", "en"],
    ] as const) {
      const answer = await get(apache.origin, pathname);
      expect(answer.status, pathname).toBe(404);
      expect(answer.body.equals(notFound[locale]), `${pathname}: the ${locale} 404 page`).toBe(true);
      expectSecurityHeaders(answer, pathname);
    }
  });

  it("serves no host file, not the build's marker, and no listing of a folder without a page", async () => {
    expect(files).toContain(".htaccess");
    for (const file of [...unpublishedFiles, ".htaccess", "assets/"]) {
      const answer = await get(apache.origin, `/${file}`);
      expect(answer.status, `/${file}`).toBe(404);
      expect(answer.body.equals(notFound.en), `/${file}: the 404 page`).toBe(true);
    }
  });

  it("keeps content-hashed files a year, and gives calendar files their type", async () => {
    const css = files.find((file) => file.startsWith("assets/") && file.endsWith(".css"))!;
    const asset = await get(apache.origin, `/${css}`);
    expect(asset.status).toBe(200);
    expect(asset.headers["cache-control"]).toBe(immutableCache);
    expectSecurityHeaders(asset, css);
    const ics = files.find((file) => file.endsWith(".ics"))!;
    const calendar = await get(apache.origin, `/${ics}`);
    expect(calendar.status).toBe(200);
    expect(calendar.headers["content-type"]).toBe("text/calendar; charset=utf-8");
  });

  it("serves the build's .br and .gz files to clients that accept them, as the file they stand for", async () => {
    const css = files.find((file) => file.startsWith("assets/") && file.endsWith(".css"))!;
    for (const [pathname, file, type] of [
      ["/de/", "de/index.html", "text/html; charset=utf-8"],
      [`/${css}`, css, "text/css; charset=utf-8"],
    ] as const) {
      const original = await readFile(path.join(dir, file));
      for (const [accept, encoding, decode] of [
        ["gzip, deflate, br", "br", brotliDecompressSync],
        ["gzip", "gzip", gunzipSync],
        ["", undefined, (bytes: Buffer) => bytes],
      ] as const) {
        const answer = await get(apache.origin, pathname, accept ? { "accept-encoding": accept } : {});
        const where = `${pathname} (Accept-Encoding: ${accept || "none"})`;
        expect(answer.status, where).toBe(200);
        expect(answer.headers["content-encoding"], where).toBe(encoding);
        expect(answer.headers["content-type"], where).toBe(type);
        expect(answer.headers["vary"], where).toBe("Accept-Encoding");
        expect(decode(answer.body).equals(original), `${where}: the file's bytes`).toBe(true);
        if (encoding) expect(answer.body.length, where).toBeLessThan(original.length);
      }
    }
  });
});

describe("Apache with the shipped .htaccess, the site under /ranch/", () => {
  let apache: Apache;
  let dir: string;

  beforeAll(async () => {
    dir = await buildSite({ basePath: "/ranch/" });
    apache = await startApache(dir, { under: "ranch/" });
  });
  afterAll(async () => {
    await apache?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("serves the pages, each language's 404 page and hides the host files below the base path", async () => {
    expect((await get(apache.origin, "/ranch/")).status).toBe(200);
    expect((await get(apache.origin, `/ranch${germanAddress("/contact/")}`)).status).toBe(200);
    const german = await get(apache.origin, "/ranch/de/nope/");
    expect(german.status).toBe(404);
    expect(german.body.equals(await readFile(path.join(dir, "de/404.html")))).toBe(true);
    const english = await get(apache.origin, "/ranch/nope/");
    expect(english.status).toBe(404);
    expect(english.body.equals(await readFile(path.join(dir, "404.html")))).toBe(true);
    for (const file of [".htaccess", "nginx.conf", "_headers"])
      expect((await get(apache.origin, `/ranch/${file}`)).status, file).toBe(404);
    const home = await get(apache.origin, "/ranch/", { "accept-encoding": "br" });
    expect(home.headers["content-encoding"]).toBe("br");
  });
});
