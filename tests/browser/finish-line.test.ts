/**
 * The buyer's finish line (issue 28), in Chromium on the shared build: the phone's bottom bar (phones only,
 * never over the consent banner or the contact form's send button, still under reduced motion), the
 * brand's name in the phone header, and the next dates at the end of training details and about me. The
 * programme sheet has a file of its own (programme-sheet.test.ts).
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newContext, startBrowserTests, storeConsent } from "./support.ts";
import { address, german } from "../support/addresses.ts";

/** The language of a page, by its address. */
const languageOf = (path: string) => (path.startsWith("/de/") ? "de" : "en");

let origin: string;
let browser: Browser;
let stop: () => Promise<void>;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  ({ origin, browser, stop } = await startBrowserTests());
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await stop?.();
});

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const desktop = { viewport: { width: 1280, height: 800 } };

/** A page in a fresh context of this kind, with this consent stored (null: none, so the banner shows). */
async function open(
  path: string,
  options: Parameters<Browser["newContext"]>[0],
  consent: string | null = "rejected",
): Promise<Page> {
  const context = await newContext(browser, options);
  contexts.push(context);
  await storeConsent(context, consent);
  const page = await context.newPage();
  await page.goto(origin + path);
  return page;
}

/** Whether the element at the centre of this locator's box is the element itself (or inside it): not covered. */
const onTop = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return !!top && (top === element || element.contains(top));
  });

describe("the phone's bottom bar", () => {
  for (const [path, label, price] of [
    ["/training-details/", "Request a Seat", "Net from €2,490"],
    [german("/about-me/"), "Platz anfragen", "netto ab 2.490 €"],
  ] as const)
    it(`shows "${price} · ${label}" on a phone on ${path}, leading to the dates, and not on a desktop`, async () => {
      const page = await open(path, phone);
      const bar = page.locator(".sticky-bar");
      await expect.poll(() => bar.isVisible()).toBe(true);
      expect((await bar.innerText()).replace(/\s+/g, " ")).toBe(`${price} ${label}`);
      expect(await onTop(page, ".sticky-bar .button")).toBe(true);
      await bar.getByRole("link", { name: label }).click();
      await page.waitForURL(new RegExp(`${address("pricing", languageOf(path))}#dates$`));
      // The page's end is not hidden behind the bar: the footer's last line can be scrolled above it. The browser
      // may still be scrolling to #dates (it scrolls again once the page has loaded), so scroll and measure until the
      // end stays in view.
      await page.waitForLoadState("load");
      const footerAboveBar = () =>
        page.evaluate(() => {
          scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });
          const footerBottom = document.querySelector(".site-footer")!.getBoundingClientRect().bottom;
          return footerBottom - document.querySelector(".sticky-bar")!.getBoundingClientRect().top;
        });
      await expect.poll(footerAboveBar).toBeLessThanOrEqual(1);

      const wide = await open(path, desktop);
      expect(await wide.locator(".sticky-bar").isVisible()).toBe(false);
    });

  it("gives way to the consent banner, and comes once the visitor has chosen", async () => {
    const page = await open("/", phone, null);
    const banner = page.locator("[data-cookie-banner]");
    await banner.waitFor({ state: "visible" });
    // The bar slides away as the banner appears (a 0.2 s transition).
    await expect.poll(() => page.locator(".sticky-bar").isVisible()).toBe(false);
    expect(await onTop(page, "[data-cookie-banner] [data-consent=rejected].button")).toBe(true);
    await page.locator("[data-cookie-banner] [data-consent=rejected].button").click();
    await expect.poll(() => page.locator(".sticky-bar").isVisible()).toBe(true);
  });

  it("is not on the contact page, where the send button and the fields stay uncovered", async () => {
    const page = await open("/contact/", phone);
    expect(await page.locator(".sticky-bar").count()).toBe(0);
    await page.locator("[data-field=message]").focus();
    await page.locator(".contact-form button[type=submit]").scrollIntoViewIfNeeded();
    expect(await onTop(page, ".contact-form button[type=submit]")).toBe(true);
  });

  it("slides only for visitors who allow motion", async () => {
    const duration = async (reducedMotion: "reduce" | "no-preference") => {
      const page = await open("/", { ...phone, reducedMotion });
      return page.locator(".sticky-bar").evaluate((bar) => parseFloat(getComputedStyle(bar).transitionDuration));
    };
    // The site's reduced-motion rule leaves transitions a hundredth of a millisecond: no visible movement.
    expect(await duration("reduce")).toBeLessThan(0.001);
    expect(await duration("no-preference")).toBeGreaterThanOrEqual(0.1);
  });

  it("leaves the phone header room for the brand's name", async () => {
    const page = await open("/", phone);
    const name = page.locator(".site-header .brand-name");
    expect(await name.isVisible()).toBe(true);
    expect(await name.innerText()).toBe("Deichhof Sales Ranch");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

describe("no dead end", () => {
  for (const [path, language, button] of [
    ["/training-details/", "English", "Request a Seat"],
    [german("/about-me/"), "Deutsch", "Platz anfragen"],
  ] as const)
    it(`${path} ends with the next dates, in date order, one in the page's language, each with its button`, async () => {
      const page = await open(path, phone);
      const dates = page.locator(".date-strip li");
      expect(await dates.count()).toBeGreaterThan(0);
      const starts = await dates
        .locator("time")
        .evaluateAll((times) => times.map((time) => time.getAttribute("datetime")));
      expect(starts).toEqual([...starts].sort());
      expect(await dates.locator(".date-strip-language").allInnerTexts()).toContain(language);
      await dates
        .first()
        .getByRole("link", { name: new RegExp(`^${button}`) })
        .click();
      await page.waitForURL(
        new RegExp(`${address("contact", languageOf(path))}\\?date=\\d{4}-\\d{2}-\\d{2}#form-title$`),
      );
    });
});
