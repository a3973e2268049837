/**
 * The training dates' calendar files (issue 20): RFC 5545 text rules one at a time, then whole files read
 * back by a real iCalendar parser (Mozilla's ical.js).
 */
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { createHref } from "../../generator/links.ts";
import { calendarText, createCalendars, escapeText, foldLine, paramValue } from "../../generator/write/calendar.ts";
import type { LocaleContent, Site } from "../../model/content.ts";

describe("iCalendar text", () => {
  it("escapes backslash, semicolon and comma, and writes line breaks as \\n (RFC 5545 §3.3.11)", () => {
    expect(escapeText("a\\b; c, d\ne\r\nf")).toBe("a\\\\b\\; c\\, d\\ne\\nf");
  });

  it("quotes a parameter value that holds a colon, semicolon or comma, and drops double quotes", () => {
    expect(paramValue("Deichhof Sales Ranch")).toBe("Deichhof Sales Ranch");
    expect(paramValue("Jessen, Katrin")).toBe('"Jessen, Katrin"');
    expect(paramValue('The "Ranch": North')).toBe(`"The 'Ranch': North"`);
  });

  it("folds lines at 75 octets, continuations starting with a space, never inside a UTF-8 character", () => {
    const line = `DESCRIPTION:${"Dreitägiges Verkaufstraining – ".repeat(8)}`;
    const folded = foldLine(line);
    const physical = folded.split("\r\n");
    expect(physical.length).toBeGreaterThan(3);
    for (const [index, part] of physical.entries()) {
      expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
      if (index > 0) expect(part.startsWith(" ")).toBe(true);
      expect(Buffer.from(part).toString()).not.toContain("\uFFFD");
    }
    expect(folded.replace(/\r\n /g, "")).toBe(line);
    expect(foldLine("SHORT:line")).toBe("SHORT:line");
  });

  it("ends every line with CRLF", () => {
    expect(calendarText(["BEGIN:VCALENDAR", "END:VCALENDAR"])).toBe("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n");
  });
});

const site = {
  name: "Deichhof Sales Ranch",
  baseUrl: "https://www.example.org",
  contact: { email: "training@example.org", phone: "+49 4671 930 41 20", form: { kind: "mailto" } },
  legal: {
    owner: "Katrin Jessen",
    company: "Deichhof Sales Ranch – Katrin Jessen",
    street: "Marschweg 14",
    postalCode: "25821",
    city: "Bredstedt",
    region: "Schleswig-Holstein",
    country: "Germany",
    countryCode: "DE",
    vatId: "DE318472905",
  },
  location: { latitude: 54.6197, longitude: 8.9644 },
  offers: { open: { price: 2490, currency: "EUR", per: "person", at: {} } },
  dates: [
    { start: "2027-03-15", end: "2027-03-17", offer: "open", seatsLeft: 4, at: {} },
    { start: "2027-06-07", end: "2027-06-09", offer: "open", seatsLeft: 0, at: {} },
    { start: "2027-12-30", end: "2028-01-01", seatsLeft: 1, at: {} },
  ],
  builtAt: "2026-05-28T20:26:40Z",
} as unknown as Site;

const locale = (code: string, texts: Record<string, string>, offer: { name: string; unit: string }, price: string) =>
  ({
    locale: code,
    formats: code,
    dictionary: new Map(Object.entries(texts).map(([key, text]) => [key, { text, file: "", line: 1, column: 1 }])),
    // The facts as load/implied-facts.ts gives them: the country named in the page's language.
    facts: new Map([
      ["offers.open.price", price],
      ["legal.countryName", new Intl.DisplayNames([code], { type: "region" }).of("DE")!],
    ]),
    testimonials: [],
    pages: { pricing: { offers: { open: offer } } },
  }) as unknown as LocaleContent;

const locales = [
  locale(
    "en",
    {
      "schema.courseName": "3-Day Sales Training on the Ranch",
      "schema.courseDescription": "Discovery, negotiation and closing; on a working ranch, with childcare included.",
      "dates.calendarNote": "Pencilled in, not booked: your seat is held once we have confirmed your request.",
    },
    { name: "Open Training", unit: "per person, plus VAT" },
    "€2,490",
  ),
  locale(
    "de",
    {
      "schema.courseName": "Dreitägiges Verkaufstraining auf der Ranch",
      "schema.courseDescription": "Bedarfsanalyse, Verhandlung und Abschluss – Kinderbetreuung inklusive.",
      "dates.calendarNote":
        "Vorgemerkt, nicht gebucht: Ihr Platz ist reserviert, sobald wir Ihre Anfrage bestätigt haben.",
    },
    { name: "Offenes Training", unit: "pro Person, zzgl. MwSt." },
    "2.490\u00a0€",
  ),
];
const links = createHref(
  {
    basePath: "/ranch/",
    locales: [
      { code: "en", prefix: "" },
      { code: "de", prefix: "de" },
    ],
  },
  "https://www.example.org",
);

