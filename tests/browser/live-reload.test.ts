/** Live reload of `watch` as a visitor sees it: open tabs reload after a save, and a build error shows in the page. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchChromium } from "../support/chromium.ts";
import { copyProject, editFile } from "../support/project.ts";
import { startWatch, type WatchProcess } from "../support/watch.ts";

let root: string;
let watch: WatchProcess;
let browser: Browser;

beforeAll(async () => {
  root = await copyProject();
  [watch, browser] = await Promise.all([startWatch(root), launchChromium()]);
});

afterAll(async () => {
  await watch?.stop();
  await browser?.close();
});

/** Saves an edit and waits for the rebuild it causes. */
async function save(file: string, find: string, replacement: string, expected = /: rebuilt \d+ pages in \d+ ms$/) {
  const from = watch.lines.length;
  await editFile(root, file, find, replacement);
  return watch.waitFor(expected, from);
}

describe("ranch-site watch in the browser", () => {
  it("rebuilds on a content change, and open tabs reload by themselves", async () => {
    const page = await browser.newPage();
    await page.goto(`${watch.origin}/de/`);
    const reloaded = page.waitForEvent("load");
    await save("content/i18n/de.yaml", "cta:\n  title: ", "cta:\n  title: Frisch gespeichert – ");
    await reloaded;
    await expect.poll(() => page.textContent("#cta-title")).toMatch(/^Frisch gespeichert – /);
    await page.close();
  });

  it("shows a content error with file and line in the terminal and the browser, and clears it on the next good save", async () => {
    const failed = await save("content/i18n/en.yaml", "loading: Loading...", "loading: [Loading", /: build failed$/);
    const page = await browser.newPage();
    try {
      expect(watch.lines[failed + 1]).toMatch(/^content\/i18n\/en\.yaml:\d+:\d+: YAML syntax error/);
      await page.goto(`${watch.origin}/`);
      await expect
        .poll(() => page.locator("[data-build-error]").textContent())
        .toMatch(/content\/i18n\/en\.yaml:\d+:\d+/);
    } finally {
      const reloaded = page.waitForEvent("load");
      await save("content/i18n/en.yaml", "loading: [Loading", "loading: Loading...");
      await reloaded;
    }
    await expect.poll(() => page.locator("[data-build-error]").count()).toBe(0);
    await page.close();
  });
});
