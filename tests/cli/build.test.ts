import { execFile } from "node:child_process";
import { address, outputFile } from "../support/addresses.ts";
import { existsSync } from "node:fs";
import { mkdtemp, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { readPage, visibleText, type BuiltPage } from "../support/html.ts";
import { routes } from "../support/pages.ts";
import { projectRoot } from "../support/site.ts";

const run = promisify(execFile);
const base = "https://www.deichhof-sales-ranch.de";
// The indexable routes, the programme sheet (noindex, issue 28) and the not-found page, in each language.
const noindex = ["programme/index.html", "404.html"];
/** Each English file with its German one, where the routes put it (`pricing/index.html`, `de/preise/index.html`). */
const germanFile = (file: string) =>
  file === "404.html" ? "de/404.html" : outputFile(`/${file.slice(0, -"index.html".length)}`, "de");
const englishOf = new Map<string, string>();
const htmlFiles = [...routes.map((route) => `${route.slice(1)}index.html`), ...noindex].flatMap((file) => {
  englishOf.set(germanFile(file), file);
  return [file, germanFile(file)];
});
/** The noindex pages in each language. */
const noindexFiles = new Set(noindex.flatMap((file) => [file, germanFile(file)]));
/** The forwarding pages of the German pages' earlier addresses (content/addresses.lock.yaml), for hosts without rules. */
const forwardingFiles = Object.values(
  parse(await readFile(path.join(projectRoot, "content/addresses.lock.yaml"), "utf8")) as Record<
    string,
    Record<string, string[]>
  >,
).flatMap((lockPages) =>
  Object.values(lockPages).flatMap(([, ...before]) => before.map((old) => `${old.slice(1)}index.html`)),
);

let out: string;
let stdout: string;
let pages: BuiltPage[];

beforeAll(async () => {
  out = path.join(await mkdtemp(path.join(os.tmpdir(), "ranch-cli-")), "dist");
  ({ stdout } = await run(process.execPath, ["bin/ranch-site.js", "build", "--out", out], { cwd: projectRoot }));
  pages = await Promise.all(htmlFiles.map((file) => readPage(out, file)));
});

const page = (file: string) => pages.find((candidate) => candidate.file === file)!;
const pageUrl = (file: string) => `${base}/${file.replace(/index\.html$/, "")}`;

describe("ranch-site build", () => {
  it("prints one summary line with pages written and time taken, then how to look at the site", () => {
    const [summary, next, ...rest] = stdout.trim().split("\n");
    expect(summary).toMatch(/^Built 26 pages \(\d+ files\) into .+ in \d+ ms\.$/);
    // The same folder the build wrote, for the serve command to show.
    expect(next).toBe(`Preview it: npm run serve -- --out ${out}`);
    expect(rest).toEqual([]);
  });

  it("quotes a folder the shell would split in the command it suggests", async () => {
    const spaced = path.join(path.dirname(out), "it's my site");
    const { stdout } = await run(process.execPath, ["bin/ranch-site.js", "build", "--out", spaced], {
      cwd: projectRoot,
    });
    expect(stdout.trim().split("\n")[1]).toBe(`Preview it: npm run serve -- --out '${spaced.replace("'", "'\\''")}'`);
  });

  it("writes the 26 HTML files of the output contract and the old addresses' forwarding pages, and nothing else as HTML", async () => {
    const { stdout: listing } = await run("find", [out, "-name", "*.html"]);
    expect(
      listing
        .trim()
        .split("\n")
        .map((file) => path.relative(out, file))
        .sort(),
    ).toEqual([...htmlFiles, ...forwardingFiles].sort());
  });

  it("sets <html lang> by locale", () => {
    for (const { file, root } of pages)
      expect(root.querySelector("html")!.getAttribute("lang"), file).toBe(file.startsWith("de/") ? "de" : "en");
  });

  it("gives each indexable page a self canonical and the same hreflang set as its alternate", () => {
    for (const { file, root } of pages.filter((candidate) => !noindexFiles.has(candidate.file))) {
      expect(root.querySelector('link[rel="canonical"]')!.getAttribute("href"), file).toBe(pageUrl(file));
      const hreflang = root
        .querySelectorAll('link[rel="alternate"]')
        .map((link) => [link.getAttribute("hreflang") ?? link.getAttribute("hrefLang"), link.getAttribute("href")]);
      const englishFile = englishOf.get(file) ?? file;
      const english = pageUrl(englishFile);
      expect(hreflang, file).toEqual([
        ["en", english],
        ["de", pageUrl(germanFile(englishFile))],
        ["x-default", english],
      ]);
    }
  });

  it("marks the not-found pages noindex, without canonical", () => {
    for (const file of ["404.html", "de/404.html"]) {
      expect(page(file).root.querySelector('meta[name="robots"]')!.getAttribute("content")).toBe("noindex");
      expect(page(file).root.querySelector('link[rel="canonical"]')).toBeNull();
    }
  });

  it("lists the 22 indexable pages in the sitemap, each with en, de and x-default alternates", async () => {
    const xml = await readFile(path.join(out, "sitemap.xml"), "utf8");
    const locs = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toHaveLength(22);
    expect(new Set(locs)).toEqual(new Set(htmlFiles.filter((file) => !noindexFiles.has(file)).map(pageUrl)));
    expect(xml).not.toMatch(/404/);
    expect(xml.match(/hreflang="x-default"/g)).toHaveLength(22);
    expect(xml.match(/<xhtml:link /g)).toHaveLength(66);
  });

  it("writes robots.txt naming the sitemap", async () => {
    expect(await readFile(path.join(out, "robots.txt"), "utf8")).toContain(`Sitemap: ${base}/sitemap.xml`);
  });

  it("resolves every internal link and #fragment to a built page or an existing id", () => {
    const ids = new Map(
      pages.map(({ file, root }) => [file, new Set(root.querySelectorAll("[id]").map((element) => element.id))]),
    );
    for (const { file, root } of pages) {
      for (const link of root.querySelectorAll("a[href], link[href], script[src]")) {
        const target = link.getAttribute("href") ?? link.getAttribute("src")!;
        if (/^(https?:|mailto:|tel:|data:)/.test(target)) continue;
        const resolved = new URL(target, `http://site/${file}`);
        const targetFile = resolved.pathname.slice(1).replace(/(^|\/)$/, "$1index.html");
        expect(existsSync(path.join(out, targetFile)), `${file} links to ${target}`).toBe(true);
        if (resolved.hash)
          expect(ids.get(targetFile)?.has(resolved.hash.slice(1)), `${file} links to ${target}`).toBe(true);
      }
    }
  });

  it("shows no raw translation key and no sentence of the other language on any page", async () => {
    const dictionaries = Object.fromEntries(
      await Promise.all(
        ["en", "de"].map(
          async (locale) =>
            [
              locale,
              flatten(parse(await readFile(path.join(projectRoot, `content/i18n/${locale}.yaml`), "utf8"))),
            ] as const,
        ),
      ),
    );
    // Every key of every dictionary, as the text a template shows for a key it cannot find.
    const allKeys = [...new Set(Object.values(dictionaries).flatMap((dictionary) => Object.keys(dictionary)))];
    expect(allKeys.length).toBeGreaterThan(100);
    for (const current of pages) {
      const locale = current.file.startsWith("de/") ? "de" : "en";
      const other = locale === "de" ? "en" : "de";
      const text = visibleText(current);
      for (const [key, value] of Object.entries(dictionaries[other]!)) {
        const sentence = !value.includes("{") && value.split(" ").length >= 4 && value !== dictionaries[locale]![key];
        if (sentence) expect(text, `${current.file} shows ${other} "${key}"`).not.toContain(value);
      }
      const shown = allKeys.filter((key) =>
        new RegExp(`(?<![\\w.-])${key.replaceAll(".", "\\.")}(?![\\w-])`).test(text),
      );
      expect(shown, `${current.file} shows raw keys`).toEqual([]);
    }
  });

  it("carries --base-path and --base-url into links, canonicals and the sitemap", async () => {
    const hosted = path.join(path.dirname(out), "hosted");
    await run(
      process.execPath,
      ["bin/ranch-site.js", "build", "--out", hosted, "--base-path", "/ranch/", "--base-url", "https://example.org"],
      { cwd: projectRoot },
    );
    const about = await readPage(hosted, outputFile("about-me", "de"));
    expect(about.root.querySelector('link[rel="canonical"]')!.getAttribute("href")).toBe(
      `https://example.org/ranch${address("about-me", "de")}`,
    );
    expect(about.root.querySelector(".brand")!.getAttribute("href")).toBe("/ranch/de/");
    expect(await readFile(path.join(hosted, "sitemap.xml"), "utf8")).toContain(
      "<loc>https://example.org/ranch/pricing/</loc>",
    );
  });
});

function flatten(value: unknown, prefix = ""): Record<string, string> {
  if (typeof value === "string") return { [prefix]: value };
  return Object.assign(
    {},
    ...Object.entries(value as object).map(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key)),
  );
}
