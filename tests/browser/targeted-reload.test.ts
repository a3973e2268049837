import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { borrowChromium } from "../support/chromium.ts";
import { copyProject, editFile } from "../support/project.ts";
import { startWatch, type WatchProcess } from "../support/watch.ts";

let root: string;
let watch: WatchProcess;
let browser: Browser;
let release: () => Promise<void> = async () => {};

beforeAll(async () => {
  root = await copyProject();
  watch = await startWatch(root, [], { poll: false });
  ({ browser, release } = await borrowChromium());
});

afterAll(async () => {
  await watch?.stop();
  await release();
});

/** Saves an edit and waits for the rebuild it causes. */
async function save(file: string, find: string, replacement: string) {
  const from = watch.lines.length;
  await editFile(root, file, find, replacement);
  return watch.waitFor(/: rebuilt \d+ pages in \d+ ms$/, from);
}

/** A page with a mark in its window that a reload would wipe out. */
async function open(path: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${watch.origin}${path}`);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  return page;
}

const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

describe("targeted live reload", () => {
  it("swaps the stylesheet in place after a styles-only change: no tab reloads", async () => {
    const page = await open("/about-me/");
    const before = await page.getAttribute('link[rel="stylesheet"][href*="/assets/"]', "href");
    await save("templates/styles/base.css", "body {", "body {\n  outline: 3px solid rgb(1, 2, 3);");
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).outlineColor)).toBe("rgb(1, 2, 3)");
    expect(await page.getAttribute('link[rel="stylesheet"][href*="/assets/"]', "href")).not.toBe(before);
    expect(await notReloaded(page)).toBe(true);
    await page.close();
  });

  it("reloads only the tabs whose page changed, and keeps their scroll position", async () => {
    const edited = await open("/de/imprint/");
    await edited.evaluate(() => scrollTo(0, 600));
    const scrolled = await edited.evaluate(() => scrollY);
    expect(scrolled).toBeGreaterThan(0);
    const other = await open("/de/about-me/");
    const reloaded = edited.waitForEvent("load");
    await save("content/pages/imprint.de.md", "\n## ", "\nEin neuer Absatz, frisch gespeichert.\n\n## ");
    await reloaded;
    await expect.poll(() => edited.textContent("main")).toContain("Ein neuer Absatz, frisch gespeichert.");
    await expect.poll(() => edited.evaluate(() => scrollY)).toBe(scrolled);
    // The other tab heard the same message and stayed as it was.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await notReloaded(other)).toBe(true);
    await Promise.all([edited.close(), other.close()]);
  });
});
