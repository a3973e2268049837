/** What the browser tests share: the built site, the worker's Chromium, the page list and a closed network. */
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { borrowChromium, chromiumArgs, findChromium, type ChromiumKind } from "../support/chromium.ts";
import { serveSite } from "../support/site.ts";

import { sitePages } from "../support/pages.ts";

export { routes } from "../support/pages.ts";
export { closeNetwork, isThirdParty, newContext, thirdPartyRequests } from "../support/browser.ts";
import { newContext } from "../support/browser.ts";

/** The paths of every page (sitePages): every route in English and German, and a missing path in each (the 404 pages). */
export const allPaths = sitePages.map((page) => page.path);

/** The page's locale, from its path. */
export const localeOf = (path: string) => (path.startsWith("/de/") ? "de" : "en");

/**
 * A built and served site plus the worker's browser of this kind (the headless shell unless the file measures
 * text: tests/support/chromium.ts), for one test file; `stop` cleans both up.
 */
export async function startBrowserTests(kind: ChromiumKind = "shell"): Promise<{
  origin: string;
  dir: string;
  browser: Browser;
  stop: () => Promise<void>;
}> {
  const [site, { browser, release }] = await Promise.all([serveSite(), borrowChromium(kind)]);
  return {
    origin: site.origin,
    dir: site.dir,
    browser,
    stop: async () => {
      await release();
      await site.close();
    },
  };
}

/**
 * A Chromium of the caller's own that keeps its back/forward cache, for tests of restored pages: Playwright
 * turns the cache off by default, and with it on every page left stays alive, so only these tests pay for it.
 * The full browser, not the headless shell most tests drive (tests/support/chromium.ts): the shell restores no
 * page from the cache.
 */
export const launchWithBackForwardCache = (): Promise<Browser> =>
  chromium.launch({
    executablePath: findChromium(),
    args: chromiumArgs,
    headless: true,
    ignoreDefaultArgs: ["--disable-back-forward-cache"],
  });

/**
 * The built site and the worker's Chromium for the tests of one file, from beforeAll to afterAll, and `open`:
 * a page in a fresh context of this kind (closed after the file), with this consent stored (null: none).
 */
export function browserTests() {
  let started: Awaited<ReturnType<typeof startBrowserTests>> | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    started = await startBrowserTests();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await started?.stop();
  });
  return {
    origin: () => started!.origin,
    async open(
      path: string,
      options: Parameters<Browser["newContext"]>[0],
      consent: string | null = "rejected",
    ): Promise<Page> {
      const context = await newContext(started!.browser, options);
      contexts.push(context);
      await storeConsent(context, consent);
      const page = await context.newPage();
      await page.goto(started!.origin + path);
      return page;
    },
  };
}

/** Makes every page of the context start with this stored consent value (null: nothing stored). */
export async function storeConsent(context: BrowserContext, value: string | null): Promise<void> {
  if (value !== null)
    await context.addInitScript((stored) => window.localStorage.setItem("cookie-consent", stored), value);
}

/** Collects console errors and uncaught exceptions of a page. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${page.url()}: console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: uncaught: ${error.message}`));
  return errors;
}

/**
 * The errors left once the not-found pages' own status is taken out: Chromium reports a page's 404 in the
 * console, and for /nope/ and /de/nope/ that status is the design (§2), not an error.
 */
export const unexpectedErrors = (errors: string[], origin: string) =>
  errors.filter(
    (error) =>
      !["/nope/", "/de/nope/"].some(
        (target) =>
          error ===
          `${origin}${target}: console: Failed to load resource: the server responded with a status of 404 (Not Found)`,
      ),
  );

/** The consent value this page's storage holds. */
export const storedConsent = (page: Page) => page.evaluate(() => window.localStorage.getItem("cookie-consent"));

/** Waits for the page's next two rendered frames: what scripts do after `load` has happened by then. */
export const nextFrames = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );

/** Waits until the page has stopped (smooth) scrolling: five frames in a row at the same position. */
export const scrollSettled = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = Number.NaN;
        let still = 0;
        const frame = () => {
          still = scrollY === last ? still + 1 : 0;
          last = scrollY;
          if (still >= 5) resolve();
          else requestAnimationFrame(frame);
        };
        frame();
      }),
  );

/**
 * The page at `path` (an English address of the specification) in every language of the site, as its own
 * language switch leads: a test finds the German pages this way rather than by address, which may be a German one.
 */
export async function languageVersions(page: Page, url: string): Promise<{ locale: string; url: string }[]> {
  await page.goto(url);
  const others = await page
    .locator("a[data-lang-switch]")
    .evaluateAll((links) =>
      links.map((link) => ({ locale: link.getAttribute("hreflang")!, url: (link as HTMLAnchorElement).href })),
    );
  const locale = await page.evaluate(() => document.documentElement.lang);
  return [{ locale, url: page.url() }, ...others];
}
