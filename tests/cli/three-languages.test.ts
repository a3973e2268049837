/**
 * Three languages (issue 36, "Done when"): the project with Danish laid over it (tests/fixtures/three-languages,
 * its texts translated) passes `check` and builds through the real bin. Six built pages are golden files of their
 * own, byte for byte, as tests/golden/pages.test.ts keeps the site's; a deliberate change updates them with
 *   npx vitest run tests/cli/three-languages.test.ts -u
 * The rest is what a Danish visitor and a search engine notice: lang="da", every indexable page naming its en, de
 * and da versions, the Danish addresses in the sitemap and the language switch, dates and quotation marks the
 * Danish way, and no English or German sentence left in a Danish page's main content.
 */
import { mkdtemp, readdir, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parse } from "node-html-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { readPage } from "../support/html.ts";
import { runCli } from "../support/project.ts";
import { threeLanguageProject } from "../support/three-languages.ts";

const base = "https://www.deichhof-sales-ranch.de";
const goldenPages = {
  "da/index.html": "home.da.html",
  "da/priser/index.html": "pricing.da.html",
  "da/privatlivspolitik/index.html": "privacy-policy.da.html",
  "da/404.html": "404.da.html",
  "index.html": "home.en.html",
  "de/index.html": "home.de.html",
};
const update = "if the change is intended: npx vitest run tests/cli/three-languages.test.ts -u";
/** The Danish address of each page, as the fixture's slugs and writing rules give them. */
const danishAddresses = [
  "",
  "om-mig/",
  "priser/",
  "traening/",
  "referencer/",
  "kontakt/",
  "faq/",
  "virksomhedsoplysninger/",
  "privatlivspolitik/",
  "handelsbetingelser/",
  "cookiepolitik/",
];
/**
 * Words only an untranslated English or German sentence holds (each is no Danish word): "the", "your", "und",
 * "Sie"… Loanwords Danish sales people use ("account executives", "playbook", "Book træning") are not among them.
 */
const leaks =
  /(?<!\p{L})(the|and|with|your|our|you|of|is|are|seats?|prices?|enquiry|und|oder|nicht|Sie|Ihre?|Preise|Tage|zzgl)(?!\p{L})/u;

type Run = { code: number; stdout: string; stderr: string };
let out: string;
let check: Run;
let build: Run;
/** Every HTML file the build wrote, relative to out. */
let pages: string[];

/** The HTML files below `dir`, relative to `root`. */
async function htmlFiles(root: string, dir = ""): Promise<string[]> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true });
  const files = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? htmlFiles(root, path.join(dir, entry.name))
        : Promise.resolve(entry.name.endsWith(".html") ? [path.join(dir, entry.name)] : []),
    ),
  );
  return files.flat();
}

/** The hreflang codes of a page's alternate links, in their order. */
const alternates = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)"/gi)].map(([, code]) => code);

/** What a reader reads in a page's main content: its text, scripts left out, a <noscript>'s text read as HTML. */
const mainText = async (file: string) => {
  const main = (await readPage(out, file)).root.querySelector("main");
  for (const element of main?.querySelectorAll("script") ?? []) element.remove();
  for (const element of main?.querySelectorAll("noscript") ?? [])
    element.replaceWith(parse(element.rawText).textContent);
  return main?.textContent.replace(/\s+/g, " ") ?? "no <main>";
};

beforeAll(async () => {
  const root = await threeLanguageProject();
  out = path.join(await mkdtemp(path.join(os.tmpdir(), "ranch-three-")), "dist");
  // A fixed "today", as the site's golden pages have: which dates show, and the programme's "as of", depend on it.
  const today = { SOURCE_DATE_EPOCH: "1780000000" };
  check = await runCli(["check", "--root", root], today);
  build = await runCli(["build", "--root", root, "--out", out], today);
  pages = build.code === 0 ? await htmlFiles(out) : [];
}, 240_000);

