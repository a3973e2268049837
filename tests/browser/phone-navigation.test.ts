/**
 * Phone navigation (issue 13 item 4): at 390 px every navigation target of the header is in view or one
 * tap away, behind a Menu button that follows the WAI-ARIA disclosure pattern; without JavaScript every
 * link shows; no focus ring is clipped by a scrolling container; Escape closes and returns focus.
 * Issue 35: the menu also reaches the prices (landing on the offers) and the questions and answers, from
 * where the dates are one tap away, and the header keeps the brand's name on every page from 320 to 390 px.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { parse } from "yaml";
import { borrowChromium } from "../support/chromium.ts";
import { projectRoot } from "../support/site.ts";
import { closeNetwork, languageVersions, newContext, startBrowserTests, storeConsent } from "./support.ts";

let origin: string;
let browser: Browser;
let stop: () => Promise<void>;
beforeAll(async () => ({ origin, browser, stop } = await startBrowserTests()));
afterAll(() => stop?.());

interface Link {
  page: string;
  section?: string;
}

/** site.yaml's navigation: the header's links, its button and the phone menu's own links. */
async function navigation(): Promise<{ header: Link[]; button: Link; menu: Link[] }> {
  const site = parse(await readFile(path.join(projectRoot, "content/site.yaml"), "utf8")) as {
    navigation: { header: Link[]; button: Link; menu?: Link[] };
  };
  return { menu: [], ...site.navigation };
}

