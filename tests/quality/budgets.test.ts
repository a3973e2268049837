/**
 * Performance budgets of the built output (issue 5): per page, the HTML fits the first TCP round trip
 * (≤ 14 KB gzip), its CSS ≤ 12 KB gzip, its own JavaScript ≤ 8 KB gzip, its images ≤ 300 KB (issue 13:
 * the largest candidate of each, in the preferred format, as a wide 2× screen loads it); images reserve their space
 * (no layout shift); and nothing from another origin can block rendering (design.md §4: no third party
 * before consent either).
 */
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { HTMLElement } from "node-html-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { readPage, type BuiltPage } from "../support/html.ts";
import { sitePages, type SitePage } from "../support/quality-site.ts";
import { builtSite, projectRoot } from "../support/site.ts";

const KB = 1024;
const budget = { html: 14 * KB, css: 12 * KB, js: 8 * KB, images: 300 * KB };
/** Inline scripts that are data, not code: they cost parse time of nothing but bytes already counted in the HTML. */
const dataScriptTypes = new Set(["application/ld+json", "application/json", "speculationrules", "importmap"]);

let dist: string;
let siteOrigin: string;
let pages: (SitePage & BuiltPage & { html: Buffer })[];

beforeAll(async () => {
  siteOrigin = new URL(
    (parseYaml(await readFile(path.join(projectRoot, "content/site.yaml"), "utf8")) as { baseUrl: string }).baseUrl,
  ).origin;
  dist = builtSite();
  pages = await Promise.all(
    sitePages.map(async (page) => ({
      ...page,
      ...(await readPage(dist, page.file)),
      html: await readFile(path.join(dist, page.file)),
    })),
  );
});