describe("the project in English, German and Danish", () => {
  it("passes check without a problem, and builds", () => {
    expect(check.code, check.stderr).toBe(0);
    expect(check.stdout + check.stderr).toMatch(/Checked \d+ pages: no problems\./);
    expect(build.code, build.stderr).toBe(0);
  });

  it.each(Object.entries(goldenPages))("builds %s as its golden file", async (file, golden) => {
    const html = await readFile(path.join(out, file), "utf8");
    await expect(html).toMatchFileSnapshot(`__golden__/three-languages/${golden}`, update);
  });

  it("writes every Danish page in lang=da, at its Danish address", async () => {
    const danish = pages.filter((file) => file.startsWith("da/"));
    expect(danish.sort()).toEqual(
      [...danishAddresses.map((address) => `da/${address}index.html`), "da/404.html", "da/program/index.html"].sort(),
    );
    for (const file of danish) expect(await readFile(path.join(out, file), "utf8"), file).toMatch(/<html lang="da"/);
  });

  it("names the en, de and da versions and x-default on every indexable page, in all three languages", async () => {
    let indexable = 0;
    for (const file of pages) {
      const html = await readFile(path.join(out, file), "utf8");
      if (/name="robots" content="noindex/.test(html) || !/<html lang=/.test(html)) continue;
      indexable++;
      expect(alternates(html), file).toEqual(["en", "de", "da", "x-default"]);
    }
    expect(indexable).toBeGreaterThanOrEqual(3 * danishAddresses.length);
    const pricing = await readFile(path.join(out, "de/preise/index.html"), "utf8");
    expect(pricing).toContain(`<link rel="alternate" hrefLang="da" href="${base}/da/priser/"/>`);
  });

  it("lists each Danish address in the sitemap, and no English address under /da/", async () => {
    const sitemap = await readFile(path.join(out, "sitemap.xml"), "utf8");
    for (const address of danishAddresses) expect(sitemap, address).toContain(`<loc>${base}/da/${address}</loc>`);
    expect(sitemap).not.toMatch(/\/da\/(pricing|about-me|contact|privacy-policy)\//);
  });

  it("offers each page's other two versions in the language switch, at their own addresses", async () => {
    const offered = async (file: string) =>
      (await readPage(out, file)).root
        .querySelectorAll("a.lang-switch")
        .map((link) => `${link.getAttribute("lang")} ${link.getAttribute("href")}`);
    expect(await offered("da/priser/index.html")).toEqual(["en /pricing/", "de /de/preise/"]);
    expect(await offered("pricing/index.html")).toEqual(expect.arrayContaining(["da /da/priser/"]));
    expect(await offered("de/ueber-mich/index.html")).toEqual(expect.arrayContaining(["da /da/om-mig/"]));
  });

  it("writes the dates in Danish, in the Danish pages' main content", async () => {
    const home = await mainText("da/index.html");
    expect(home).toMatch(/15\.\u2013\s?17\.\s(marts)\s2027/);
    expect(home).toMatch(/Sprog: tysk/);
    expect(home).not.toMatch(/\b(March|März|Juni|German|Deutsch)\b/);
  });

  it("sets quotation marks the Danish way: »…«, never “…” or „…“", async () => {
    const cookies = await mainText("da/cookiepolitik/index.html");
    expect(cookies).toContain("»Tillad alle«");
    expect(cookies).toContain("»Privatlivsindstillinger«");
    for (const file of pages.filter((page) => page.startsWith("da/")))
      expect(await mainText(file), file).not.toMatch(/[“”„"]/);
  });

  it("leaves no English or German sentence in a Danish page's main content", async () => {
    for (const file of pages.filter((page) => page.startsWith("da/"))) {
      // The data protection authority is named as it is called, in German (content/site.yaml's legal.region).
      const text = (await mainText(file)).replace(/Unabhängiges Landeszentrum für Datenschutz/g, "");
      expect(text.match(leaks)?.[0], `${file}: ${text.slice(0, 200)}`).toBeUndefined();
    }
  });
});
