/**
 * Live reload of `watch` as a visitor sees it: open tabs reload after a save (only those whose page changed;
 * a stylesheet is swapped in place), and a build error shows in the page. One watch serves all but the
 * --open-saved tests: starting one builds the whole site.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { german } from "../support/addresses.ts";
import { borrowChromium } from "../support/chromium.ts";
import { copyProject, editFile } from "../support/project.ts";
import { startWatch, type WatchProcess } from "../support/watch.ts";

let root: string;
let watch: WatchProcess;
let browser: Browser;
let release: () => Promise<void> = async () => {};

beforeAll(async () => {
  root = await copyProject();
  let borrowed;
  [watch, borrowed] = await Promise.all([startWatch(root, [], { poll: false }), borrowChromium()]);
  ({ browser, release } = borrowed);
});

afterAll(async () => {
  await watch?.stop();
  await release();
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
    await expect.poll(() => page.textContent("#cta-title")).toMatch(/^Frisch gespeichert\u00a0– /); // the dash stays with the word before it
    await page.close();
  });

  it("shows a content error with file and line in the terminal and the browser, and clears it on the next good save", async () => {
    const failed = await save("content/i18n/en.yaml", "loading: Loading...", "loading: [Loading", /: build failed$/);
    const page = await browser.newPage();
    try {
      // The located error is the line after "build failed", which may arrive in a later chunk of output.
      expect(await watch.waitFor(/^content\/i18n\/en\.yaml:\d+:\d+: YAML syntax error/, failed)).toBe(failed + 1);
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

  it("reloads a tab whose stream connects only after the rebuild of a save made while it loaded", async () => {
    const page = await browser.newPage();
    let connect: () => void = () => {};
    const held = new Promise<void>((resolve) => (connect = resolve));
    await page.route("**/__ranch-site/events*", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${watch.origin}/de/about-me/`);
    const reloaded = page.waitForEvent("load");
    await save("content/pages/about-me.de.md", "\n## Wie ich", "\nNoch während des Ladens gespeichert.\n\n## Wie ich");
    connect();
    await reloaded;
    await expect.poll(() => page.textContent("main")).toContain("Noch während des Ladens gespeichert.");
    await page.close();
  });
});

/** A page with a mark in its window that a reload would wipe out. */
async function open(path: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${watch.origin}${path}`);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  return page;
}

/**
 * A second stream in the tab, beside its live-reload script's, open once this resolves: the returned wait
 * ends when the next rebuild's message has reached the tab, and a frame later, by when its script has acted.
 */
async function hearRebuilds(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(
    () =>
      new Promise<void>((open) => {
        const stream = new EventSource("/__ranch-site/events");
        const heard = new Promise<void>((resolve) => {
          stream.onmessage = () => {
            stream.close();
            requestAnimationFrame(() => resolve());
          };
        });
        (window as unknown as { heard: Promise<void> }).heard = heard;
        stream.onopen = () => open();
      }),
  );
  return () => page.evaluate(() => (window as unknown as { heard: Promise<void> }).heard);
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
    const edited = await open(german("/imprint/"));
    await edited.evaluate(() => scrollTo(0, 600));
    const scrolled = await edited.evaluate(() => scrollY);
    expect(scrolled).toBeGreaterThan(0);
    const other = await open(german("/about-me/"));
    const heard = await hearRebuilds(other);
    const reloaded = edited.waitForEvent("load");
    await save("content/pages/imprint.de.md", "\n## ", "\nEin neuer Absatz, frisch gespeichert.\n\n## ");
    await reloaded;
    await expect.poll(() => edited.textContent("main")).toContain("Ein neuer Absatz, frisch gespeichert.");
    await expect.poll(() => edited.evaluate(() => scrollY)).toBe(scrolled);
    // The other tab heard the same message and stayed as it was.
    await heard();
    expect(await notReloaded(other)).toBe(true);
    await Promise.all([edited.close(), other.close()]);
  });
});

describe("content warnings in watch", () => {
  it("tells of a warning check gives in the terminal and at the foot of every tab, once per change", async () => {
    const site = "content/site.yaml";
    const dates = ["  - start: 2027-03-15\n    end: 2027-03-17", "  - start: 2020-03-15\n    end: 2020-03-17"] as const;
    // A tab whose page the date does not change: it reloads for the warning alone.
    const page = await browser.newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { violations: string[] }).violations = seen;
      document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective}`));
    });
    await page.goto(`${watch.origin}/de/cookie-policy/`);
    const panel = page.locator("[data-build-warnings]");
    const list = panel.locator("pre");
    const begun =
      /^content\/site\.yaml:\d+:\d+: warning: The date starting 2020-03-15 has begun, so the site no longer shows it$/;
    const from = watch.lines.length;
    try {
      let reloaded = page.waitForEvent("load");
      const past = await save(site, ...dates);
      const told = await watch.waitFor(begun, past);
      // The warning, its hint and the count arrive as separate lines: wait for the count, the last of them.
      await watch.waitFor(/^1 warning\.$/, told);
      expect(watch.lines[told + 1]).toMatch(/^ {2}hint: Remove it from `dates`/);
      expect(watch.lines[told + 2]).toBe("1 warning.");
      await reloaded;
      await expect.poll(() => list.isVisible()).toBe(true);
      expect(await list.textContent()).toMatch(
        /content\/site\.yaml:\d+:\d+: warning: The date starting 2020-03-15 has begun/,
      );
      expect(await panel.locator("summary").textContent()).toBe("1 warning");

      // A save that leaves the warnings as they were: the terminal says nothing of them, the panel folds to a badge.
      reloaded = page.waitForEvent("load");
      await save("content/pages/cookie-policy.de.md", "\n## Was wir", "\nFrisch gespeichert.\n\n## Was wir");
      await reloaded;
      await expect.poll(() => page.textContent("main")).toContain("Frisch gespeichert.");
      expect(await panel.locator("summary").isVisible()).toBe(true);
      expect(await list.isVisible()).toBe(false);
      await panel.locator("summary").click();
      await expect.poll(() => list.isVisible()).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    } finally {
      const reloaded = page.waitForEvent("load");
      const fixed = await save(site, dates[1], dates[0]);
      await watch.waitFor(/^No warnings left\.$/, fixed);
      await reloaded;
    }
    await expect.poll(() => panel.count()).toBe(0);
    expect(watch.lines.slice(from).filter((line) => begun.test(line))).toHaveLength(1);
    await page.close();
  });
});