const gzip = (content: string | Buffer) => gzipSync(content, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** An output file named by a URL in a page (`/assets/x.css`, relative or absolute on the site). */
function outputFile(page: SitePage, url: string): string {
  const resolved = new URL(url, `${siteOrigin}${page.path}`);
  return path.join(dist, decodeURIComponent(resolved.pathname));
}

/** True for a URL that points at another origin (relative URLs and the site's own base URL are first-party). */
function isOtherOrigin(url: string): boolean {
  const trimmed = url.trim().replace(/^['"]|['"]$/g, "");
  if (!/^(https?:)?\/\//i.test(trimmed)) return false;
  return new URL(trimmed, siteOrigin).origin !== siteOrigin;
}

const scriptType = (script: HTMLElement) => (script.getAttribute("type") ?? "").trim().toLowerCase();
const isDataScript = (script: HTMLElement) => dataScriptTypes.has(scriptType(script));
const stylesheets = (root: HTMLElement) =>
  root.querySelectorAll("link[rel~=stylesheet][href]").map((link) => link.getAttribute("href")!);

/** A module and the first-party modules it imports statically or dynamically (esbuild may split chunks). */
async function moduleGraph(entry: string): Promise<Map<string, string>> {
  const graph = new Map<string, string>();
  const visit = async (file: string) => {
    if (graph.has(file)) return;
    const source = await readFile(file, "utf8");
    graph.set(file, source);
    for (const [, specifier] of source.matchAll(
      /(?:\bimport|\bexport)\s*(?:[\w*{}\s,$]+from\s*)?\(?\s*["'](\.{1,2}\/[^"']+|\/[^"']+)["']/g,
    )) {
      await visit(
        specifier!.startsWith("/") ? path.join(dist, specifier!) : path.resolve(path.dirname(file), specifier!),
      );
    }
  };
  await visit(entry);
  return graph;
}

interface Sizes {
  file: string;
  htmlRaw: number;
  html: number;
  css: number;
  js: number;
  images: number;
}

/** The largest `w` candidate of a srcset, or undefined for an empty one. */
function largestCandidate(srcset: string | undefined): string | undefined {
  const candidates = (srcset ?? "")
    .split(",")
    .map((candidate) => candidate.trim().split(/\s+/))
    .filter(([url]) => url)
    .map(([url, descriptor]) => ({ url: url!, width: Number.parseInt(descriptor ?? "0", 10) || 0 }));
  return candidates.sort((a, b) => b.width - a.width)[0]?.url;
}

/** Bytes of the images a page shows: for each, the largest candidate of the format the browser prefers (the first). */
async function imageBytes(page: (typeof pages)[number]): Promise<number> {
  let total = 0;
  for (const image of page.root.querySelectorAll("img")) {
    const picture = image.parentNode?.tagName === "PICTURE" ? image.parentNode : undefined;
    const preferred = picture?.querySelector("source");
    const url =
      largestCandidate(preferred?.getAttribute("srcset") ?? preferred?.getAttribute("srcSet")) ??
      largestCandidate(image.getAttribute("srcset") ?? image.getAttribute("srcSet")) ??
      image.getAttribute("src");
    if (url && !isOtherOrigin(url) && !url.startsWith("data:")) total += (await stat(outputFile(page, url))).size;
  }
  return total;
}

async function measure(page: (typeof pages)[number]): Promise<Sizes> {
  // Linked stylesheets and inline <style> alike: inline CSS counts in the HTML and in the CSS budget.
  const css =
    (
      await Promise.all(
        stylesheets(page.root)
          .filter((href) => !isOtherOrigin(href))
          .map((href) => readFile(outputFile(page, href))),
      )
    ).reduce((sum, content) => sum + gzip(content), 0) +
    page.root.querySelectorAll("style").reduce((sum, style) => sum + gzip(style.textContent), 0);
  const scripts = page.root.querySelectorAll("script");
  let js = 0;
  for (const script of scripts.filter(
    (candidate) => candidate.getAttribute("src") && !isOtherOrigin(candidate.getAttribute("src")!),
  )) {
    for (const source of (await moduleGraph(outputFile(page, script.getAttribute("src")!))).values())
      js += gzip(source);
  }
  for (const script of scripts.filter((candidate) => !candidate.getAttribute("src") && !isDataScript(candidate)))
    js += gzip(script.textContent);
  return { file: page.file, htmlRaw: page.html.length, html: gzip(page.html), css, js, images: await imageBytes(page) };
}

describe("budgets", () => {
  it("each page: HTML ≤ 14 KB, its CSS ≤ 12 KB, its own JavaScript ≤ 8 KB (gzip -9), its images ≤ 300 KB", async () => {
    const sizes = await Promise.all(pages.map(measure));
    const rows = sizes.map(
      (size) =>
        `| ${size.file} | ${kb(size.htmlRaw)} | ${kb(size.html)} | ${kb(size.css)} | ${kb(size.js)} | ${kb(size.images)} |`,
    );
    console.log(
      [
        `Page weight, gzip -9 (budgets: HTML ${kb(budget.html)}, CSS ${kb(budget.css)}, JS ${kb(budget.js)}, images ${kb(budget.images)})`,
        "| page | HTML raw | HTML gz | CSS gz | JS gz | images |",
        "|---|---:|---:|---:|---:|---:|",
        ...rows,
      ].join("\n"),
    );
    const over = sizes.flatMap((size) => [
      ...(size.html > budget.html ? [`${size.file}: HTML ${kb(size.html)} > ${kb(budget.html)}`] : []),
      ...(size.css > budget.css ? [`${size.file}: CSS ${kb(size.css)} > ${kb(budget.css)}`] : []),
      ...(size.js > budget.js ? [`${size.file}: JavaScript ${kb(size.js)} > ${kb(budget.js)}`] : []),
      ...(size.images > budget.images ? [`${size.file}: images ${kb(size.images)} > ${kb(budget.images)}`] : []),
    ]);
    if (over.length > 0) expect.fail(`Over budget:\n${over.join("\n")}`);
    // The measure saw the assets: a page with no CSS or no script would pass every budget by accident.
    for (const size of sizes) expect(size.css > 0 && size.js > 0, `${size.file} links no CSS or no script`).toBe(true);
  });

  it("the landing pages arrive in the first round trip: gzip HTML ≤ 13.5 KB, leaving 1 KB of the 14.6 KB for headers", async () => {
    // A TCP connection's first flight is 10 segments of 1,460 bytes; what does not fit waits a round trip
    // (150 ms on Lighthouse's phone), and the host's headers (the CSP above all) take about 0.9 KB of it.
    for (const page of pages.filter((candidate) => /^(de\/)?index\.html$/.test(candidate.file))) {
      const { html } = await measure(page);
      expect(html, `${page.file}: ${kb(html)}`).toBeLessThanOrEqual(13.5 * 1024);
    }
  });

  it("every <img> has width and height; every inline <svg> that is not aria-hidden has width and height or a viewBox", () => {
    const problems: string[] = [];
    for (const page of pages) {
      for (const image of page.root.querySelectorAll("img")) {
        if (!image.getAttribute("width") || !image.getAttribute("height"))
          problems.push(`${page.file}: <img src="${image.getAttribute("src")}"> lacks width/height`);
      }
      for (const svg of page.root.querySelectorAll("svg")) {
        const hidden = svg.getAttribute("aria-hidden") === "true" || !!svg.closest("[aria-hidden=true]");
        if (hidden) continue;
        const sized = (svg.getAttribute("width") && svg.getAttribute("height")) || svg.getAttribute("viewBox");
        if (!sized)
          problems.push(
            `${page.file}: <svg class="${svg.getAttribute("class") ?? ""}"> has neither width/height nor viewBox`,
          );
      }
    }
    if (problems.length > 0) expect.fail(`Elements without reserved space:\n${problems.join("\n")}`);
  });

  it("nothing render-blocking, and no connection, to another origin in the static HTML or CSS", async () => {
    const problems: string[] = [];
    const cssFiles = new Set<string>();
    let inlineStyles = 0;
    for (const page of pages) {
      for (const link of page.root.querySelectorAll("link[href]")) {
        const rel = (link.getAttribute("rel") ?? "").toLowerCase().split(/\s+/);
        const href = link.getAttribute("href")!;
        const blockingOrConnecting = [
          "stylesheet",
          "preconnect",
          "dns-prefetch",
          "preload",
          "modulepreload",
          "prefetch",
          "import",
        ].filter((kind) => rel.includes(kind));
        if (blockingOrConnecting.length > 0 && isOtherOrigin(href))
          problems.push(`${page.file}: <link rel="${rel.join(" ")}" href="${href}">`);
        if (rel.includes("stylesheet") && !isOtherOrigin(href)) cssFiles.add(outputFile(page, href));
      }
      for (const script of page.root.querySelectorAll("script[src]")) {
        const src = script.getAttribute("src")!;
        const deferred =
          script.hasAttribute("async") || script.hasAttribute("defer") || scriptType(script) === "module";
        if (isOtherOrigin(src) && !deferred) problems.push(`${page.file}: render-blocking <script src="${src}">`);
      }
      for (const style of page.root.querySelectorAll("style")) {
        inlineStyles++;
        problems.push(...cssProblems(style.textContent, `${page.file} <style>`));
      }
      for (const element of page.root.querySelectorAll("[style]"))
        problems.push(...cssProblems(element.getAttribute("style")!, `${page.file} style="…"`));
    }
    expect(cssFiles.size + inlineStyles).toBeGreaterThan(0);
    for (const file of cssFiles) problems.push(...cssProblems(await readFile(file, "utf8"), path.relative(dist, file)));
    if (problems.length > 0)
      expect.fail(`Third-party resources that block rendering or open connections:\n${problems.join("\n")}`);
  });
});

/** @import of anything (a blocking request chain) and url() to another origin. */
function cssProblems(css: string, where: string): string[] {
  const problems: string[] = [];
  for (const [rule] of css.matchAll(/@import\s[^;]*;?/gi)) problems.push(`${where}: ${rule.trim()}`);
  for (const [, url] of css.matchAll(/url\(\s*([^)]*?)\s*\)/gi))
    if (isOtherOrigin(url!)) problems.push(`${where}: url(${url}) on another origin`);
  return problems;
}
