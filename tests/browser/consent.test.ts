/** Cookie consent in a real browser (design.md §4): tests C1–C6. */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  allPaths,
  newContext,
  nextFrames,
  thirdPartyRequests,
  collectErrors,
  localeOf,
  scrollSettled,
  startBrowserTests,
  storeConsent,
  storedConsent,
  unexpectedErrors,
} from "./support.ts";
import { german } from "../support/addresses.ts";

const labels = {
  en: {
    region: "Web fonts from Google?",
    accept: "Accept All",
    reject: "Reject",
    close: "Close and reject",
    policy: "Cookie Policy",
    policyPath: "/cookie-policy/",
  },
  de: {
    region: "Webschriften von Google?",
    accept: "Webschriften erlauben",
    reject: "Ablehnen",
    close: "Schließen und ablehnen",
    policy: "Cookie-Hinweise",
    policyPath: german("/cookie-policy/"),
  },
};
const fontsLinks = "link[rel=stylesheet][href^='https://fonts.googleapis.com/css2']";
const prefetchLinks = "link[rel=dns-prefetch]";

let origin: string;
let browser: Browser;
let stop: () => Promise<void>;
beforeAll(async () => ({ origin, browser, stop } = await startBrowserTests()));
afterAll(() => stop?.());

const banner = (page: Page) => page.locator("[data-cookie-banner]");
const injected = (page: Page) =>
  page.evaluate(
    ([fonts, prefetch]) => ({
      fonts: [...document.querySelectorAll(fonts!)].map((link) => link.getAttribute("href")),
      prefetch: [...document.querySelectorAll(prefetch!)].map((link) => link.getAttribute("href")),
    }),
    [fontsLinks, prefetchLinks],
  );

let fresh: Promise<Page> | undefined;

/**
 * The file's tab for tests that start from a first visit, with its storage emptied and its list of
 * third-party requests and its listeners reset: a new tab for each costs Chromium a new renderer.
 */
async function firstVisit(): Promise<{ page: Page; thirdParty: string[] }> {
  const page = await (fresh ??= newContext(browser).then((context) => context.newPage()));
  if (page.url().startsWith(origin)) await page.evaluate(() => window.localStorage.clear());
  for (const event of ["console", "pageerror"] as const) page.removeAllListeners(event);
  const thirdParty = thirdPartyRequests(page.context());
  thirdParty.length = 0;
  return { page, thirdParty };
}