describe("ranch-site watch under the shipped Content-Security-Policy", () => {
  // Two saves that each wait up to 30 s for watch: time enough that a slow one reports its own error and
  // watch's lines, not a bare test timeout.
  it("runs live reload and shows the error overlay, styled, with no CSP violation", { timeout: 120_000 }, async () => {
    const dictionary = path.join(root, "content/i18n/de.yaml");
    const original = await readFile(dictionary, "utf8");
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
      // The file as it was, whether or not the broken save went through.
      const from = watch.lines.length;
      await writeFile(dictionary, original);
      await page.close();
      await watch.waitFor(/: rebuilt \d+ pages in \d+ ms$/, from);
    }
  });
});

describe("ranch-site watch --open-saved", () => {
  let savedRoot: string;
  let saving: WatchProcess;

  beforeAll(async () => {
    savedRoot = await copyProject();
    saving = await startWatch(savedRoot, ["--open-saved"], { poll: false });
  });

  afterAll(async () => {
    await saving?.stop();
  });

  /**
   * Saves an edit in the --open-saved project and waits until the tab has gone to `expectedPath` and shows
   * `saved`, a selector. A save can bring a second rebuild (a template is read while it is written), and a
   * tab already on the saved page reloads at it: the tab is asked again until it shows the save, never read
   * once in the middle of a navigation.
   */
  async function saveAndFollow(
    file: string,
    find: string,
    replacement: string,
    { from, expectedPath, saved }: { from: string; expectedPath: string; saved: string },
  ) {
    const page = await browser.newPage();
    try {
      await page.goto(saving.origin + from);
      const line = saving.lines.length;
      await editFile(savedRoot, file, find, replacement);
      await saving.waitFor(/: rebuilt \d+ pages in \d+ ms$/, line);
      await page.waitForURL(saving.origin + expectedPath);
      await expect.poll(() => page.locator(saved).count(), { timeout: 30_000 }).toBe(1);
    } finally {
      await page.close();
    }
  }

  it("takes open tabs to the page of the markdown file just saved, in that file's language", async () => {
    await saveAndFollow(
      "content/pages/about-me.de.md",
      "lead: Verkäuferin aus Überzeugung",
      "lead: Gerade gespeichert – Verkäuferin aus Überzeugung",
      // Typography keeps the dash with the word before it.
      {
        from: "/",
        expectedPath: german("/about-me/"),
        saved: 'html[lang="de"] >> text=/Gerade gespeichert\u00a0– Verkäuferin/',
      },
    );
  });

  it("takes a tab to the page of a saved page template, in the tab's own language", async () => {
    await saveAndFollow(
      "templates/pages/Contact.tsx",
      '<h2 id="programs-title">',
      '<h2 id="programs-title" data-saved="yes">',
      {
        from: german("/references/"),
        expectedPath: german("/contact/"),
        saved: 'html[lang="de"] #programs-title[data-saved="yes"]',
      },
    );
  });
});
