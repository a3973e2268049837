/** The first view of the home page with the consent banner open (issue 13 item 3). */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeNetwork, languageVersions, startBrowserTests, storeConsent } from "./support.ts";

let origin: string;
let browser: Browser;
let stop: () => Promise<void>;
beforeAll(async () => ({ origin, browser, stop } = await startBrowserTests("full")));
afterAll(() => stop?.());

const sizes = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const homes = [
  { path: "/", cta: "Book Training", current: { rejected: "Current choice: web fonts from Google declined" } },
  {
    path: "/de/",
    cta: "Platz anfragen",
    current: { rejected: "Aktuelle Auswahl: Webschriften von Google abgelehnt" },
  },
];

const firstVisits = new Map<number, Promise<Page>>();

/**
 * A tab at this size with nothing stored, one per size for the file: nothing here makes a choice, and each
 * test waits for the banner, which shows only while none is stored (a new tab costs Chromium a new renderer).
 */
function firstVisit(size: (typeof sizes)[number]): Promise<Page> {
  let page = firstVisits.get(size.width);
  if (!page) {
    page = (async () => {
      const context = await browser.newContext({ viewport: size });
      await closeNetwork(context);
      return context.newPage();
    })();
    firstVisits.set(size.width, page);
  }
  return page;
}

/** Where the element's centre is, whether it lies in the viewport, and whether a click there would reach it. */
const hitTest = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const element = document.querySelector(selector)!;
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const inViewport = x >= 0 && y >= 0 && x <= innerWidth && y <= innerHeight;
    const top = inViewport ? document.elementFromPoint(x, y) : null;
    return {
      inViewport,
      reachable: !!top && element.contains(top),
      covering: top?.closest("section")?.className ?? "",
    };
  }, selector);

describe("first view", () => {
  for (const size of sizes)
    for (const home of homes)
      it(`at ${size.width} × ${size.height}, ${home.path}: the hero's "${home.cta}" is in view and not under the open banner`, async () => {
        const page = await firstVisit(size);
        await page.goto(origin + home.path);
        await page.locator("[data-cookie-banner]").waitFor({ state: "visible" });
        const cta = page.locator("[data-hero-cta]");
        expect(await cta.textContent()).toBe(home.cta);
        expect(await hitTest(page, "[data-hero-cta]")).toEqual({ inViewport: true, reachable: true, covering: "hero" });
        // Usable with the banner open: the call to action takes a real click and leads on, to the dates.
        await cta.click({ trial: false });
        await page.waitForURL(/#dates$/);
        await expect
          .poll(() => page.locator("#dates-title").evaluate((title) => title.getBoundingClientRect().top))
          .toBeLessThan(size.height / 2);
      });

  it("Cookie settings reopens the banner with the current choice as a sentence and a pressed button", async () => {
    const context = await browser.newContext({ viewport: sizes[0] });
    await closeNetwork(context);
    await storeConsent(context, "rejected");
    const page = await context.newPage();
    for (const home of homes) {
      await page.goto(origin + home.path);
      const banner = page.locator("[data-cookie-banner]");
      expect(await banner.isHidden()).toBe(true);
      await page.locator("[data-cookie-settings]").click();
      await banner.waitFor({ state: "visible" });
      expect(await banner.locator("[data-cookie-current]").textContent()).toContain(home.current.rejected);
      const pressed = await banner
        .locator("[data-choice]")
        .evaluateAll((buttons) => buttons.map((button) => [button.dataset["consent"], button.ariaPressed]));
      expect(pressed).toEqual([
        ["accepted", "false"],
        ["rejected", "true"],
      ]);
    }
    await context.close();
  });

  it("at 390 × 844 the open banner takes a fifth of the screen at most, in every language (issue 35)", async () => {
    // A phone's: touch, and no scrollbar taking its width from the page.
    const context = await browser.newContext({ viewport: sizes[0], isMobile: true, hasTouch: true });
    await closeNetwork(context);
    const page = await context.newPage();
    for (const version of await languageVersions(page, `${origin}/`)) {
      await page.goto(version.url);
      const banner = page.locator("[data-cookie-banner]");
      await banner.waitFor({ state: "visible" });
      const box = await banner.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        return { top: rect.top, height: rect.height, bottom: rect.bottom };
      });
      expect(box.height, version.url).toBeLessThanOrEqual(844 / 5);
      expect(box.bottom, version.url).toBe(844);
      // The same choices and links as on every screen: both buttons, the close button and the cookie policy.
      for (const control of ["[data-consent=accepted]", "[data-consent=rejected]", ".cookie-close", ".cookie-text a"])
        expect(await hitTest(page, `[data-cookie-banner] ${control}`), `${version.url} ${control}`).toMatchObject({
          inViewport: true,
          reachable: true,
        });
    }
    await context.close();
  });

  it("at 1280 × 800 the open banner covers none of the hero's content, in every language (issue 35)", async () => {
    const page = await firstVisit(sizes[1]!);
    for (const version of await languageVersions(page, `${origin}/`)) {
      await page.goto(version.url);
      const banner = page.locator("[data-cookie-banner]");
      await banner.waitFor({ state: "visible" });
      const top = await banner.evaluate((element) => element.getBoundingClientRect().top);
      const lowest = await page
        .locator(".hero-content > *, .hero-content .badges li, .hero-art")
        .evaluateAll((parts) => Math.max(...parts.map((part) => part.getBoundingClientRect().bottom)));
      expect(lowest, version.url).toBeLessThanOrEqual(top);
    }
  });

  it("a first visit names no choice and presses no button", async () => {
    const page = await firstVisit(sizes[1]!);
    await page.goto(`${origin}/`);
    const banner = page.locator("[data-cookie-banner]");
    await banner.waitFor({ state: "visible" });
    expect(await banner.locator("[data-cookie-current]").isHidden()).toBe(true);
    expect(await banner.locator("[aria-pressed]").count()).toBe(0);
  });
});