describe("cookie consent", () => {
  it("C1: with empty storage the banner shows on every page, nothing contacts a third party, and no console error or uncaught exception", async () => {
    const { page, thirdParty } = await firstVisit();
    // N4 (navigation.test.ts) walks the pages with a stored choice; this is its walk with none.
    const errors = collectErrors(page);
    for (const path of allPaths) {
      await page.goto(origin + path, { waitUntil: "load" });
      const text = labels[localeOf(path)];
      await banner(page).waitFor({ state: "visible" });
      expect(await page.getByRole("region", { name: text.region }).isVisible(), path).toBe(true);
      for (const name of [text.accept, text.reject, text.close])
        expect(await banner(page).getByRole("button", { name, exact: true }).isVisible(), `${path} ${name}`).toBe(true);
      expect(await banner(page).getByRole("link", { name: text.policy }).getAttribute("href"), path).toBe(
        text.policyPath,
      );
      expect(await injected(page), path).toEqual({ fonts: [], prefetch: [] });
    }
    // What the last page's scripts do after load.
    await nextFrames(page);
    expect(thirdParty).toEqual([]);
    expect(unexpectedErrors(errors, origin)).toEqual([]);
  });

  it("C2: Accept All stores the choice, loads the fonts once with the dns-prefetch, and a reload applies it before DOMContentLoaded", async () => {
    const context = await newContext(browser);
    const thirdParty = thirdPartyRequests(context);
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    await banner(page).getByRole("button", { name: "Accept All" }).click();
    expect(await storedConsent(page)).toBe("accepted");
    expect(await banner(page).isHidden()).toBe(true);
    const links = await injected(page);
    expect(links.fonts).toHaveLength(1);
    for (const family of ["family=Inter", "family=Playfair+Display", "family=Dancing+Script", "display=swap"])
      expect(links.fonts[0]).toContain(family);
    expect(links.prefetch).toEqual(["https://www.google.com"]);
    await expect.poll(() => thirdParty.some((url) => url.startsWith("https://fonts.googleapis.com/css2"))).toBe(true);

    // Accepting again from the footer adds nothing twice.
    await page.locator("[data-cookie-settings]").click();
    await banner(page).getByRole("button", { name: "Accept All" }).click();
    expect((await injected(page)).fonts).toHaveLength(1);

    await context.addInitScript(() => {
      const state: { fontsAtDomContentLoaded?: boolean; bannerShown: boolean } = { bannerShown: false };
      (window as unknown as { consentTest: typeof state }).consentTest = state;
      document.addEventListener(
        "DOMContentLoaded",
        () =>
          (state.fontsAtDomContentLoaded = !!document.querySelector(
            "link[rel=stylesheet][href^='https://fonts.googleapis.com/']",
          )),
      );
      new MutationObserver(
        () => (state.bannerShown ||= !!document.querySelector("[data-cookie-banner]:not([hidden])")),
      ).observe(document, { subtree: true, childList: true, attributes: true });
    });
    for (const path of ["/", german("/pricing/")]) {
      await page.goto(origin + path, { waitUntil: "load" });
      await nextFrames(page);
      expect(await page.evaluate(() => (window as unknown as { consentTest: object }).consentTest), path).toEqual({
        fontsAtDomContentLoaded: true,
        bannerShown: false,
      });
      expect((await injected(page)).fonts, path).toHaveLength(1);
    }
    await context.close();
  });

  for (const [button, name] of [
    ["Reject", "Reject"],
    ["the close X", "Close and reject"],
  ] as const) {
    it(`C3: ${button} stores "rejected"; nothing third-party loads here or later, and the banner stays hidden`, async () => {
      const { page, thirdParty } = await firstVisit();
      await page.goto(`${origin}/contact/`);
      await banner(page).getByRole("button", { name, exact: true }).click();
      expect(await storedConsent(page)).toBe("rejected");
      expect(await banner(page).isHidden()).toBe(true);
      for (const path of ["/contact/", "/", german("/about-me/"), "/de/nope/"]) {
        await page.goto(origin + path, { waitUntil: "load" });
        await nextFrames(page);
        expect(await banner(page).isHidden(), path).toBe(true);
        expect(await injected(page), path).toEqual({ fonts: [], prefetch: [] });
      }
      expect(thirdParty).toEqual([]);
    });
  }

  it("C4: any other stored value counts as no choice", async () => {
    const { page } = await firstVisit();
    await page.goto(`${origin}/`);
    for (const value of ["yes", "ACCEPTED", "accepted ", "", "true", "null"]) {
      await page.evaluate((stored) => window.localStorage.setItem("cookie-consent", stored), value);
      await page.reload();
      await banner(page).waitFor({ state: "visible" });
      expect(await injected(page), JSON.stringify(value)).toEqual({ fonts: [], prefetch: [] });
    }
  });

  const blockedStorage = {
    "getItem and setItem throw": () => {
      for (const method of ["getItem", "setItem"]) {
        Object.defineProperty(Storage.prototype, method, {
          value: () => {
            throw new DOMException("The operation is insecure.", "SecurityError");
          },
        });
      }
    },
    "reading localStorage throws": () => {
      Object.defineProperty(window, "localStorage", {
        get: () => {
          throw new DOMException("Access is denied for this document.", "SecurityError");
        },
      });
    },
  };
  for (const [how, block] of Object.entries(blockedStorage)) {
    it(`C4: blocked storage (${how}) raises no error, and the banner works for the current page`, async () => {
      const context = await newContext(browser);
      await context.addInitScript(block);
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(`${origin}/de/`);
      await banner(page).getByRole("button", { name: "Webschriften erlauben" }).click();
      expect(await banner(page).isHidden()).toBe(true);
      expect((await injected(page)).fonts).toHaveLength(1);
      expect(await page.evaluate(() => document.documentElement.dataset["consent"])).toBe("accepted");
      // Nothing was stored, so the next page asks again: failure is never taken as consent.
      await page.reload();
      await banner(page).waitFor({ state: "visible" });
      expect(await injected(page)).toEqual({ fonts: [], prefetch: [] });
      await banner(page).getByRole("button", { name: "Ablehnen", exact: true }).click();
      expect(await banner(page).isHidden()).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("C5: Cookie settings reopens the banner with focus inside, returns focus after a choice, and Reject removes the injected links", async () => {
    const context = await newContext(browser);
    await storeConsent(context, "accepted");
    const page = await context.newPage();
    await page.goto(`${origin}/references/`);
    expect(await banner(page).isHidden()).toBe(true);
    expect((await injected(page)).fonts).toHaveLength(1);
    const settings = page.locator("[data-cookie-settings]");
    await settings.focus();
    const scrolled = () => page.evaluate(() => Math.round(scrollY));
    await scrollSettled(page);
    const before = await scrolled();
    await page.keyboard.press("Enter");
    expect(await banner(page).isVisible()).toBe(true);
    // Focusing the fixed banner must not jump the page.
    await scrollSettled(page);
    expect(await scrolled()).toBe(before);
    expect(await banner(page).evaluate((element) => element.contains(document.activeElement))).toBe(true);
    const isSettingsFocused = () => settings.evaluate((element) => element === document.activeElement);

    // Escape closes a reopened banner and keeps the choice.
    await page.keyboard.press("Escape");
    expect(await banner(page).isHidden()).toBe(true);
    expect(await isSettingsFocused()).toBe(true);
    expect((await injected(page)).fonts).toHaveLength(1);

    await page.keyboard.press("Enter");
    await banner(page).getByRole("button", { name: "Reject", exact: true }).focus();
    await page.keyboard.press("Enter");
    expect(await banner(page).isHidden()).toBe(true);
    expect(await isSettingsFocused()).toBe(true);
    expect(await storedConsent(page)).toBe("rejected");
    expect(await injected(page)).toEqual({ fonts: [], prefetch: [] });

    await settings.click();
    await banner(page).getByRole("button", { name: "Accept All" }).click();
    expect(await isSettingsFocused()).toBe(true);
    expect(await storedConsent(page)).toBe("accepted");
    await context.close();
  });

  it("C6: neither the banner nor the sticky header covers the focused element; dismissing with the keyboard leaves focus on the page", async () => {
    // What is checked is where focus scrolling comes to rest, the same place with smooth scrolling or without
    // (scroll-padding in base.css): without, each of the 60 steps rests at once instead of up to 0.9 s later.
    const context = await newContext(browser, { viewport: { width: 390, height: 844 }, reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    await banner(page).waitFor({ state: "visible" });
    /**
     * The focused element, checked each frame until focus scrolling (which may be smooth) has come to rest with
     * it uncovered, or for at most 3 s: one call per step instead of polling from here.
     */
    const focus = () =>
      page.evaluate(
        () =>
          new Promise<{ inBanner: boolean; onBody: boolean; visible: boolean; name: string }>((resolve) => {
            const end = performance.now() + 3000;
            let lastY = Number.NaN;
            const check = () => {
              const active = document.activeElement!;
              const rect = active.getBoundingClientRect();
              // Uncovered: the element itself is what shows at its top and its bottom edge, not the header or the banner.
              const shows = (y: number) => active.contains(document.elementFromPoint(rect.left + rect.width / 2, y));
              const state = {
                inBanner: !!active.closest("[data-cookie-banner]"),
                onBody: active === document.body,
                visible: shows(rect.top + 1) && shows(rect.bottom - 1),
                name: active.outerHTML.slice(0, 80),
              };
              const resting = scrollY === lastY;
              lastY = scrollY;
              if ((state.visible && resting) || performance.now() > end) resolve(state);
              else requestAnimationFrame(check);
            };
            check();
          }),
      );
    let steps = 0;
    let lastOutside = "";
    for (; steps < 200; steps++) {
      await page.keyboard.press("Tab");
      const now = await focus();
      if (now.inBanner) break;
      lastOutside = now.name;
      expect(now.visible, now.name).toBe(true);
    }
    expect(steps).toBeGreaterThan(20);
    expect(steps).toBeLessThan(200);
    // In the banner: the policy link, Accept All, Reject, the close X.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Reject");
    await page.keyboard.press("Enter");
    expect(await banner(page).isHidden()).toBe(true);
    const after = await focus();
    expect(after).toMatchObject({ inBanner: false, onBody: false, name: lastOutside });

    // Back up the page: the header wraps to two rows on a phone, and still covers nothing.
    for (let step = 1; step < steps; step++) {
      await page.keyboard.press("Shift+Tab");
      const now = await focus();
      expect(now.visible, now.name).toBe(true);
    }

    // Reached backwards from the top of the page, the X falls back to the main content.
    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    await banner(page).waitFor({ state: "visible" });
    await page.keyboard.press("Shift+Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Close and reject");
    await page.keyboard.press("Space");
    expect(await banner(page).isHidden()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
    await context.close();
  });

  for (const [locale, text] of Object.entries(labels))
    it(`C7 (${locale}): before any choice the banner says consent can be withdrawn, with the footer button as it is labelled (Art. 7 (3))`, async () => {
      const { page } = await firstVisit();
      await page.goto(origin + (locale === "de" ? "/de/" : "/"));
      const region = page.getByRole("region", { name: text.region });
      await region.waitFor({ state: "visible" });
      const said = (await region.locator(".cookie-text p").first().textContent())!
        .replace(/[\u00a0\u202f]/g, " ")
        .replace(/\u2011/g, "-");
      expect(said).toMatch(locale === "de" ? /Widerruf jederzeit/ : /withdraw your consent at any time/i);
      // It names the footer's button by its label, so the visitor finds it.
      const button = (await page.locator("[data-cookie-settings]").textContent())!.trim();
      expect(said).toContain(locale === "de" ? `„${button}“` : `“${button}”`);
      // And where the data goes after consent: the USA, on the Data Privacy Framework.
      expect(said).toMatch(
        locale === "de" ? /USA \(EU-US Data Privacy Framework\)/ : /USA \(EU-U\.S\. Data Privacy Framework\)/,
      );
    });
});
