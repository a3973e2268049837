/**
 * The shipped `_headers` and `_redirects` on the hosts' own servers, offline (tests/support/real-hosts.ts):
 * Cloudflare's `wrangler pages dev` and Netlify's `netlify dev`, each serving the shared fresh build.
 * German misses get the German 404 page with status 404, English ones the English page; the security
 * headers arrive everywhere and the cache headers where the host applies them; every `_redirects` rule
 * behaves as written; and no host file or the build's marker is served.
 */
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { immutableCache, shortCache, unpublishedFiles } from "../../generator/hosts/host-config.ts";
import { hostTools, request, startNetlify, startWrangler, type RealHost } from "../support/real-hosts.ts";
import { buildSite, builtSite } from "../support/site.ts";
import { german } from "../support/addresses.ts";
import { securityHeaderNames } from "../support/security-headers.ts";

/** The built 404 pages, byte for byte: what each host must answer a miss with. */
async function notFoundPages(dir: string): Promise<{ en: string; de: string }> {
  const page = (file: string) => readFile(path.join(dir, file), "utf8");
  return { en: await page("404.html"), de: await page("de/404.html") };
}

/** The two policies `_headers` names: the editor's (its /admin/* block) and the site's (the home page's block). */
async function policiesOf(dir: string): Promise<{ editorPolicy: string; sitePolicy: string }> {
  const blocks = (await readFile(path.join(dir, "_headers"), "utf8")).split("\n\n");
  const policy = (pattern: string) =>
    blocks
      .map((block) => block.split("\n").filter((line) => !line.startsWith("#")))
      .find(([first]) => first === pattern)
      ?.find((line) => line.startsWith("  Content-Security-Policy: "))
      ?.slice("  Content-Security-Policy: ".length) ?? "";
  return { editorPolicy: policy("/admin/*"), sitePolicy: policy("/") };
}

/** `_headers` as Netlify's own parser reads it (@netlify/headers-parser, what netlify-cli uses): its regexps decide which rules apply. */
async function netlifyRules(dir: string): Promise<{ forRegExp: RegExp; values: Record<string, string> }[]> {
  const parser = path.join(hostTools, "@netlify/headers-parser/lib/index.js");
  const { parseAllHeaders } = (await import(pathToFileURL(parser).href)) as {
    parseAllHeaders: (options: object) => Promise<{
      headers: { forRegExp: RegExp; values: Record<string, string> }[];
      errors: unknown[];
    }>;
  };
  const { headers, errors } = await parseAllHeaders({
    headersFiles: [path.join(dir, "_headers")],
    configHeaders: [],
    minimal: false,
  });
  expect(errors).toEqual([]);
  return headers;
}

const starters = { wrangler: startWrangler, netlify: startNetlify };

