/**
 * Old addresses keep working (design.md §11): the German pages' English-named addresses of before forward to
 * their German ones, and renaming a slug later adds its redirect by itself, through the address lock that
 * `build` keeps in content/. Each old address answers with one redirect to the page now, never a chain.
 */
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { readPage } from "../support/html.ts";
import { copyProject, editFile, runCli } from "../support/project.ts";
import { address } from "../support/addresses.ts";

/** The old German addresses of before, each with the page it belongs to. */
const oldGerman = {
  "/de/about-me/": "about-me",
  "/de/references/": "references",
  "/de/contact/": "contact",
  "/de/pricing/": "pricing",
  "/de/programme/": "programme",
  "/de/training-details/": "training-details",
  "/de/imprint/": "imprint",
  "/de/privacy-policy/": "privacy-policy",
  "/de/terms-of-service/": "terms-of-service",
  "/de/cookie-policy/": "cookie-policy",
};

let root: string;
let out: string;

/** The `_redirects` lines that Cloudflare Pages follows (status 301), as from → to. */
const redirectsOf = async (dir: string) =>
  Object.fromEntries(
    (await readFile(path.join(dir, "_redirects"), "utf8"))
      .split("\n")
      .map((line) => line.split(/\s+/))
      .filter(([, , status]) => status === "301")
      .map(([from, to]) => [from, to]),
  );

beforeAll(async () => {
  root = await copyProject();
  out = path.join(await mkdtemp(path.join(os.tmpdir(), "ranch-addresses-")), "dist");
  const { code, stderr } = await runCli(["build", "--root", root, "--out", out]);
  expect(stderr).toBe("");
  expect(code).toBe(0);
});

describe("the German pages' old addresses", () => {
  it("each forward to the page's German address in every host's rules", async () => {
    const redirects = await redirectsOf(out);
    for (const [old, page] of Object.entries(oldGerman)) {
      expect(redirects[old], old).toBe(address(page, "de"));
      expect(redirects[old.slice(0, -1)], old).toBe(address(page, "de"));
    }
    const nginx = await readFile(path.join(out, "nginx.conf"), "utf8");
    const htaccess = await readFile(path.join(out, ".htaccess"), "utf8");
    for (const [old, page] of Object.entries(oldGerman)) {
      expect(nginx).toContain(`location = ${old} {\n    return 301 ${address(page, "de")}$is_args$args;`);
      expect(htaccess).toContain(`RewriteRule ^${old.slice(1, -1)}/?$ ${address(page, "de")} [R=301,L]`);
    }
  });

  it("each have a forwarding page for hosts without rules: canonical, refresh, noindex, a link, in no sitemap", async () => {
    const sitemap = await readFile(path.join(out, "sitemap.xml"), "utf8");
    for (const [old, page] of Object.entries(oldGerman)) {
      const { root: html } = await readPage(out, `${old.slice(1)}index.html`);
      const now = address(page, "de");
      expect(html.querySelector("html")?.getAttribute("lang"), old).toBe("de");
      expect(html.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
        `https://www.deichhof-sales-ranch.de${now}`,
      );
      expect(html.querySelector('meta[http-equiv="refresh"]')?.getAttribute("content")).toBe(`0; url=${now}`);
      expect(html.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex");
      expect(html.querySelector("body a")?.getAttribute("href")).toBe(now);
      expect(sitemap).not.toContain(old);
    }
  });
});

describe("renaming a slug later", () => {
  let renamed: string;
  let lock: Record<string, Record<string, string[]>>;
  let warnings: string;

  beforeAll(async () => {
    await editFile(root, "content/pages/pricing.de.md", "slug: preise", "slug: preisliste");
    // A page that links to the same address many times, as a long text or a generated one does.
    const terms = path.join(root, "content/pages/terms-of-service.de.md");
    const links = Array.from({ length: 20 }, (_, index) => `[Preise ${index}](/de/preise/#dates)`).join(" ");
    await writeFile(terms, `${await readFile(terms, "utf8")}\n${links}\n`);
    renamed = path.join(await mkdtemp(path.join(os.tmpdir(), "ranch-renamed-")), "dist");
    const { code, stderr } = await runCli(["build", "--root", root, "--out", renamed]);
    expect(code).toBe(0);
    warnings = stderr;
    lock = parse(await readFile(path.join(root, "content/addresses.lock.yaml"), "utf8"));
  });

  it("builds, and names each link of the texts that still leads to the old address (it works, with a detour)", async () => {
    // Located at the link's address in the text, wherever the legal text puts it.
    const lines = (await readFile(path.join(root, "content/pages/terms-of-service.de.md"), "utf8")).split("\n");
    const line = lines.findIndex((text) => text.includes("(/de/preise/)"));
    const column = lines[line]!.indexOf("/de/preise/") + 1;
    expect(warnings).toContain(
      `content/pages/terms-of-service.de.md:${line + 1}:${column}: warning: The link "/de/preise/" leads to an old address of /de/preisliste/`,
    );
    expect(warnings).not.toMatch(/error/i);
  });

  it("warns once per file and old address, at its first link, with how many more links there lead to it", () => {
    const lines = warnings.split("\n").filter((line) => line.includes("leads to an old address of /de/preisliste/"));
    const inTerms = lines.filter((line) => line.startsWith("content/pages/terms-of-service.de.md:"));
    // The text's own link and the 20 written above: one warning, not 21.
    expect(inTerms).toHaveLength(1);
    expect(inTerms[0]).toMatch(
      /leads to an old address of \/de\/preisliste\/ \(and 20 more links to it in this file\)$/,
    );
    // Each file that links there has its one line.
    expect(new Set(lines.map((line) => line.split(":")[0])).size).toBe(lines.length);
  });

  it("records the new address first in the address lock, the earlier ones after it", () => {
    expect(lock["de"]!["pricing"]).toEqual(["/de/preisliste/", "/de/preise/", "/de/pricing/"]);
  });

  it("forwards every earlier address straight to the new one: one redirect, never a chain", async () => {
    const redirects = await redirectsOf(renamed);
    expect(redirects["/de/preise/"]).toBe("/de/preisliste/");
    expect(redirects["/de/pricing/"]).toBe("/de/preisliste/");
    const { root: forwarding } = await readPage(renamed, "de/preise/index.html");
    expect(forwarding.querySelector('meta[http-equiv="refresh"]')?.getAttribute("content")).toBe(
      "0; url=/de/preisliste/",
    );
  });

  it("is noted by check while the lock does not know the address yet: build records it, the lock is committed", async () => {
    await editFile(root, "content/pages/pricing.de.md", "slug: preisliste", "slug: preise-und-termine");
    const { code, stderr } = await runCli(["check", "--root", root]);
    expect(code).toBe(0);
    expect(stderr).toContain(
      "content/addresses.lock.yaml: warning: The address lock does not know /de/preise-und-termine/ yet",
    );
  });
});
