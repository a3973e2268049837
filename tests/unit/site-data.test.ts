/** The pieces of "one place per fact" (issue 12 item 1) and of the dates (issue 13 item 5), one at a time. */
import { describe, expect, it } from "vitest";
import { buildDay, buildInstant, upcomingDates } from "../../generator/load/dates.ts";
import { checkDates } from "../../generator/check/site-file.ts";
import { formatPrice, localeFacts, perPerson } from "../../generator/load/figures.ts";
import { localeNumber } from "../../generator/load/numbers.ts";
import { readWithSchema } from "../../generator/load/schema.ts";
import type { Site, TrainingDate } from "../../model/content.ts";
import { readYaml } from "../../generator/io/yaml.ts";

const read = (source: string) => {
  const { value, problems } = readWithSchema(
    readYaml(source, "site.yaml").root,
    { fields: { price: "number" } },
    "site.yaml",
    "",
  );
  return { value, problems: problems.map((problem) => [problem.message, problem.hint]) };
};

describe("numbers written in a locale's style", () => {
  it("refuses 2.490 at its line and column, with the plain number as the fix", () => {
    expect(read("\nprice: 2.490\n").problems).toEqual([
      [
        'site.yaml:2:8: "price" is written as a number with a thousands separator: "2.490"',
        'Write 2490, digits only, without a thousands separator (YAML reads "2.490" as 2.49).',
      ],
    ]);
  });

  it("names the fix for each way of writing", () => {
    expect(localeNumber("2,5")?.hint).toMatch(/^Write 2\.5, with a decimal point/);
    expect(localeNumber("2,490")?.hint).toMatch(/^Write 2490,/);
    expect(localeNumber("2.490,50")?.hint).toMatch(/^Write 2490\.50,/);
    expect(localeNumber("1 490")?.hint).toMatch(/^Write 1490,/);
    expect(localeNumber("€2490")?.hint).toMatch(/\(2490\); the currency is set in its own field/);
    expect(localeNumber("2490 €")?.reads).toBe("an amount with a currency");
  });

  it("accepts plain numbers, decimals with a point included", () => {
    for (const plain of ["2490", "2.5", "54.6197", "0.25", "12", "-3", "1.4901"])
      expect(localeNumber(plain), plain).toBeUndefined();
    expect(read("price: 2490").value).toEqual({ price: 2490 });
    expect(read("price: 54.6197").value).toEqual({ price: 54.6197 });
  });
});

describe("figures per language", () => {
  const site = {
    claims: { groupSize: 12 },
    offers: {
      open: { price: 2490, currency: "EUR", per: "person", at: {} },
      team: { price: 18900, currency: "EUR", per: "group", at: {} },
      custom: { per: "group", at: {} },
    },
  } as unknown as Site;
  const facts = new Map<string, string | number | boolean>([
    ["offers.open.price", 2490],
    ["claims.groupSize", 12],
    ["location.latitude", 54.6197],
    ["name", "Deichhof"],
  ]);

  it("prints prices and numbers the way each language does", () => {
    expect(formatPrice(2490, "EUR", "en")).toBe("€2,490");
    expect(formatPrice(2490, "EUR", "de")).toBe("2.490\u00a0€");
    const en = localeFacts(site, facts, "en");
    const de = localeFacts(site, facts, "de");
    expect([en.get("offers.open.price"), de.get("offers.open.price")]).toEqual(["€2,490", "2.490\u00a0€"]);
    expect([en.get("location.latitude"), de.get("location.latitude")]).toEqual(["54.6197", "54,6197"]);
    expect(de.get("name")).toBe("Deichhof");
  });

  it("derives a group price per person from the group size, and nothing for a price on request", () => {
    expect(perPerson(site.offers["team"]!, 12)).toBe(1575);
    expect(perPerson(site.offers["open"]!, 12)).toBeUndefined();
    expect(localeFacts(site, facts, "de").get("offers.team.perPerson")).toBe("1.575\u00a0€");
    expect(localeFacts(site, facts, "en").has("offers.custom.price")).toBe(false);
  });
});

describe("upcoming dates", () => {
  const date = (start: string): TrainingDate => ({ start, end: start, seatsLeft: 1, at: {} });

  it('takes "today" from SOURCE_DATE_EPOCH when it is set', () => {
    expect(buildDay({ SOURCE_DATE_EPOCH: "1805371200" })).toBe("2027-03-18");
    expect(buildDay({})).toBe(new Date().toISOString().slice(0, 10));
    expect(buildDay({ SOURCE_DATE_EPOCH: "soon" })).toBe(new Date().toISOString().slice(0, 10));
  });

  it("takes the build's moment from SOURCE_DATE_EPOCH too, to the second, for the calendar files' DTSTAMP", () => {
    expect(buildInstant({ SOURCE_DATE_EPOCH: "1805371200" })).toBe("2027-03-18T12:00:00Z");
    // Without it, the day's start: two builds on one day write the same bytes.
    expect(buildInstant({})).toBe(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  });

  it("refuses two dates on one first day, at the second: a date is known by its first day", () => {
    const twice = { ...date("2027-03-15"), at: { start: { line: 9, column: 12 } } };
    const problems = checkDates({ offers: {}, dates: [date("2027-03-15"), twice] } as unknown as Site, "site.yaml");
    expect(problems.map((problem) => problem.message)).toEqual(["site.yaml:9:12: Two dates start on 2027-03-15"]);
  });

  it("keeps the dates that begin after today, earliest first", () => {
    const dates = [date("2027-09-13"), date("2027-03-15"), date("2027-03-18"), date("2027-03-19")];
    expect(upcomingDates(dates, "2027-03-18").map((entry) => entry.start)).toEqual(["2027-03-19", "2027-09-13"]);
    expect(upcomingDates(dates, "2028-01-01")).toEqual([]);
  });
});

describe("labels of the navigation", () => {
  it("lists every dictionary key site.yaml's header, phone menu and footer use, once", async () => {
    const { navigationLabels } = await import("../../generator/check/site-data.ts");
    const link = (page: string, label: string) => ({ page, label, at: {} });
    expect(
      navigationLabels({
        header: [link("home", "nav.about"), link("contact", "nav.contact")],
        button: link("pricing", "nav.bookNow"),
        menu: [link("pricing", "nav.datesPrices"), link("contact", "nav.contact")],
        footer: [
          { block: "about", at: {} },
          { title: "footer.legal", links: [link("imprint", "footer.imprint"), link("contact", "nav.contact")], at: {} },
        ],
      }),
    ).toEqual(["nav.about", "nav.contact", "nav.bookNow", "nav.datesPrices", "footer.imprint", "footer.legal"]);
  });
});