describe.each(Object.keys(starters) as (keyof typeof starters)[])("the shipped host files on %s, offline", (tool) => {
  let host: RealHost;
  let pages: { en: string; de: string };
  let dir: string;

  beforeAll(async () => {
    dir = builtSite();
    pages = await notFoundPages(dir);
    host = await starters[tool](dir);
  }, 300_000);
  afterAll(() => host?.stop());

  it("German misses get the German 404 page with status 404, others the English one", async () => {
    for (const [pathname, locale] of [
      ["/de/nope/", "de"],
      ["/de/about-me/missing", "de"],
      ["/nope/", "en"],
      ["/about-me/missing.html", "en"],
    ] as const) {
      const { status, body } = await request(host, pathname);
      expect(status, `${host.name} ${pathname}`).toBe(404);
      expect(body === pages[locale], `${host.name} ${pathname}: the ${locale} 404 page`).toBe(true);
    }
  });

  it("pages and files answer 200 with the security headers of _headers", async () => {
    const assets = (await readFile(path.join(dir, "index.html"), "utf8")).match(/\/assets\/[^"']+\.css/);
    for (const pathname of [
      "/",
      "/de/",
      "/about-me/",
      german("/contact/"),
      "/robots.txt",
      "/sitemap.xml",
      assets![0],
    ]) {
      const { status, headers } = await request(host, pathname);
      expect(status, `${host.name} ${pathname}`).toBe(200);
      for (const name of securityHeaderNames)
        expect(headers.get(name), `${host.name} ${pathname} ${name}`).toBeTruthy();
      expect(headers.get("content-security-policy")).not.toContain("'unsafe-inline'");
    }
  });

  it("the cache headers of _headers arrive, each once", async () => {
    const css = (await readFile(path.join(dir, "index.html"), "utf8")).match(/\/assets\/[^"']+\.css/)![0];
    const cache = async (pathname: string) => (await request(host, pathname)).headers.get("cache-control");
    if (tool === "netlify") {
      // netlify dev's static server sets its own Cache-Control ("public, max-age=0…", netlify-cli's
      // static-server.js), which wins over what the proxy took from _headers; Netlify's parser is proven
      // below. What the proxy must not do is join two rules' values into one header.
      for (const pathname of ["/", german("/about-me/"), css])
        expect((await cache(pathname))?.match(/max-age/g)?.length, `${host.name} ${pathname}`).toBe(1);
      return;
    }
    expect(await cache("/")).toBe(shortCache);
    expect(await cache(german("/about-me/"))).toBe(shortCache);
    expect(await cache("/robots.txt")).toBe(shortCache);
    expect(await cache(css)).toBe(immutableCache);
  });

  it("every _redirects rule behaves as written", async () => {
    const rules = (await readFile(path.join(dir, "_redirects"), "utf8"))
      .split("\n")
      .filter((line) => line.trim() && !line.startsWith("#"))
      .map((line) => line.trim().split(/\s+/) as [string, string, string]);
    expect(rules.length).toBeGreaterThan(0);
    for (const [from, to, status] of rules) {
      const probe = from.replace(/\*$/, "ranch-probe/");
      const response = await request(host, probe);
      // An old address of a page: one permanent redirect to its address now (tests/host/old-addresses.test.ts).
      if (status.startsWith("301")) {
        expect(response.status, `${host.name}: ${from} ${status}`).toBe(301);
        expect(new URL(response.headers.get("location")!, host.origin).pathname, `${host.name}: ${from}`).toBe(to);
        continue;
      }
      // Every other rule of the site ends in a 404: a forced one, a rewrite to a path that does not exist
      // (Cloudflare), or a language's not-found page.
      expect(response.status, `${host.name}: ${from} ${status}`).toBe(404);
      const locale = from.startsWith("/de/") ? "de" : "en";
      expect(response.body === pages[locale], `${host.name}: ${from}, the ${locale} 404 page`).toBe(true);
    }
  });

  it("serves no host file and not the build's marker", async () => {
    for (const file of unpublishedFiles) {
      const { status, body } = await request(host, `/${file}`);
      expect(status, `${host.name} /${file}`).toBe(404);
      expect(body === pages.en, `${host.name} /${file}: the 404 page`).toBe(true);
    }
  });
});

describe.each(Object.keys(starters) as (keyof typeof starters)[])(
  "the web editor beside the site on %s, offline",
  (tool) => {
    let host: RealHost;
    let dir: string;

    beforeAll(async () => {
      dir = await buildSite({ admin: true });
      host = await starters[tool](dir);
    }, 300_000);
    afterAll(async () => {
      await host?.stop();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it("/admin/ answers with its own policy only, and the site's pages keep theirs", async () => {
      const { editorPolicy, sitePolicy } = await policiesOf(dir);
      expect(editorPolicy).toContain("'unsafe-eval'");
      expect(sitePolicy).not.toContain("'unsafe-eval'");
      for (const pathname of ["/admin/", "/admin/config.de.yml", "/admin/decap-cms.js"]) {
        const { status, headers } = await request(host, pathname);
        expect(status, `${host.name} ${pathname}`).toBe(200);
        // One policy, the editor's: a second one joined to it would forbid what the editor needs.
        expect(headers.get("content-security-policy"), `${host.name} ${pathname}`).toBe(editorPolicy);
        expect(headers.get("cross-origin-opener-policy"), `${host.name} ${pathname}`).toBe("same-origin-allow-popups");
        expect(headers.get("x-content-type-options"), `${host.name} ${pathname}`).toBe("nosniff");
      }
      const page = await readFile(path.join(dir, "index.html"), "utf8");
      const css = page.match(/\/assets\/[^"']+\.css/)![0];
      for (const pathname of ["/", "/de/", "/about-me/", german("/contact/"), "/robots.txt", css, "/de/nope/"]) {
        const { headers } = await request(host, pathname);
        expect(headers.get("content-security-policy"), `${host.name} ${pathname}`).toBe(sitePolicy);
        expect(headers.get("cross-origin-opener-policy"), `${host.name} ${pathname}`).toBe("same-origin");
      }
      // A miss outside every top-level folder of the site matches only `/*`: the security headers without a
      // policy (netlify dev happens to take the 404 page's), never the editor's.
      const miss = await request(host, "/nope/");
      expect(miss.status).toBe(404);
      expect(miss.headers.get("x-content-type-options")).toBe("nosniff");
      expect([null, sitePolicy]).toContain(miss.headers.get("content-security-policy"));
      if (tool !== "netlify") return;
      // netlify dev lets the last matching rule win; Netlify joins them. Its own parser shows one rule per path.
      const rules = await netlifyRules(dir);
      for (const pathname of ["/", "/index.html", "/admin/", "/admin/config.de.yml", css, german("/about-me/")])
        expect(
          rules.filter((rule) => rule.forRegExp.test(pathname) && rule.values["Content-Security-Policy"]).length,
          pathname,
        ).toBe(1);
    });
  },
);

describe("Netlify's own _headers parser (the one netlify dev applies) on the shipped file", () => {
  it("gives pages the short cache and hashed assets the immutable one, each from one rule", async () => {
    const dir = builtSite();
    const headers = await netlifyRules(dir);
    const css = (await readFile(path.join(dir, "index.html"), "utf8")).match(/\/assets\/[^"']+\.css/)![0];
    const caches = (pathname: string) =>
      headers.filter((rule) => rule.forRegExp.test(pathname)).flatMap((rule) => rule.values["Cache-Control"] ?? []);
    expect(caches("/")).toEqual([shortCache]);
    expect(caches(german("/about-me/"))).toEqual([shortCache]);
    expect(caches("/robots.txt")).toEqual([shortCache]);
    expect(caches(css)).toEqual([immutableCache]);
    for (const pathname of ["/", css, "/de/nope/"])
      expect(
        headers.filter((rule) => rule.forRegExp.test(pathname) && rule.values["Content-Security-Policy"]).length,
      ).toBe(1);
  });
});
