/**
 * A fourth language by the README's steps alone (issue 36, "Done when"): a copy of the project gets Danish by
 * exactly the steps of "Adding a language", done mechanically as an owner would (the texts stay English: a test
 * fixture, not shipped), then `check` and `build` run on it. What it proves is what a visitor and a search engine
 * notice: Danish pages at /da/ in lang="da", found through hreflang, the sitemap and the language switch, dates in
 * Danish; and the German pages as they were, but for their new Danish alternate.
 */
import { copyFile, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readPage } from "../support/html.ts";
import { copyProject, editFile, runCli } from "../support/project.ts";

const base = "https://www.deichhof-sales-ranch.de";
type Run = { code: number; stdout: string; stderr: string };
let out: string;
let before: string;
let check: Run;
let build: Run;
/** The Danish pages the build wrote: each folder of dist/da/ with an index.html, and the home page. */
let danish: string[];

/** The README's steps 1–4 for Danish, as written there and nothing more. */
async function addDanish(project: string) {
  // Step 1: the line in site.yaml's list.
  await editFile(project, "content/site.yaml", "  - code: de\n", "  - code: de\n  - code: da\n");
  // Step 2: the dictionary, copied (its values stay English here).
  await copyFile(path.join(project, "content/i18n/en.yaml"), path.join(project, "content/i18n/da.yaml"));
  // Step 3: the writing rules, with Danish dates and numbers and Danish quotation marks.
  const rules = (await readFile(path.join(project, "content/languages/en.yaml"), "utf8"))
    .replace(/^formats: .*$/m, "formats: da-DK")
    .replace(/^quotes: .*$/m, "quotes: »«›‹");
  await writeFile(path.join(project, "content/languages/da.yaml"), rules);
  // Step 4: each page and testimonial, its links leading to the Danish pages (/da/…).
  for (const folder of ["content/pages", "content/testimonials"]) {
    for (const file of await readdir(path.join(project, folder))) {
      if (!file.endsWith(".en.md")) continue;
      const text = (await readFile(path.join(project, folder, file), "utf8")).replace(/\]\(\/(?!da\/)/g, "](/da/");
      await writeFile(path.join(project, folder, file.replace(/\.en\.md$/, ".da.md")), text);
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
  const [root, untouched] = await Promise.all([copyProject(), copyProject()]);
  await addDanish(root);
  const tmp = await mkdtemp(path.join(os.tmpdir(), "ranch-danish-"));
  out = path.join(tmp, "dist");
  before = path.join(tmp, "before");
  check = await runCli(["check", "--root", root]);
  build = await runCli(["build", "--root", root, "--out", out]);
  const unmodified = await runCli(["build", "--root", untouched, "--out", before]);
  expect(unmodified.code, unmodified.stderr).toBe(0);
  const folders = await readdir(path.join(out, "da"), { withFileTypes: true }).catch(() => []);
  danish = ["da/index.html", ...folders.filter((f) => f.isDirectory()).map((f) => `da/${f.name}/index.html`)];
}, 240_000);

describe("Danish, added by the README's steps alone", () => {
  it("passes check and builds, with warnings (the untranslated copy) but no error", () => {
    expect(check.stderr).not.toMatch(/content errors?\b/);
    expect(check.code, check.stderr).toBe(0);
    expect(build.code, build.stderr).toBe(0);
  });

  it("has every page in Danish at /da/, each in lang=da with alternates en, de, da and x-default", async () => {
    for (const page of ["about-me", "pricing", "contact", "faq", "training-details", "privacy-policy", "imprint"])
      expect(danish, page).toContain(`da/${page}/index.html`);
    expect(danish.length).toBeGreaterThan(10);
    for (const file of danish) {
      const html = await readFile(path.join(out, file), "utf8");
      expect(html, file).toMatch(/<html lang="da"/);
      if (/name="robots" content="noindex"/.test(html)) continue;
      expect(alternates(html), file).toEqual(["en", "de", "da", "x-default"]);
    }
    const home = await readFile(path.join(out, "da/index.html"), "utf8");
    expect(home).toContain(`<link rel="alternate" hrefLang="da" href="${base}/da/"/>`);
    expect(home).toContain(`<link rel="alternate" hrefLang="x-default" href="${base}/"/>`);
  });

  it("lists the Danish pages in the sitemap", async () => {
    const sitemap = await readFile(path.join(out, "sitemap.xml"), "utf8");
    for (const page of ["", "about-me/", "pricing/", "faq/", "training-details/"])
      expect(sitemap, page).toContain(`<loc>${base}/da/${page}</loc>`);
  });

  it("offers English and German in the language switch of a Danish page", async () => {
    const { root } = await readPage(out, "da/pricing/index.html");
    const offered = root.querySelectorAll("a.lang-switch").map((a) => a.getAttribute("lang"));
    expect(offered).toEqual(expect.arrayContaining(["en", "de"]));
    expect(offered).not.toContain("da");
  });

  it("writes the dates in Danish (da-DK), not in English or German", async () => {
    const main = await mainOf(out, "da/index.html");
    expect(main).toMatch(/\b\d{1,2}\.[–-]\d{1,2}\. (marts|april|maj|juni) 20\d\d\b/);
    expect(main).not.toMatch(/\b(March|März|Juni|Oktober)\b/);
  });

  it("leaves the German and English pages' content as it was", async () => {
    for (const file of ["de/index.html", "index.html", "de/preise/index.html", "about-me/index.html"]) {
      expect(await mainOf(out, file), file).toBe(await mainOf(before, file));
    }
    const german = await readFile(path.join(out, "de/index.html"), "utf8");
    expect(alternates(german)).toEqual(["en", "de", "da", "x-default"]);
    expect(alternates(await readFile(path.join(before, "de/index.html"), "utf8"))).toEqual(["en", "de", "x-default"]);
  });
});
