/**
 * The programme sheet (issue 28; issue 35: "a sheet worth forwarding"): on A4 it prints on one or two pages in
 * every language and every consent state (the banner open, refused or accepted: its room is not kept on
 * paper), with the pricing page's prices and dates, an "as of" day, the trainer and the contact, and without
 * the site's header, footer or bars, or a sentence that sends the reader to the programme it is.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserTests, languageVersions } from "./support.ts";

const { open, origin } = browserTests();
const desktop = { viewport: { width: 1280, height: 800 } };
// Six printed PDFs in one test: on a shared machine they take longer than a test's default minute.
const printing = 240_000;

/** The page printed to A4 as Chromium's "Save as PDF" does it, and its number of pages. */
async function printedPages(page: Page): Promise<number> {
  const pdf = await page.pdf({ format: "A4", printBackground: true, preferCSSPageSize: true });
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  return Number(/\/Type\s*\/Pages\b[^]*?\/Count\s+(\d+)/.exec(pdf.toString("latin1"))?.[1]);
}

describe("the programme sheet", () => {
  it(
    "prints on at most two A4 pages in every language, with the banner open, refused and accepted",
    async () => {
      const first = await open("/programme/", desktop);
      const versions = await languageVersions(first, `${origin()}/programme/`);
      expect(versions.length).toBeGreaterThan(1);
      for (const version of versions)
        for (const consent of [null, "rejected", "accepted"]) {
          const page = await open(new URL(version.url).pathname, desktop, consent);
          if (consent === null) await page.locator("[data-cookie-banner]").waitFor({ state: "visible" });
          const pages = await printedPages(page);
          expect(pages, `${version.url}, consent ${consent}`).toBeGreaterThanOrEqual(1);
          expect(pages, `${version.url}, consent ${consent}`).toBeLessThanOrEqual(2);
        }
    },
    printing,
  );

  it(
    "has the pricing page's prices and dates, the day it was made, the trainer and the contact, and nothing of the site around it",
    async () => {
      const first = await open("/pricing/", desktop);
      for (const version of await languageVersions(first, `${origin()}/pricing/`)) {
        const pricing = await open(new URL(version.url).pathname, desktop);
        const prices = await pricing.locator(".offer .price, .offer .price-note").allInnerTexts();
        const perHead = await pricing.locator(".team-prices").allInnerTexts();
        const days = await pricing.locator(".date time").allInnerTexts();
        const sheetLink = await pricing.locator(".programme-link a").getAttribute("href");

        const page = await open(sheetLink!, desktop);
        expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
        // What it promises is true: no "one sheet" of three pages.
        expect(await page.locator('meta[name="description"]').getAttribute("content")).not.toMatch(
          /one sheet|einem Blatt/i,
        );
        // A4 less the sheet's margins, at 96 px per inch: the width print lays the page out at.
        await page.setViewportSize({ width: Math.round(((210 - 32) / 25.4) * 96), height: 1000 });
        await page.emulateMedia({ media: "print" });
        for (const hidden of [".site-header", ".site-footer", ".sticky-bar", "[data-print]", ".cookie-banner"])
          expect(await page.locator(hidden).first().isVisible(), hidden).toBe(false);
        const text = (await page.locator("main").innerText()).replace(/\s+/g, " ");
        expect(prices.length).toBeGreaterThan(0);
        for (const price of prices) expect(text).toContain(price.replace(/\s+/g, " "));
        expect(perHead.length).toBe(1);
        expect(text).toContain(perHead[0]!.replace(/\s+/g, " "));
        expect(days.length).toBeGreaterThan(0);
        for (const day of days) expect(text).toContain(day.replace(/\s+/g, " "));
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);

        // The day it was made, the trainer, and the contact as links a reader can tap in the PDF.
        const asOf = await page.locator(".programme-as-of time").getAttribute("datetime");
        expect(asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(await page.locator(".programme-as-of").isVisible()).toBe(true);
        expect(await page.locator(".programme-trainer").innerText()).toMatch(/Katrin Jessen/);
        expect(await page.locator(".programme-contact a[href^='tel:+']").count()).toBe(1);
        expect(await page.locator(".programme-contact a[href^='mailto:']").count()).toBe(1);
        // It is the programme: it sends nobody to "the full programme" elsewhere, nor links to itself.
        expect(text).not.toMatch(/full programme|vollständige Programm/i);
        expect(await page.locator(`main a[href="${sheetLink}"]`).count()).toBe(0);
      }
    },
    printing,
  );
});
