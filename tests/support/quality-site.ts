/**
 * What the quality gates of tests/quality/ share (issue 5, "Measured quality"): the 22 pages, the
 * interactive states a visitor can put a page in, and a browser context that never leaves the machine.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { newContext, thirdPartyRequests } from "./browser.ts";

export { routes, sitePages, type SitePage } from "./pages.ts";

/** A state a visitor can put a page in, beyond loading it; reached by real input. */
export interface PageState {
  /** Short, file-name safe. */
  name: string;
  path: string;
  reach: (page: Page) => Promise<void>;
}

/** The states of design.md §5 and §6: a tooltip open, the contact form with errors, and after a valid submit. */
export const interactiveStates: PageState[] = (["en", "de"] as const).flatMap((locale) => {
  const prefix = locale === "de" ? "/de" : "";
  return [
    { name: `tooltip-open-${locale}`, path: `${prefix}/`, reach: openFirstBadgeTooltip },
    { name: `contact-errors-${locale}`, path: `${prefix}/contact/`, reach: submitEmptyForm },
    { name: `contact-success-${locale}`, path: `${prefix}/contact/`, reach: submitValidForm },
  ];
});

/**
 * The two layouts: a phone (Lighthouse's mobile emulation, a Moto G Power) and a desktop. The header
 * changes at 64rem, so a check at one width alone misses the other's problems.
 */
export const viewports = {
  phone: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 } },
} satisfies Record<string, Parameters<Browser["newContext"]>[0]>;
export type ViewportName = keyof typeof viewports;

/**
 * Opens a page in a fresh context with empty storage, so the consent banner shows by itself, and waits
 * until it is shown and every finite animation has ended (a checker must not see a half-faded banner).
 */
export async function openPage(
  browser: Browser,
  origin: string,
  path: string,
  viewport: ViewportName = "desktop",
): Promise<{ context: BrowserContext; page: Page; thirdParty: string[] }> {
  const context = await newContext(browser, viewports[viewport]);
  const thirdParty = thirdPartyRequests(context);
  const page = await context.newPage();
  await showPage(page, origin + path);
  return { context, page, thirdParty };
}

/**
 * Loads a URL as a first visit in a page whose storage is empty (a fresh context, or one after
 * forgetVisit()) and waits as openPage() does: the banner shown by itself, every finite animation ended.
 */
export async function showPage(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: "load" });
  await page.locator("[data-cookie-banner]:not([hidden])").waitFor({ state: "visible" });
  await settle(page);
}

/** Empties what the site's origin stored in this page's context, so its next page is a first visit again. */
export async function forgetVisit(page: Page): Promise<void> {
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

/** Waits for every running finite animation or transition to finish. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Keyboard focus (Tab, as a keyboard user gets there) on the first hero badge opens its tooltip at once. */
async function openFirstBadgeTooltip(page: Page): Promise<void> {
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(() => document.activeElement === document.querySelector(".hero .badge"))) break;
  }
  const id = await page.evaluate(() =>
    document.activeElement === document.querySelector(".hero .badge")
      ? document.activeElement!.getAttribute("aria-describedby")
      : null,
  );
  if (!id) throw new Error("Tab never reached the first hero badge (.hero .badge), or it has no aria-describedby");
  await page.locator(`[role=tooltip]#${id}:not([hidden])`).waitFor({ state: "visible" });
  await settle(page);
}

/** Submitting the empty form shows the inline messages. */
async function submitEmptyForm(page: Page): Promise<void> {
  await page.locator("form[data-contact-form] [type=submit]").click();
  await page.locator(".field-error:not([hidden])").first().waitFor({ state: "visible" });
  await settle(page);
}

/**
 * A valid submit shows "Message Ready!". The script then sets location.href to a mailto: link; headless
 * Chromium drops an external-protocol navigation, so the page stays as it is.
 */
async function submitValidForm(page: Page): Promise<void> {
  await page.locator("[data-field=name]").fill("Anna Berg");
  await page.locator("[data-field=email]").fill("anna.berg@example.com");
  await page.locator("[data-field=company]").fill("Nordlicht Software");
  await page.locator("[data-field=message]").fill("We would like to book the training for a team of eight in June.");
  await page.locator("form[data-contact-form] [type=submit]").click();
  await page.locator("[data-form-result]:not([hidden])").waitFor({ state: "visible" });
  await settle(page);
}
