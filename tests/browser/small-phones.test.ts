/**
 * No page scrolls sideways on a small phone (issue 28, "no dead ends on phones"): every page the build writes,
 * in both languages, at 320 and 360 px, on arrival and scrolled to the end (where the phone's bottom bar is up),
 * with the consent banner and without, and at 320 px in the web fonts too. A failure names the elements and
 * the text that stick out past the right edge.
 */
import { readdir } from "node:fs/promises";
import { siteRoutes } from "../support/addresses.ts";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveLocalFonts } from "../support/local-fonts.ts";
import { allPaths, newContext, nextFrames, startBrowserTests } from "./support.ts";

let started: Awaited<ReturnType<typeof startBrowserTests>>;
let page: Page;
beforeAll(async () => {
  started = await startBrowserTests("full");
  // One tab for the whole file: each check is a fresh page load at a new width.
  const context = await newContext(started.browser, { viewport: { width: 320, height: 700 } });
  // The web fonts a visitor who allows them gets, from this machine: wider letters than the fallbacks.
  await serveLocalFonts(context);
  page = await context.newPage();
});
afterAll(async () => {
  await page?.context().close();
  await started?.stop();
});

/**
 * Every page in the built folder: each index.html by its path, each 404.html by a path that does not exist; not
 * an old address's forwarding page (a refresh to the page's address now, which is checked there).
 */
async function builtPages(dir: string): Promise<string[]> {
  const files = (await readdir(dir, { recursive: true })).map((file) => file.split(path.sep).join("/"));
  const routed = new Set((await siteRoutes()).map((route) => route.file));
  return files
    .filter((file) => /(^|\/)(index|404)\.html$/.test(file))
    .filter((file) => routed.has(file) || file.endsWith("404.html"))
    .map((file) => `/${file.replace(/index\.html$/, "").replace(/404\.html$/, "nope/")}`)
    .sort();
}

/** Stores this consent choice for the site (null: none, so the banner shows), at the given width. */
async function visitor(consent: string | null, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 700 });
  await page.goto(started.origin + "/");
  await page.evaluate((value) => {
    if (value === null) localStorage.removeItem("cookie-consent");
    else localStorage.setItem("cookie-consent", value);
  }, consent);
}

/** How far the page scrolls sideways, and the elements and text past the right edge that nothing clips. */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const edge = window.innerWidth + 0.5;
    /** Hidden from sight or cut off by a box that itself ends inside the window (an SVG, a clipped label). */
    const clipped = (element: Element) => {
      for (let box: Element | null = element; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.clipPath !== "none" || style.clip !== "auto") return true;
        if (box !== element && (style.overflowX !== "visible" || box instanceof SVGSVGElement))
          if (box.getBoundingClientRect().right <= edge) return true;
      }
      return false;
    };
    const name = (element: Element) =>
      `<${element.tagName.toLowerCase()}${element.className && typeof element.className === "string" ? ` class="${element.className}"` : ""}> "${(element.textContent ?? "").trim().slice(0, 40)}"`;
    const culprits: string[] = [];
    for (const element of document.body.querySelectorAll("*")) {
      const right = element.getBoundingClientRect().right;
      // The outermost box past the edge: its parent ends further left.
      if (right > edge && element.parentElement!.getBoundingClientRect().right < right - 0.5 && !clipped(element))
        culprits.push(`${name(element)} ends at ${right.toFixed(1)} px`);
    }
    // A word wider than its box overflows it without widening the box: only the text's own rectangles show it.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      if (!text.textContent?.trim()) continue;
      range.selectNodeContents(text);
      const right = Math.max(...[...range.getClientRects()].map((rect) => rect.right));
      if (right > edge && !clipped(text.parentElement!))
        culprits.push(
          `text "${text.textContent.trim().slice(0, 40)}" in ${name(text.parentElement!)} ends at ${right.toFixed(1)} px`,
        );
    }
    // The first few say where to look; a wide box pushes out every line of text inside it too.
    culprits.splice(5);
    return { overflow: document.documentElement.scrollWidth - window.innerWidth, culprits };
  });

describe("small phones", () => {
  it("the pages checked are every page the build writes: all routes in both languages and each 404", async () => {
    expect(await builtPages(started.dir)).toEqual([...allPaths].sort());
  });

  for (const [consent, width] of [
    ["rejected", 320],
    ["rejected", 360],
    ["accepted", 320],
  ] as const)
    it(`no page scrolls sideways at ${width} px, in English or German, on arrival or scrolled to the end (web fonts ${consent})`, async () => {
      await visitor(consent, width);
      const problems: string[] = [];
      let webFonts = 0;
      for (const pagePath of await builtPages(started.dir)) {
        await page.goto(started.origin + pagePath);
        for (const where of ["on arrival", "at the end"]) {
          if (where === "at the end") {
            await page.evaluate(() =>
              window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }),
            );
            await nextFrames(page);
          }
          if (consent === "accepted")
            webFonts += await page.evaluate(async () => {
              await document.fonts.ready;
              return [...document.fonts].filter((font) => font.status === "loaded").length;
            });
          const { overflow, culprits } = await sideways(page);
          if (overflow > 0 || culprits.length > 0)
            problems.push(
              `${pagePath} ${where}: scrolls ${overflow} px sideways; ${culprits.join("; ") || "no element named"}`,
            );
        }
      }
      expect(problems, `at ${width} px`).toEqual([]);
      // Allowed, the web fonts were there to measure with.
      if (consent === "accepted") expect(webFonts).toBeGreaterThan(0);
    });

  it("no page scrolls sideways at 320 px under the consent banner of a first visit", async () => {
    await visitor(null, 320);
    const problems: string[] = [];
    for (const pagePath of await builtPages(started.dir)) {
      await page.goto(started.origin + pagePath);
      await page.locator("[data-cookie-banner]").waitFor({ state: "visible" });
      const { overflow, culprits } = await sideways(page);
      if (overflow > 0 || culprits.length > 0)
        problems.push(`${pagePath}: scrolls ${overflow} px sideways; ${culprits.join("; ")}`);
    }
    expect(problems).toEqual([]);
  });
});
