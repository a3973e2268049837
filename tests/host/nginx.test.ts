/**
 * The shipped nginx snippet, proven on a real nginx: clean URLs with the trailing-slash redirect,
 * each language's 404 page with status 404, the cache and security headers, hidden host files;
 * then Chromium loads pages under the shipped Content-Security-Policy and sees no violation.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { siteLanguages } from "../support/languages.ts";
import { type HostConfigInput } from "../../generator/hosts/host-config.ts";
import { createHostConfigs } from "../../generator/hosts/files.ts";
import { inlineScriptHashes } from "../support/html.ts";
import { launchChromium } from "../support/chromium.ts";
import { startNginx, type Nginx } from "../support/nginx.ts";
import { rawGet } from "../support/ports.ts";
import { buildSite, projectRoot } from "../support/site.ts";
import { german as germanAddress } from "../support/addresses.ts";
import { securityHeaderNames } from "../support/security-headers.ts";

const htmlCache = "max-age=300, stale-while-revalidate=1800";
const immutable = "public, max-age=31536000, immutable";

/** Every file of a built folder, output-relative with forward slashes. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  const files: string[] = [];
  for (const entry of entries)
    if ((await stat(path.join(dir, entry))).isFile()) files.push(entry.split(path.sep).join("/"));
  return files.sort();
}

/** The hashes of the inline scripts of the built pages, read back from the files as a browser would see them. */
async function builtScriptHashes(dir: string, files: readonly string[]): Promise<string[]> {
  const html = files.filter((file) => file.endsWith(".html")).map((file) => readFile(path.join(dir, file), "utf8"));
  return inlineScriptHashes(await Promise.all(html));
}

/** Builds the real site with `basePath` and makes sure its host files are there. */
async function buildWithHostFiles(basePath: string) {
  const dir = await buildSite({ basePath });
  const files = await listFiles(dir);
  const scriptHashes = await builtScriptHashes(dir, files);
  const site = parseYaml(await readFile(path.join(projectRoot, "content/site.yaml"), "utf8")) as {
    consent: { fontsUrl: string };
  };
  const input: HostConfigInput = {
    basePath,
    locales: siteLanguages,
    scriptHashes,
    fontsOrigin: new URL(site.consent.fontsUrl).origin,
    fontFilesOrigin: "https://fonts.gstatic.com",
    formAction: "mailto:",
    files,
  };
  // Once build.ts writes the host files itself, the test serves what the build wrote (and so
  // proves its wiring, hashes included); until then it writes them as build.ts will.
  const wiredByBuild = existsSync(path.join(dir, "nginx.conf"));
  if (!wiredByBuild)
    for (const file of createHostConfigs(input)) await writeFile(path.join(dir, file.path), file.contents);
  return { dir, files, scriptHashes, wiredByBuild };
}

const get = (origin: string, pathname: string, init: RequestInit = {}) =>
  fetch(origin + pathname, { redirect: "manual", ...init });

function expectSecurityHeaders(response: Response, scriptHashes: readonly string[]) {
  for (const name of securityHeaderNames)
    expect(response.headers.get(name), `${name} on ${response.url} (${response.status})`).toBeTruthy();
  const csp = response.headers.get("content-security-policy")!;
  const scriptSrc = csp
    .split(";")
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith("script-src "))!;
  expect(scriptSrc).not.toContain("unsafe-inline");
  for (const hash of scriptHashes) expect(scriptSrc).toContain(`'${hash}'`);
  expect(response.headers.get("x-frame-options")).toBe("DENY");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
}

