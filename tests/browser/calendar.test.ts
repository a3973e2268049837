/**
 * "Add to calendar" as a visitor uses it (issue 20): in Chromium, the date card's link downloads the date's
 * iCalendar file in the page's language, and what arrives parses with ical.js as that date's event.
 */
import { readFile } from "node:fs/promises";
import ICAL from "ical.js";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newContext, startBrowserTests, storeConsent } from "./support.ts";

let origin: string;
let browser: Browser;
let context: BrowserContext;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ origin, browser, stop } = await startBrowserTests());
  context = await newContext(browser, { acceptDownloads: true });
  await storeConsent(context, "rejected");
});

afterAll(async () => {
  await context?.close();
  await stop?.();
});

describe("Add to calendar", () => {
  for (const [locale, path, label] of [
    ["en", "/pricing/", "Add to calendar"],
    ["de", "/de/", "Im Kalender vormerken"],
  ] as const)
    it(`downloads the first date's event in ${locale}, from the link named "${label}" and the date`, async () => {
      const page = await context.newPage();
      await page.goto(origin + path);
      const card = page.locator(".date").first();
      const start = await card.locator("time").getAttribute("dateTime");
      const link = card.getByRole("link", { name: new RegExp(`^${label}\\s*: `) });
      const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
      expect(download.suggestedFilename()).toBe(`${start}.${locale}.ics`);
      const text = await readFile((await download.path())!, "utf8");
      const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!);
      expect(event.startDate.toString()).toBe(start);
      const offer = await card.locator(".date-offer").textContent();
      expect(event.summary.startsWith(`${offer}: `), event.summary).toBe(true);
      await page.close();
    });
});
