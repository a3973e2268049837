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
  watch = await startWatch(root);
  browser = await launchChromium();
});

afterAll(async () => {
  await watch?.stop();
  await browser?.close();
});

const get = (path: string) => fetch(`${watch.origin}${path}`, { redirect: "manual" });

/** Saves an edit and waits for the rebuild it causes. */
async function save(file: string, find: string, replacement: string, expected = /: rebuilt \d+ pages in \d+ ms$/) {
  const from = watch.lines.length;
  await editFile(root, file, find, replacement);
  return watch.waitFor(expected, from);
}

describe("ranch-site watch", () => {
  it("prints the URL, then serves every locale as a static host does", async () => {
    expect(watch.lines.some((line) => /^Serving http:\/\/localhost:\d+\/$/.test(line))).toBe(true);
    expect((await get("/de/about-me/")).status).toBe(200);
    const redirect = await get("/de/about-me");
    expect([redirect.status, redirect.headers.get("location")]).toEqual([301, "/de/about-me/"]);
    const english = await get("/no-such-page/");
    expect([english.status, /<html lang="en"/.test(await english.text())]).toEqual([404, true]);
    const german = await get("/de/keine-seite/");
    expect([german.status, /<html lang="de"/.test(await german.text())]).toEqual([404, true]);
  });

  it("rebuilds on a content change, and open tabs reload by themselves", async () => {
    const page = await browser.newPage();
    await page.goto(`${watch.origin}/de/`);
    const reloaded = page.waitForEvent("load");
    await save("content/i18n/de.yaml", "cta:\n  title: ", "cta:\n  title: Frisch gespeichert – ");
    await reloaded;
    await expect.poll(() => page.textContent("#cta-title")).toMatch(/^Frisch gespeichert – /);
    await page.close();
  });

  it("picks up a template edit without a restart", async () => {
    await save(
      "templates/components/PageHeader.tsx",
      '<header className="page-header">',
      '<header className="page-header" data-edited="yes">',
    );
    expect(await (await get("/references/")).text()).toContain('data-edited="yes"');
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

  it("serves a page whose template throws as an error page, keeps the others, and recovers", async () => {
    const marker = '  const page = props.content.pages["pricing"]!;';
    await save(
      "templates/pages/Pricing.tsx",
      marker,
      `${marker}\n  if (page) throw new Error("Offers are out of stock");`,
    );
    try {
      const broken = await (await get("/pricing/")).text();
      expect(broken).toContain("<title>Unexpected Application Error!</title>");
      expect(broken).toContain("Offers are out of stock");
      expect((await get("/contact/")).status).toBe(200);
      expect(await (await get("/contact/")).text()).not.toContain("Unexpected Application Error!");
    } finally {
      await save("templates/pages/Pricing.tsx", `\n  if (page) throw new Error("Offers are out of stock");`, "");
    }
    expect(await (await get("/pricing/")).text()).not.toContain("Unexpected Application Error!");
  });

  it("survives 100 broken-and-fixed saves without dying, leaking or slowing down", async () => {
    const file = "content/i18n/de.yaml";
    const memoryBefore = await watch.memoryMiB();
    const times: number[] = [];
    for (let round = 0; round < 100; round++) {
      await save(file, "loading: Wird geladen...", "loading: [Wird geladen", /: build failed$/);
      const line = await save(file, "loading: [Wird geladen", "loading: Wird geladen...");
      times.push(Number(/in (\d+) ms$/.exec(watch.lines[line]!)![1]));
    }
    const memoryAfter = await watch.memoryMiB();
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const first = median(times.slice(0, 20));
    const last = median(times.slice(-20));
    console.log(
      `watch torture: rebuild median ${median(times)} ms (first 20: ${first} ms, last 20: ${last} ms); memory ${memoryBefore.toFixed(0)} MiB -> ${memoryAfter.toFixed(0)} MiB`,
    );
    expect(watch.child.exitCode).toBeNull();
    expect((await get("/de/")).status).toBe(200);
    expect(last).toBeLessThan(first * 2 + 50);
    expect(memoryAfter - memoryBefore).toBeLessThan(120);
  }, 300_000);
});

describe("ranch-site watch under the shipped Content-Security-Policy", () => {
  it("runs live reload and shows the error overlay, styled, with no CSP violation", async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { violations: string[] }).violations = seen;
      document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective}`));
    });
    await page.goto(`${watch.origin}/de/`);
    const reloaded = page.waitForEvent("load");
    const failed = save(
      "content/i18n/de.yaml",
      "loading: Wird geladen...",
      "loading: [Wird geladen",
      /: build failed$/,
    );
    await failed;
    await reloaded;
    try {
      const overlay = page.locator("[data-build-error]");
      await expect.poll(() => overlay.count()).toBe(1);
      expect(await overlay.evaluate((element) => getComputedStyle(element).position)).toBe("fixed");
      expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    } finally {
      await save("content/i18n/de.yaml", "loading: [Wird geladen", "loading: Wird geladen...");
      await page.close();
    }
  });
});

describe("ranch-site watch --open-saved", () => {
  let savedRoot: string;
  let saving: WatchProcess;

  beforeAll(async () => {
    savedRoot = await copyProject();
    saving = await startWatch(savedRoot, ["--open-saved"]);
  });

  afterAll(async () => {
    await saving?.stop();
  });

  /** Saves an edit in the --open-saved project and waits until the tab has loaded `expectedPath`. */
  async function saveAndFollow(file: string, find: string, replacement: string, from: string, expectedPath: string) {
    const page = await browser.newPage();
    try {
      await page.goto(saving.origin + from);
      const navigated = page.waitForURL(saving.origin + expectedPath);
      navigated.catch(() => {}); // awaited below, once the rebuild is seen
      const line = saving.lines.length;
      await editFile(savedRoot, file, find, replacement);
      await saving.waitFor(/: rebuilt \d+ pages in \d+ ms$/, line);
      await navigated;
      return await page.content();
    } finally {
      await page.close();
    }
  }

  it("takes open tabs to the page of the markdown file just saved, in that file's language", async () => {
    const html = await saveAndFollow(
      "content/pages/about-me.de.md",
      "lead: Verkäuferin aus Überzeugung",
      "lead: Gerade gespeichert – Verkäuferin aus Überzeugung",
      "/",
      "/de/about-me/",
    );
    expect(html).toContain("Gerade gespeichert – Verkäuferin aus Überzeugung");
  });

  it("takes a tab to the page of a saved page template, in the tab's own language", async () => {
    const html = await saveAndFollow(
      "templates/pages/Contact.tsx",
      '<h2 id="form-title">',
      '<h2 id="form-title" data-saved="yes">',
      "/de/references/",
      "/de/contact/",
    );
    expect(html).toContain('data-saved="yes"');
    expect(html).toContain('<html lang="de"');
  });
});