describe("nginx with the shipped snippet (base path /)", () => {
  let built: Awaited<ReturnType<typeof buildWithHostFiles>>;
  let nginx: Nginx;
  let origin: string;

  beforeAll(async () => {
    built = await buildWithHostFiles("/");
    nginx = await startNginx({ root: built.dir, include: path.join(built.dir, "nginx.conf") });
    origin = nginx.origin;
  });

  afterAll(async () => {
    await nginx?.stop();
    if (built) await rm(built.dir, { recursive: true, force: true });
  });

  it("finds exactly the four inline scripts CSP must allow: the head script, the app, the contact form and the speculation rules", () => {
    expect(built.scriptHashes).toHaveLength(4);
  });

  it("serves the home page as UTF-8 HTML", async () => {
    const response = await get(origin, "/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html; charset=utf-8$/i);
    expect(await response.text()).toContain('<html lang="en">');
  });

  it("redirects a page without its trailing slash with a relative 301, and serves the slash form", async () => {
    const redirect = await get(origin, "/about-me");
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get("location")).toBe("/about-me/");
    expectSecurityHeaders(redirect, built.scriptHashes);
    expect((await get(origin, "/about-me/")).status).toBe(200);
    const german = await get(origin, "/de");
    expect(german.status).toBe(301);
    expect(german.headers.get("location")).toBe("/de/");
  });

  it("serves German pages below /de/", async () => {
    const response = await get(origin, germanAddress("/pricing/"));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<html lang="de">');
  });

  it("answers unknown paths with status 404 and the page in the path's language", async () => {
    const english = await get(origin, "/nope/");
    expect(english.status).toBe(404);
    expect(english.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await english.text()).toContain('<html lang="en">');
    for (const pathname of ["/de/nope/", "/de/nope", "/de/assets/x.css"]) {
      const german = await get(origin, pathname);
      expect(german.status, pathname).toBe(404);
      expect(await german.text(), pathname).toContain('<html lang="de">');
    }
    const missingAsset = await get(origin, "/assets/missing.js");
    expect(missingAsset.status).toBe(404);
    expect(await missingAsset.text()).toContain('<html lang="en">');
  });

  it("gives the not-found pages status 404 even when asked for by name", async () => {
    for (const [pathname, lang] of [
      ["/404.html", "en"],
      ["/de/404.html", "de"],
    ] as const) {
      const response = await get(origin, pathname);
      expect(response.status, pathname).toBe(404);
      expect(await response.text(), pathname).toContain(`<html lang="${lang}">`);
    }
  });

  it("marks content-hashed assets immutable for a year", async () => {
    const assets = built.files.filter((file) => file.startsWith("assets/"));
    expect(assets.some((file) => file.endsWith(".css"))).toBe(true);
    for (const file of assets) {
      const response = await get(origin, `/${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get("cache-control"), file).toBe(immutable);
      expectSecurityHeaders(response, built.scriptHashes);
    }
  });

  it("keeps HTML and other unhashed files fresh 5 minutes, stale while revalidating for 30", async () => {
    for (const pathname of [
      "/",
      "/about-me/",
      "/de/",
      germanAddress("/contact/"),
      "/favicon.svg",
      "/robots.txt",
      "/sitemap.xml",
    ]) {
      const response = await get(origin, pathname);
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get("cache-control"), pathname).toBe(htmlCache);
    }
  });

  it("serves every date's calendar file as text/calendar in UTF-8, byte for byte, with the short cache and the security headers", async () => {
    const files = (await readdir(path.join(built.dir, "calendar"))).filter((file) => file.endsWith(".ics"));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const response = await get(origin, `/calendar/${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get("content-type"), file).toMatch(/^text\/calendar; charset=utf-8$/i);
      expect(response.headers.get("cache-control"), file).toBe(htmlCache);
      expectSecurityHeaders(response, built.scriptHashes);
      expect(await response.text(), file).toBe(await readFile(path.join(built.dir, "calendar", file), "utf8"));
    }
    const missing = await get(origin, "/calendar/1999-01-01.en.ics");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("sends the security headers, with a hash-only script-src, on pages and on 404s", async () => {
    for (const pathname of ["/", germanAddress("/pricing/"), "/nope/", "/de/nope/", "/nginx.conf"]) {
      const response = await get(origin, pathname);
      expectSecurityHeaders(response, built.scriptHashes);
      expect(response.headers.get("cache-control"), pathname).toBe(htmlCache);
    }
  });

  it("never serves the host configuration files", async () => {
    for (const pathname of ["/nginx.conf", "/_headers", "/_redirects"]) {
      const response = await get(origin, pathname);
      expect(response.status, pathname).toBe(404);
      expect(await response.text(), pathname).toContain('<html lang="en">');
    }
  });

  it("serves the precompressed .gz the build wrote, byte for byte, with Content-Encoding and Vary", async () => {
    const css = built.files.find((file) => file.startsWith("assets/") && file.endsWith(".css"))!;
    for (const [pathname, file] of [
      ["/about-me/", "about-me/index.html"],
      ["/de/", "de/index.html"],
      [`/${css}`, css],
      ["/sitemap.xml", "sitemap.xml"],
    ] as const) {
      expect(built.files, file).toContain(`${file}.gz`);
      const response = await rawGet(origin, pathname, { "accept-encoding": "gzip" });
      expect(response.status, pathname).toBe(200);
      expect(response.headers["content-encoding"], pathname).toBe("gzip");
      expect(response.headers["vary"], pathname).toMatch(/accept-encoding/i);
      // The exact bytes of the file on disk: served as written, not compressed again.
      expect(response.body.equals(await readFile(path.join(built.dir, `${file}.gz`))), pathname).toBe(true);
      expect(gunzipSync(response.body).equals(await readFile(path.join(built.dir, file))), pathname).toBe(true);
    }
    const plain = await rawGet(origin, "/about-me/", {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(await readFile(path.join(built.dir, "about-me/index.html")))).toBe(true);
  });

  it("never serves a dotfile or dot-folder (the output marker, .env, .git/), under any spelling", async () => {
    await writeFile(path.join(built.dir, ".env"), "SECRET=do-not-serve");
    await mkdir(path.join(built.dir, ".git"), { recursive: true });
    await writeFile(path.join(built.dir, ".git/config"), "SECRET=do-not-serve");
    await writeFile(path.join(built.dir, "assets/.DS_Store"), "SECRET=do-not-serve");
    for (const pathname of ["/.env", "/%2Eenv", "//.env", "/.git/config", "/assets/.DS_Store", "/de/../.env"]) {
      const response = await get(origin, pathname);
      expect(response.status, pathname).toBe(404);
      const body = await response.text();
      expect(body, pathname).not.toContain("SECRET");
      expect(body, pathname).toContain('<html lang="en">');
    }
  });

  it("compresses text with gzip", async () => {
    const script = built.files.find((file) => file.startsWith("assets/") && file.endsWith(".js"))!;
    for (const pathname of ["/", `/${script}`]) {
      const response = await get(origin, pathname, { headers: { "accept-encoding": "gzip" } });
      expect(response.headers.get("content-encoding"), pathname).toBe("gzip");
      expect(response.headers.get("vary"), pathname).toMatch(/accept-encoding/i);
    }
  });

  describe("in Chromium", () => {
    let browser: Browser;
    let context: BrowserContext;
    const violations: string[] = [];
    const thirdParty: string[] = [];

    beforeAll(async () => {
      browser = await launchChromium();
      context = await browser.newContext();
      await context.addInitScript(() => {
        const log: string[] = [];
        (window as unknown as { __csp: string[] }).__csp = log;
        document.addEventListener("securitypolicyviolation", (event) =>
          log.push(`${event.violatedDirective} ${event.blockedURI}`),
        );
      });
      // No network: the fonts stylesheet is answered here with one @font-face on fonts.gstatic.com,
      // whose request is then aborted. A CSP block would stop either request before it got here.
      await context.route(/^https:\/\/fonts\.googleapis\.com\//, (route) => {
        thirdParty.push(route.request().url());
        return route.fulfill({
          contentType: "text/css",
          body: '@font-face{font-family:"CspProbe";src:url(https://fonts.gstatic.com/probe.woff2) format("woff2")}body{font-family:"CspProbe",sans-serif!important}',
        });
      });
      await context.route(/^https:\/\/fonts\.gstatic\.com\//, (route) => {
        thirdParty.push(route.request().url());
        return route.abort();
      });
      await context.route(
        (url) => !url.href.startsWith(origin) && !/^https:\/\/fonts\.(googleapis|gstatic)\.com\//.test(url.href),
        (route) => route.abort(),
      );
    });

    afterAll(async () => {
      await context?.close();
      await browser?.close();
    });

    async function open(pathname: string): Promise<Page> {
      const page = await context.newPage();
      page.on("console", (message) => {
        if (/content security policy/i.test(message.text())) violations.push(`${pathname}: ${message.text()}`);
      });
      page.on("pageerror", (error) => violations.push(`${pathname}: page error ${error.message}`));
      const response = await page.goto(origin + pathname, { waitUntil: "load" });
      expect(response!.headers()["content-security-policy"], pathname).toBeTruthy();
      return page;
    }

    async function settle(page: Page, pathname: string) {
      await page.waitForLoadState("networkidle");
      const logged = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
      violations.push(...logged.map((entry) => `${pathname}: ${entry}`));
    }

    it("runs the head script, the speculation rules and the bundle, and loads the consented fonts, without a CSP violation", async () => {
      const home = await open("/");
      // The bundle ran: the banner shows while there is no choice.
      const accept = home.locator('button[data-consent="accepted"]');
      await accept.waitFor({ state: "visible" });
      await accept.click();
      await home.locator('link[rel="stylesheet"][data-consent-link]').waitFor({ state: "attached" });
      await expect
        .poll(() => thirdParty.some((url) => url.startsWith("https://fonts.googleapis.com/")), { timeout: 5000 })
        .toBe(true);
      await expect
        .poll(() => thirdParty.some((url) => url.startsWith("https://fonts.gstatic.com/")), { timeout: 5000 })
        .toBe(true);
      // Hovering a link lets the speculation rules prefetch it (eagerness: moderate).
      await home.locator('a[href="/about-me/"]').first().hover();
      await home.waitForTimeout(400);
      await settle(home, "/");
      await home.close();

      for (const pathname of [germanAddress("/contact/"), "/references/", "/nope/"]) {
        const page = await open(pathname);
        await settle(page, pathname);
        // The inline head script ran: it applied the stored choice before first paint.
        expect.soft(await page.evaluate(() => document.documentElement.dataset["consent"]), pathname).toBe("accepted");
        expect.soft(await page.locator("link[data-consent-link]").count(), pathname).toBeGreaterThan(0);
        await page.close();
      }
      expect(violations).toEqual([]);
    });
  });
});

describe("nginx with the shipped snippet (base path /ranch/)", () => {
  let built: Awaited<ReturnType<typeof buildWithHostFiles>>;
  let root: string;
  let nginx: Nginx;

  beforeAll(async () => {
    built = await buildWithHostFiles("/ranch/");
    // With a base path, the server's root holds the built site under that folder name.
    root = await mkdtemp(path.join(os.tmpdir(), "ranch-root-"));
    await symlink(built.dir, path.join(root, "ranch"));
    nginx = await startNginx({ root, include: path.join(built.dir, "nginx.conf") });
  });

  afterAll(async () => {
    await nginx?.stop();
    if (root) await rm(root, { recursive: true, force: true });
    if (built) await rm(built.dir, { recursive: true, force: true });
  });

  it("serves pages, redirects, 404s and headers below the base path", async () => {
    const { origin } = nginx;
    expect((await get(origin, "/ranch/")).status).toBe(200);
    const redirect = await get(origin, "/ranch/about-me");
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get("location")).toBe("/ranch/about-me/");
    const page = await get(origin, `/ranch${germanAddress("/pricing/")}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe(htmlCache);
    expectSecurityHeaders(page, built.scriptHashes);
    const german = await get(origin, "/ranch/de/nope/");
    expect(german.status).toBe(404);
    expect(await german.text()).toContain('<html lang="de">');
    const english = await get(origin, "/ranch/nope/");
    expect(english.status).toBe(404);
    expect(await english.text()).toContain('<html lang="en">');
    const stylesheet = built.files.find((file) => file.startsWith("assets/") && file.endsWith(".css"))!;
    expect((await get(origin, `/ranch/${stylesheet}`)).headers.get("cache-control")).toBe(immutable);
    expect((await get(origin, "/ranch/nginx.conf")).status).toBe(404);
  });
});
