/**
 * Old addresses keep working on every host (issue 36): each earlier address of a German page that
 * content/addresses.lock.yaml remembers (/de/pricing/ before /de/preise/) is requested through nginx with the
 * shipped nginx.conf, Apache with the shipped .htaccess, and Cloudflare's and Netlify's own servers with the
 * shipped `_redirects`: each answers one permanent redirect straight to the page's address now, with and
 * without the trailing slash, the query kept, and the new address answers 200. GitHub Pages reads no rules:
 * there the forwarding page at the old address carries the canonical of the new one, a refresh and noindex.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { startApache, type Apache } from "../support/apache.ts";
import { readPage } from "../support/html.ts";
import { startNginx, type Nginx } from "../support/nginx.ts";
import { rawGet } from "../support/ports.ts";
import { request, startNetlify, startWrangler, type RealHost } from "../support/real-hosts.ts";
import { builtSite, projectRoot } from "../support/site.ts";

/** Every earlier address the lock remembers, each with the page's address now: `["/de/pricing/", "/de/preise/"]`. */
async function oldAddresses(): Promise<[string, string][]> {
  const lock = parse(await readFile(path.join(projectRoot, "content/addresses.lock.yaml"), "utf8")) as Record<
    string,
    Record<string, string[]>
  >;
  return Object.values(lock).flatMap((pages) =>
    Object.values(pages).flatMap(([now, ...before]) => before.map((old): [string, string] => [old, now!])),
  );
}

/** What a host answers one request with: its status, and where a redirect leads (path and query). */
type Answer = { status: number; location: string | undefined };

/** The old addresses as a visitor may type or follow them: as remembered, without the slash, with a query. */
const requests = (old: string, now: string) => [
  { path: old, to: now },
  { path: old.replace(/\/$/, ""), to: now },
  { path: `${old}?utm_source=newsletter&tag=%C3%BC`, to: `${now}?utm_source=newsletter&tag=%C3%BC` },
];

/** The location as a path and query, whether the host wrote it relative or absolute. */
const pathOf = (location: string | undefined, origin: string) => {
  if (location === undefined) return undefined;
  const url = new URL(location, origin);
  return url.pathname + url.search;
};

/** Asks a host for every old address and checks one permanent redirect to the address now, which answers 200. */
async function expectForwarded(name: string, origin: string, ask: (pathname: string) => Promise<Answer>) {
  const moved = await oldAddresses();
  expect(moved.length, "the lock remembers the German pages' English-named addresses").toBeGreaterThanOrEqual(10);
  for (const [old, now] of moved) {
    for (const { path: asked, to } of requests(old, now)) {
      const answer = await ask(asked);
      expect(answer.status, `${name} ${asked}`).toBe(301);
      expect(pathOf(answer.location, origin), `${name} ${asked}`).toBe(to);
    }
    // One redirect, never a chain: the new address is the page itself.
    expect((await ask(now)).status, `${name} ${now}`).toBe(200);
  }
}

let dir: string;
beforeAll(() => {
  dir = builtSite();
});

describe("old German addresses on nginx with the shipped nginx.conf", () => {
  let nginx: Nginx;
  beforeAll(async () => {
    nginx = await startNginx({ root: dir, include: path.join(dir, "nginx.conf") });
  });
  afterAll(() => nginx?.stop());

  it("each answers one 301 to the page's German address, the query kept", async () => {
    await expectForwarded("nginx", nginx.origin, async (pathname) => {
      const answer = await rawGet(nginx.origin, pathname);
      return { status: answer.status, location: answer.headers.location };
    });
  });
});

describe("old German addresses on Apache with the shipped .htaccess", () => {
  let apache: Apache;
  beforeAll(async () => {
    apache = await startApache(dir);
  });
  afterAll(() => apache?.stop());

  it("each answers one 301 to the page's German address, the query kept", async () => {
    await expectForwarded("Apache", apache.origin, async (pathname) => {
      const answer = await rawGet(apache.origin, pathname);
      return { status: answer.status, location: answer.headers.location };
    });
  });
});

const starters = { wrangler: startWrangler, netlify: startNetlify };

describe.each(Object.keys(starters) as (keyof typeof starters)[])(
  "old German addresses with the shipped _redirects on %s, offline",
  (tool) => {
    let host: RealHost;
    beforeAll(async () => {
      host = await starters[tool](dir);
    }, 300_000);
    afterAll(() => host?.stop());

    it("each answers one 301 to the page's German address, the query kept", async () => {
      await expectForwarded(tool, host.origin, async (pathname) => {
        const answer = await request(host, pathname);
        return { status: answer.status, location: answer.headers.get("location") ?? undefined };
      });
    });
  },
);

describe("old German addresses on GitHub Pages, which reads no rules", () => {
  it("each has a forwarding page: the new address's canonical, a refresh to it, noindex, a link to follow", async () => {
    const site = parse(await readFile(path.join(projectRoot, "content/site.yaml"), "utf8")) as { baseUrl: string };
    for (const [old, now] of await oldAddresses()) {
      const { root } = await readPage(dir, `${old.slice(1)}index.html`);
      expect(root.querySelector('link[rel="canonical"]')?.getAttribute("href"), old).toBe(
        new URL(now, site.baseUrl).href,
      );
      expect(root.querySelector('meta[http-equiv="refresh"]')?.getAttribute("content"), old).toBe(`0; url=${now}`);
      expect(root.querySelector('meta[name="robots"]')?.getAttribute("content"), old).toBe("noindex");
      expect(root.querySelector(`a[href="${now}"]`), old).not.toBeNull();
    }
    const sitemap = await readFile(path.join(dir, "sitemap.xml"), "utf8");
    for (const [old] of await oldAddresses()) expect(sitemap, old).not.toContain(`${old}<`);
  });
});
