/**
 * A fourth language by the README's steps alone (issue 36, "Done when"): the three-language project (English,
 * German and Danish, tests/fixtures/three-languages) gets Swedish by exactly the steps of "Adding a language", done
 * mechanically as an owner would (the texts stay English: a test fixture, not shipped), then `check` and `build`
 * run on it. What it proves is what a visitor and a search engine notice: Swedish pages at /sv/ in lang="sv", found
 * through hreflang, the sitemap and the language switch, dates in Swedish; and the Danish and German pages as they
 * were, but for their new Swedish alternate.
 */
import { copyFile, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readPage } from "../support/html.ts";
import { editFile, runCli } from "../support/project.ts";
import { threeLanguageProject } from "../support/three-languages.ts";

const base = "https://www.deichhof-sales-ranch.de";
type Run = { code: number; stdout: string; stderr: string };
let out: string;
let before: string;
let check: Run;
let build: Run;
/** The Swedish pages the build wrote: each folder of dist/sv/ with an index.html, and the home page. */
let swedish: string[];

/** The README's steps 1–4 for Swedish, as written there and nothing more. */
async function addSwedish(project: string) {
  // Step 1: the line in site.yaml's list, below the last language's.
  await editFile(project, "content/site.yaml", "  - code: da\n", "  - code: da\n  - code: sv\n");
  // Step 2: the dictionary, copied (its values stay English here).
  await copyFile(path.join(project, "content/i18n/en.yaml"), path.join(project, "content/i18n/sv.yaml"));
  // Step 3: the writing rules, with Swedish dates and numbers and Swedish quotation marks (”…”, ’…’).
  const rules = (await readFile(path.join(project, "content/languages/en.yaml"), "utf8"))
    .replace(/^formats: .*$/m, "formats: sv-SE")
    .replace(/^quotes: .*$/m, "quotes: ””’’");
  await writeFile(path.join(project, "content/languages/sv.yaml"), rules);
  // Step 4: each page and testimonial, its links leading to the Swedish pages (/sv/…).
  for (const folder of ["content/pages", "content/testimonials"]) {
    for (const file of await readdir(path.join(project, folder))) {
      if (!file.endsWith(".en.md")) continue;
      const text = (await readFile(path.join(project, folder, file), "utf8")).replace(/\]\(\/(?!sv\/)/g, "](/sv/");
      await writeFile(path.join(project, folder, file.replace(/\.en\.md$/, ".sv.md")), text);
    }
  }
}

/** The hreflang codes of a page's alternate links, in their order. */
const alternates = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)"/gi)].map(([, code]) => code);

/** A page's main content, without what names the other languages (the head and the language switch). */
const mainOf = async (dir: string, file: string) =>
  (await readPage(dir, file)).root.querySelector("main")?.innerHTML ?? "no <main>";

beforeAll(async () => {
  const [root, untouched] = await Promise.all([threeLanguageProject(), threeLanguageProject()]);
  await addSwedish(root);
  const tmp = await mkdtemp(path.join(os.tmpdir(), "ranch-swedish-"));
  out = path.join(tmp, "dist");
  before = path.join(tmp, "before");
  check = await runCli(["check", "--root", root]);
  build = await runCli(["build", "--root", root, "--out", out]);
  const unmodified = await runCli(["build", "--root", untouched, "--out", before]);
  expect(unmodified.code, unmodified.stderr).toBe(0);
  const folders = await readdir(path.join(out, "sv"), { withFileTypes: true }).catch(() => []);
  swedish = ["sv/index.html", ...folders.filter((f) => f.isDirectory()).map((f) => `sv/${f.name}/index.html`)];
}, 240_000);

describe("Swedish, added to three languages by the README's steps alone", () => {
  it("passes check and builds, with warnings (the untranslated copy) but no error", () => {
    expect(check.stderr).not.toMatch(/content errors?\b/);
    expect(check.code, check.stderr).toBe(0);
    expect(build.code, build.stderr).toBe(0);
  });

  it("has every page in Swedish at /sv/, each in lang=sv with alternates en, de, da, sv and x-default", async () => {
    for (const page of ["about-me", "pricing", "contact", "faq", "training-details", "privacy-policy", "imprint"])
      expect(swedish, page).toContain(`sv/${page}/index.html`);
    expect(swedish.length).toBeGreaterThan(10);
    for (const file of swedish) {
      const html = await readFile(path.join(out, file), "utf8");
      expect(html, file).toMatch(/<html lang="sv"/);
      if (/name="robots" content="noindex"/.test(html)) continue;
      expect(alternates(html), file).toEqual(["en", "de", "da", "sv", "x-default"]);
    }
    const home = await readFile(path.join(out, "sv/index.html"), "utf8");
    expect(home).toContain(`<link rel="alternate" hrefLang="sv" href="${base}/sv/"/>`);
    expect(home).toContain(`<link rel="alternate" hrefLang="da" href="${base}/da/"/>`);
    expect(home).toContain(`<link rel="alternate" hrefLang="x-default" href="${base}/"/>`);
  });

  it("lists the Swedish pages in the sitemap, beside the Danish ones", async () => {
    const sitemap = await readFile(path.join(out, "sitemap.xml"), "utf8");
    for (const page of ["", "about-me/", "pricing/", "faq/", "training-details/"])
      expect(sitemap, page).toContain(`<loc>${base}/sv/${page}</loc>`);
    expect(sitemap).toContain(`<loc>${base}/da/priser/</loc>`);
  });

  it("offers English, German and Danish in the language switch of a Swedish page, and Swedish on a Danish one", async () => {
    const offered = async (file: string) =>
      (await readPage(out, file)).root
        .querySelectorAll("a.lang-switch")
        .map((link) => `${link.getAttribute("lang")} ${link.getAttribute("href")}`);
    expect(await offered("sv/pricing/index.html")).toEqual(["en /pricing/", "de /de/preise/", "da /da/priser/"]);
    expect(await offered("da/priser/index.html")).toEqual(["en /pricing/", "de /de/preise/", "sv /sv/pricing/"]);
  });

  it("writes the dates in Swedish (sv-SE) and sets Swedish quotation marks", async () => {
    const main = await mainOf(out, "sv/index.html");
    expect(main).toMatch(/\b\d{1,2}[–-]\d{1,2}\s(mars|april|maj|juni)\s20\d\d\b/);
    expect(main).not.toMatch(/\b(March|März|marts|Juni|Oktober)\b/);
    const cookies = await mainOf(out, "sv/cookie-policy/index.html");
    expect(cookies).toContain("”Accept All”");
    expect(cookies).not.toMatch(/[“„»]/);
  });

  it("leaves the Danish, German and English pages' content as it was, but for the new alternate", async () => {
    const files = ["da/index.html", "da/priser/index.html", "de/index.html", "de/preise/index.html", "index.html"];
    for (const file of [...files, "about-me/index.html"]) {
      expect(await mainOf(out, file), file).toBe(await mainOf(before, file));
    }
    for (const file of ["da/index.html", "de/index.html"]) {
      expect(alternates(await readFile(path.join(out, file), "utf8")), file).toEqual([
        "en",
        "de",
        "da",
        "sv",
        "x-default",
      ]);
      expect(alternates(await readFile(path.join(before, file), "utf8")), file).toEqual([
        "en",
        "de",
        "da",
        "x-default",
      ]);
    }
  });
});