/** The header's targets on this page, as its links give them: the main links, the menu's, then the button. */
const headerTargets = (page: Page) =>
  page
    .locator(".site-header :is(#main-nav, .menu-more) a, .site-header .header-actions > a.button")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));

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
  page
    .locator(`${selector}:visible`)
    .first()
    .evaluate((element) => {
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

for (const [index, language] of ["English", "German"].entries()) {
  /** This language's version of the page at an English address, by the page's own language switch. */
  const inLanguage = async (page: Page, english: string) => {
    const versions = await languageVersions(page, origin + english);
    return versions[index]!.url;
  };

  describe(`phone navigation, ${language}`, () => {
    it("with JavaScript: a Menu button (aria-expanded, aria-controls) opens every link in view; each leads to its page", async () => {
      const page = await phone(true);
      // Each link is followed from the page the one before led to: the header is the same on every page.
      await page.goto(await inLanguage(page, "/training-details/"));
      const targets = await headerTargets(page);
      const { header, button: headerButton, menu } = await navigation();
      expect(targets).toHaveLength(header.length + menu.length + 1);
      for (const target of targets) {
        const button = page.locator("[data-menu-button]");
        expect(await button.isVisible()).toBe(true);
        expect(await button.getAttribute("aria-controls")).toBe("site-menu");
        expect(await page.locator("#site-menu #main-nav").count()).toBe(1);
        const link = page.locator(`.site-header a[href="${target}"]:visible`).first();
        if ((await link.count()) === 0) {
          expect(await button.getAttribute("aria-expanded")).toBe("false");
          await button.click();
          expect(await button.getAttribute("aria-expanded")).toBe("true");
        }
        expect(await link.isVisible(), target).toBe(true);
        expect(await link.evaluate((element) => element.getBoundingClientRect().right <= innerWidth), target).toBe(
          true,
        );
        await link.click();
        await page.waitForURL(new URL(target, origin).href);
      }
      expect(headerButton.section, "the header's button leads to the prices, not past them").toBeUndefined();
    });

    it("the menu reaches the prices (on the offers), the dates from there, and the questions and answers", async () => {
      const page = await phone(true);
      const { menu } = await navigation();
      expect(menu.map((link) => link.page)).toEqual(["pricing", "faq"]);
      const pricing = await inLanguage(page, "/pricing/");
      const faq = await inLanguage(page, "/faq/");
      // From a page without the bottom bar: the contact page.
      await page.goto(await inLanguage(page, "/contact/"));
      const openMenu = async () => {
        await page.locator("[data-menu-button]").click();
        await page.locator(".menu-more").waitFor({ state: "visible" });
      };
      await openMenu();
      await page.locator(".menu-more a").first().click();
      await page.waitForURL(pricing);
      // Prices: the first offer's name and price start on the first screen.
      const offer = await page
        .locator(".offer")
        .first()
        .evaluate((card) => card.getBoundingClientRect().top);
      expect(offer).toBeLessThan(844);
      expect(await page.locator(".offer .price").first().isVisible()).toBe(true);
      // Dates: the bottom bar's button, one tap.
      await page.locator(".sticky-bar a").click();
      await expect
        .poll(() => page.locator("#dates-title").evaluate((title) => title.getBoundingClientRect().top))
        .toBeLessThan(844 / 2);
      expect(page.url()).toMatch(/#dates$/);
      // Questions and answers.
      await openMenu();
      await page.locator(".menu-more a").nth(1).click();
      await page.waitForURL(faq);
      expect(await page.locator("main h1").textContent()).toBeTruthy();
      expect(await page.locator("main h3").count()).toBeGreaterThan(5);
    });

    it("without JavaScript: no button, every link of the header in view and followable", async () => {
      const page = await phone(false);
      await page.goto(await inLanguage(page, "/references/"));
      const targets = await page
        .locator(".site-header #main-nav a, .site-header .header-actions > a.button")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
      for (const target of targets) {
        expect(await page.locator("[data-menu-button]").isVisible()).toBe(false);
        const selector = `.site-header a[href="${target}"]`;
        expect(await inView(page, selector), target).toBe(true);
        await page.locator(`${selector}:visible`).first().click();
        await page.waitForURL(new URL(target, origin).href);
      }
    });

    it("by keyboard: Enter opens, links follow in tab order with unclipped focus rings, Escape closes and returns focus", async () => {
      const page = await phone(true);
      await page.goto(await inLanguage(page, "/"));
      await page.locator("[data-menu-button]").focus();
      await page.keyboard.press("Enter");
      expect(await page.locator("[data-menu-button]").getAttribute("aria-expanded")).toBe("true");
      const links = await page.locator("#site-menu a").count();
      for (let index = 0; index < links; index++) {
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => document.activeElement?.closest("#site-menu") !== null)).toBe(true);
        expect(await clippingAncestors(page)).toEqual([]);
      }
      await page.keyboard.press("Escape");
      expect(await page.locator("[data-menu-button]").getAttribute("aria-expanded")).toBe("false");
      expect(await page.locator("#site-menu").isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.hasAttribute("data-menu-button"))).toBe(true);
    });

    it("without JavaScript, no focus ring of the header is clipped either", async () => {
      const page = await phone(false);
      await page.goto(await inLanguage(page, "/"));
      for (const link of await page.locator(".site-header a:visible").all()) {
        await link.focus();
        expect(await clippingAncestors(page)).toEqual([]);
      }
    });

    it("from 320 to 390 px the header keeps the brand's name and a logo of full size, on every kind of page", async () => {
      // The name's width is text: measured in the browser visitors run, not the shell (tests/support/chromium.ts).
      const full = await borrowChromium("full");
      onTestFinished(full.release);
      const context = await newContext(full.browser, {
        viewport: { width: 390, height: 844 },
        reducedMotion: "reduce",
      });
      await storeConsent(context, "rejected");
      const page = await context.newPage();
      for (const english of ["/", "/contact/", "/programme/", "/faq/"]) {
        const url = await inLanguage(page, english);
        for (const width of [320, 360, 390]) {
          await page.setViewportSize({ width, height: 700 });
          await page.goto(url);
          const brand = await page.locator(".site-header .brand").evaluate((link) => {
            const name = link.querySelector(".brand-name")!.getBoundingClientRect();
            const logo = link.querySelector(".logo")!.getBoundingClientRect();
            return { name: name.width > 0 && name.right <= innerWidth, logo: Math.round(logo.width) };
          });
          expect(brand, `${url} at ${width} px`).toEqual({ name: true, logo: 40 });
        }
      }
    });
  });
}