/** The one VEVENT of a calendar file, as ical.js reads it. */
function parseEvent(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents("vevent");
  expect(events).toHaveLength(1);
  return { calendar, vevent: events[0]!, event: new ICAL.Event(events[0]!) };
}

describe("a date's calendar files", () => {
  const files = createCalendars(site, locales, links);
  const file = (path: string) => String(files.find((candidate) => candidate.path === path)?.contents);

  it("writes one file per date and language, named by the first day and the language; none for a full date", () => {
    expect(files.map((candidate) => candidate.path)).toEqual([
      "calendar/2027-03-15.en.ics",
      "calendar/2027-12-30.en.ics",
      "calendar/2027-03-15.de.ics",
      "calendar/2027-12-30.de.ics",
    ]);
  });

  it("uses CRLF only, and no physical line longer than 75 octets", () => {
    for (const { contents } of files) {
      const text = String(contents);
      expect(text.endsWith("\r\n")).toBe(true);
      expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
      for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    }
  });

  it("parses as one published, tentative all-day event: the training's days, DTEND the day after the last", () => {
    const { calendar, event, vevent } = parseEvent(file("calendar/2027-03-15.en.ics"));
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(calendar.getFirstPropertyValue("calscale")).toBe("GREGORIAN");
    expect(calendar.getFirstPropertyValue("prodid")).toBe("-//Deichhof Sales Ranch//ranch-site//EN");
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe("2027-03-15");
    expect(event.endDate.toString()).toBe("2027-03-18");
    expect(event.uid).toBe("2027-03-15-open@www.example.org");
    // Nobody has booked a seat when the file is downloaded: it is pencilled in, and says so.
    expect(vevent.getFirstPropertyValue("status")).toBe("TENTATIVE");
    expect(vevent.getFirstPropertyValue("dtstamp")?.toString()).toBe("2026-05-28T20:26:40Z");
    expect(event.summary).toBe("Open Training: 3-Day Sales Training on the Ranch");
    expect(event.location).toBe("Deichhof Sales Ranch, Marschweg 14, 25821 Bredstedt, Germany");
    expect(event.description).toBe(
      "Discovery, negotiation and closing; on a working ranch, with childcare included.\n\n" +
        "Pencilled in, not booked: your seat is held once we have confirmed your request.\n\n" +
        "Open Training: €2,490 per person, plus VAT\n\nhttps://www.example.org/ranch/pricing/#dates",
    );
    expect(vevent.getFirstPropertyValue("url")).toBe("https://www.example.org/ranch/pricing/#dates");
    expect(vevent.getFirstPropertyValue("geo")).toEqual([54.6197, 8.9644]);
    const organizer = vevent.getFirstProperty("organizer")!;
    expect(organizer.getFirstValue()).toBe("mailto:training@example.org");
    expect(organizer.getParameter("cn")).toBe("Deichhof Sales Ranch");
  });

  it("says it in the page's language, with the same UID, so importing both gives one event", () => {
    const { event, vevent } = parseEvent(file("calendar/2027-03-15.de.ics"));
    expect(event.uid).toBe("2027-03-15-open@www.example.org");
    expect(event.summary).toBe("Offenes Training: Dreitägiges Verkaufstraining auf der Ranch");
    expect(vevent.getFirstProperty("summary")!.getParameter("language")).toBe("de");
    expect(event.location).toBe("Deichhof Sales Ranch, Marschweg 14, 25821 Bredstedt, Deutschland");
    expect(event.description).toContain("Offenes Training: 2.490\u00a0€ pro Person, zzgl. MwSt.");
    expect(event.description).toContain("Vorgemerkt, nicht gebucht");
    expect(vevent.getFirstPropertyValue("status")).toBe("TENTATIVE");
    expect(vevent.getFirstPropertyValue("url")).toBe("https://www.example.org/ranch/de/pricing/#dates");
  });

  it("names a date without an offer by the course alone, and ends it across the turn of the year", () => {
    const { event } = parseEvent(file("calendar/2027-12-30.en.ics"));
    expect(event.summary).toBe("3-Day Sales Training on the Ranch");
    expect(event.uid).toBe("2027-12-30-training@www.example.org");
    expect(event.endDate.toString()).toBe("2028-01-02");
    expect(event.description).not.toContain("Open Training");
  });
});
