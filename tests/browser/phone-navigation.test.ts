/**
 * Phone navigation (issue 13 item 4): at 390 px every navigation target of the header is in view or one
 * tap away, behind a Menu button that follows the WAI-ARIA disclosure pattern; without JavaScript every
 * link shows; no focus ring is clipped by a scrolling container; Escape closes and returns focus.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { projectRoot } from "../support/site.ts";
import { closeNetwork, startBrowserTests, storeConsent } from "./support.ts";

let origin: string;
let browser: Browser;
let stop: () => Promise<void>;
beforeAll(async () => ({ origin, browser, stop } = await startBrowserTests()));
afterAll(() => stop?.());

interface Link {
  page: string;
  section?: string;
}

/** The header's targets as content/site.yaml lists them: the links and the button, in one language. */
async function targets(prefix: string): Promise<string[]> {
  const site = parse(await readFile(path.join(projectRoot, "content/site.yaml"), "utf8")) as {
    navigation: { header: Link[]; button: Link };
  };
  return [...site.navigation.header, site.navigation.button].map(
    (link) => `${prefix}/${link.page === "home" ? "" : `${link.page}/`}${link.section ? `#${link.section}` : ""}`,
  );
}

const phones = new Map<boolean, Promise<Page>>();

/**
 * A phone's tab, with JavaScript or without: one each for the file, since every test starts with a page
 * load and nothing here is stored but the consent choice (a new tab costs Chromium a new renderer).
 * Motion is reduced: what is checked is where links are and where they lead, not the view transition and
 * the smooth scroll to a #section that draw frames on every followed link (N3 covers those).
 */
function phone(javaScriptEnabled: boolean): Promise<Page> {
  let page = phones.get(javaScriptEnabled);
  if (!page) {
    page = (async () => {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        javaScriptEnabled,
        reducedMotion: "reduce",
      });
      await closeNetwork(context);
      await storeConsent(context, "rejected");
      return context.newPage();
    })();
    phones.set(javaScriptEnabled, page);
  }
  return page;
}

/** Whether the element is fully inside the viewport's width and shown. */
const inView = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.left >= 0 && box.right <= innerWidth;
  });

/** Ancestors of the focused element that clip what overflows them (a focus ring would be cut off there). */
const clippingAncestors = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    for (let element = document.activeElement?.parentElement; element; element = element.parentElement) {
      const style = getComputedStyle(element);
      if (element === document.body || element === document.documentElement) break;
      if (style.overflowX !== "visible" || style.overflowY !== "visible" || style.maskImage !== "none")
        found.push(`${element.tagName.toLowerCase()}.${element.className}`);
    }
    return found;
  });

for (const prefix of ["", "/de"]) {
  const language = prefix ? "German" : "English";

  describe(`phone navigation, ${language}`, () => {
    it("with JavaScript: a Menu button (aria-expanded, aria-controls) opens every link in view; each leads to its page", async () => {
      const page = await phone(true);
      // Each link is followed from the page the one before led to: the header is the same on every page.
      await page.goto(`${origin}${prefix}/training-details/`);
      for (const target of await targets(prefix)) {
        const button = page.locator("[data-menu-button]");
        expect(await button.isVisible()).toBe(true);
        expect(await button.getAttribute("aria-controls")).toBe("main-nav");
        const link = page.locator(`.site-header a[href="${target}"]`).first();
        if (!(await link.isVisible())) {
          expect(await button.getAttribute("aria-expanded")).toBe("false");
          await button.click();
          expect(await button.getAttribute("aria-expanded")).toBe("true");
        }
        expect(await link.isVisible(), target).toBe(true);
        expect(await link.evaluate((element) => element.getBoundingClientRect().right <= innerWidth), target).toBe(
          true,
        );
        await link.click();
        await page.waitForURL(`${origin}${target}`);
      }
    });

    it("without JavaScript: no button, every link in view and followable", async () => {
      const page = await phone(false);
      await page.goto(`${origin}${prefix}/references/`);
      for (const target of await targets(prefix)) {
        expect(await page.locator("[data-menu-button]").isVisible()).toBe(false);
        const selector = `.site-header a[href="${target}"]`;
        expect(await inView(page, selector), target).toBe(true);
        await page.locator(selector).first().click();
        await page.waitForURL(`${origin}${target}`);
      }
    });

    it("by keyboard: Enter opens, links follow in tab order with unclipped focus rings, Escape closes and returns focus", async () => {
      const page = await phone(true);
      await page.goto(`${origin}${prefix}/`);
      await page.locator("[data-menu-button]").focus();
      await page.keyboard.press("Enter");
      expect(await page.locator("[data-menu-button]").getAttribute("aria-expanded")).toBe("true");
      const links = await page.locator(".main-nav a").count();
      for (let index = 0; index < links; index++) {
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => document.activeElement?.closest(".main-nav") !== null)).toBe(true);
        expect(await clippingAncestors(page)).toEqual([]);
      }
      await page.keyboard.press("Escape");
      expect(await page.locator("[data-menu-button]").getAttribute("aria-expanded")).toBe("false");
      expect(await page.locator(".main-nav").isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.hasAttribute("data-menu-button"))).toBe(true);
    });

    it("without JavaScript, no focus ring of the header is clipped either", async () => {
      const page = await phone(false);
      await page.goto(`${origin}${prefix}/`);
      for (const link of await page.locator(".site-header a").all()) {
        await link.focus();
        expect(await clippingAncestors(page)).toEqual([]);
      }
    });
  });
}
