/**
 * Event data that Google shows, and "Add to calendar" (issue 20), in the shared build: each upcoming date
 * is an EducationEvent on the pricing page in both languages (the home page carries none since issue 35) that passes a real structured-data
 * validator (@adobe/structured-data-validator with Google's Event rules, tests/support/google-event.ts),
 * and each date's .ics file parses with a real iCalendar parser (Mozilla's ical.js) as the same event.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { validateStructuredData } from "../support/google-event.ts";
import { readPage, type BuiltPage } from "../support/html.ts";
import { builtSite, projectRoot } from "../support/site.ts";
import { outputFile } from "../support/addresses.ts";

interface SiteDate {
  start: string;
  end: string;
  seatsLeft: number;
  offer?: string;
  language?: string;
}

// The pricing page in each language, where its routes put it (de/preise/index.html).
const eventPages = ["en", "de"].map((locale) => ({ file: outputFile("pricing", locale), locale }));

let dist: string;
let baseUrl: string;
/** The dates of content/site.yaml that the build lists: those with a calendar file. */
let dates: SiteDate[];
let calendars: string[];
let pages: (BuiltPage & { file: string; locale: string; html: string })[];

beforeAll(async () => {
  dist = builtSite();
  const site = parseYaml(await readFile(path.join(projectRoot, "content/site.yaml"), "utf8")) as {
    baseUrl: string;
    dates: SiteDate[];
  };
  baseUrl = site.baseUrl.replace(/\/$/, "");
  calendars = (await readdir(path.join(dist, "calendar"))).filter((file) => file.endsWith(".ics")).sort();
  dates = site.dates
    .map((date) => ({ ...date, start: String(date.start), end: String(date.end) }))
    .filter((date) => calendars.includes(`${date.start}.en.ics`));
  pages = await Promise.all(
    eventPages.map(async (page) => ({
      ...page,
      ...(await readPage(dist, page.file)),
      html: await readFile(path.join(dist, page.file), "utf8"),
    })),
  );
});

const events = (page: BuiltPage) =>
  page.root
    .querySelectorAll('script[type="application/ld+json"]')
    .map((script) => JSON.parse(script.textContent) as Record<string, unknown>)
    .filter((node) => node["@type"] === "EducationEvent");

describe("each upcoming date as an EducationEvent", () => {
  it("the build lists upcoming dates, each with a calendar file in both languages", () => {
    expect(dates.length).toBeGreaterThan(0);
    expect(calendars).toEqual(dates.flatMap((date) => [`${date.start}.de.ics`, `${date.start}.en.ics`]).sort());
  });

  it("is on the pricing page in both languages, once per date, in the date's language of instruction", () => {
    for (const page of pages) {
      const found = events(page);
      expect(
        found.map((event) => event["startDate"]),
        page.file,
      ).toEqual(dates.map((date) => date.start));
      expect(
        found.map((event) => event["inLanguage"]),
        page.file,
      ).toEqual(dates.map((date) => date.language ?? page.locale));
    }
  });

  it("passes the structured-data validator with Google's Event rules: no error, no missing recommended property", async () => {
    for (const page of pages) {
      const issues = await validateStructuredData(page.html);
      expect(
        issues.map((issue) => `${issue.severity} ${issue.rootType}: ${issue.issueMessage}`),
        page.file,
      ).toEqual([]);
    }
  });

  it("the validator finds a missing required property and a missing recommended one", async () => {
    const html = pages[0]!.html.replace(
      /("@type":"EducationEvent",[^<]*?)"startDate":"[^"]+",([^<]*?)"validFrom":"[^"]+",/,
      "$1$2",
    );
    const issues = await validateStructuredData(html);
    expect(issues.map((issue) => [issue.severity, issue.issueMessage])).toEqual([
      ["ERROR", 'Required attribute "startDate" is missing'],
      ["WARNING", 'Missing field "offers.validFrom" (optional)'],
    ]);
  });

  it("gives each date's offer its price, currency and availability from the seats left, and the page's own image", () => {
    for (const page of pages) {
      const image = page.root.querySelector('meta[property="og:image"]')!.getAttribute("content");
      for (const [index, event] of events(page).entries()) {
        const date = dates[index]!;
        const offers = event["offers"] as Record<string, unknown>;
        const availability = date.seatsLeft === 0 ? "SoldOut" : date.seatsLeft <= 3 ? "LimitedAvailability" : "InStock";
        expect(offers["availability"], `${page.file} ${date.start}`).toBe(`https://schema.org/${availability}`);
        expect([typeof offers["price"], offers["priceCurrency"]]).toEqual(["number", "EUR"]);
        expect(String(offers["url"]).startsWith(`${baseUrl}/`)).toBe(true);
        expect(event["endDate"]).toBe(date.end);
        expect(event["image"]).toBe(image);
      }
    }
  });
});

describe("each date's calendar file", () => {
  it("parses with ical.js as one all-day event, named as the date's EducationEvent in that language", async () => {
    for (const locale of ["en", "de"]) {
      const pricing = pages.find((page) => page.file === outputFile("pricing", locale))!;
      const named = new Map(events(pricing).map((event) => [event["startDate"], event["name"]]));
      for (const date of dates) {
        const text = await readFile(path.join(dist, "calendar", `${date.start}.${locale}.ics`), "utf8");
        expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
        const calendar = new ICAL.Component(ICAL.parse(text));
        const vevents = calendar.getAllSubcomponents("vevent");
        expect(vevents).toHaveLength(1);
        const event = new ICAL.Event(vevents[0]!);
        expect(event.startDate.isDate).toBe(true);
        expect(event.startDate.toString()).toBe(date.start);
        // DTEND is exclusive: the day after the last day of the training.
        expect(event.endDate.toString()).toBe(new Date(Date.parse(date.end) + 86_400_000).toISOString().slice(0, 10));
        expect(event.uid).toBe(`${date.start}-${date.offer ?? "training"}@${new URL(baseUrl).hostname}`);
        expect(event.summary).toBe(named.get(date.start));
        expect(vevents[0]!.getFirstPropertyValue("dtstamp")).toBeTruthy();
      }
    }
  });

  it("is linked from each date card, to be downloaded, with the date named for screen readers", () => {
    for (const page of pages) {
      const links = page.root.querySelectorAll(".date-actions a[download]");
      // In the cards' order (the page's language first, issue 28), so compared as a set.
      expect(links.map((link) => link.getAttribute("href")).sort(), page.file).toEqual(
        dates.map((date) => `/calendar/${date.start}.${page.locale}.ics`).sort(),
      );
      for (const link of links) expect(link.querySelector(".visually-hidden")?.textContent).toMatch(/\d{4}/);
    }
  });

  it("each card's link leads to a file the build wrote", async () => {
    for (const page of pages)
      for (const link of page.root.querySelectorAll(".date-actions a[download]"))
        await expect(
          readFile(path.join(dist, link.getAttribute("href")!)),
          link.getAttribute("href")!,
        ).resolves.toBeTruthy();
  });
});
