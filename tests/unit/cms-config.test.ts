/**
 * The web editor's configuration: committed exactly as the loaders' schemas make it, so a schema
 * change without `node bin/ranch-site.js schemas` fails here, and its fields take what the build takes.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { cmsConfigFile, cmsConfigText, createCmsConfig, loadCmsContent } from "../../generator/editor/cms-config.ts";
import { siteLanguageCodes } from "../support/languages.ts";
import { interfaceLanguage } from "../../generator/editor/watch-admin.ts";
import { placeOf } from "../../generator/editor/text-places.ts";
import { projectRoot } from "../support/site.ts";

const locales = siteLanguageCodes;
type Field = { name: string; widget: string; required?: boolean; pattern?: [string, string]; fields?: Field[] };
type Collection = {
  name: string;
  folder?: string;
  i18n?: boolean | { locales: string[]; default_locale: string };
  files?: { name: string; file: string; fields: Field[] }[];
  fields?: Field[];
};

/** A field by its path of names through nested groups. */
function fieldAt(fields: Field[], names: string[]): Field {
  const field = fields.find((candidate) => candidate.name === names[0]);
  if (!field) throw new Error(`no field ${names[0]}`);
  return names.length === 1 ? field : fieldAt(field.fields!, names.slice(1));
}

describe("the web editor's configuration", () => {
  it("is committed exactly as the loaders' schemas make it (run `node bin/ranch-site.js schemas`)", async () => {
    const made = cmsConfigText(createCmsConfig(await loadCmsContent(projectRoot, locales)));
    expect(await readFile(path.join(projectRoot, cmsConfigFile), "utf8")).toBe(made);
  });

  it("gives each field the widget the build accepts: dates, whole numbers with a pattern, required fields", async () => {
    const config = createCmsConfig(await loadCmsContent(projectRoot, locales)) as { collections: Collection[] };
    const site = config.collections.find((collection) => collection.name === "site")!;
    expect(new Set(site.files!.map((file) => file.file))).toEqual(new Set(["content/site.yaml"]));
    const siteFields = site.files!.flatMap((file) => file.fields);
    expect(siteFields.map((field) => field.name).sort()).toEqual(
      [
        "name",
        "languages",
        "baseUrl",
        "contact",
        "social",
        "legal",
        "hosting",
        "booking",
        "location",
        "consent",
        "claims",
        "clients",
        "offers",
        "dates",
        "navigation",
        "editor",
      ].sort(),
    );
    const dates = fieldAt(siteFields, ["dates"]);
    expect(dates.widget).toBe("list");
    expect(fieldAt(dates.fields!, ["start"])).toMatchObject({
      widget: "datetime",
      format: "YYYY-MM-DD",
      time_format: false,
    });
    const seats = fieldAt(dates.fields!, ["seatsLeft"]);
    const price = fieldAt(siteFields, ["offers", "open", "price"]);
    for (const field of [seats, price]) {
      expect(field.widget).toBe("number");
      const pattern = new RegExp(field.pattern![0]);
      // What a number field holds after "2.490" (German thousands) or "2,5": refused; 2490 passes.
      expect(pattern.test(String(Number("2.490")))).toBe(false);
      expect(pattern.test(String(2.5))).toBe(false);
      expect(pattern.test(String(2490))).toBe(true);
    }
    expect(price.required).toBe(false);
    expect(fieldAt(siteFields, ["offers", "open", "per"]).required).toBeUndefined();
    expect(new RegExp(fieldAt(siteFields, ["contact", "email"]).pattern![0]).test("hello at deichhof")).toBe(false);
    expect(fieldAt(dates.fields!, ["offer"]).required).toBe(false);
  });

  it("edits testimonials and pages per language as the files are named, and both dictionaries by the English keys", async () => {
    const config = createCmsConfig(await loadCmsContent(projectRoot, locales)) as {
      i18n: unknown;
      collections: Collection[];
    };
    expect(config.i18n).toEqual({ structure: "multiple_files", locales: ["en", "de"], default_locale: "en" });
    const testimonials = config.collections.find((collection) => collection.name === "testimonials")!;
    // German first, and a testimonial may start in either language: no column holds the form to it.
    expect(testimonials).toMatchObject({
      folder: "content/testimonials",
      i18n: { locales: ["de", "en"], default_locale: "de" },
    });
    expect(testimonials.fields!.map((field) => [field.name, field.required ?? true])).toEqual([
      ["name", false],
      ["role", false],
      ["headline", false],
      ["linkedin", false],
      ["body", false],
    ]);
    const pages = config.collections.find((collection) => collection.name === "pages")!;
    expect(pages.folder).toBe("content/pages");
    const texts = config.collections.find((collection) => collection.name === "texts")!;
    expect(texts.files!.map((file) => file.file)).toEqual(["content/i18n/en.yaml", "content/i18n/de.yaml"]);
    const english = parse(await readFile(path.join(projectRoot, "content/i18n/en.yaml"), "utf8")) as Record<
      string,
      Record<string, string>
    >;
    // One line for a text of one line, labelled in words, hinted with where it appears on the site and the
    // key that templates and `check` name; each group labelled with its place too.
    expect(fieldAt(texts.files![1]!.fields, ["hero", "title"])).toMatchObject({
      widget: "string",
      label: "Title",
      hint: "Home page, top: the headline (hero.title)",
    });
    expect(fieldAt(texts.files![1]!.fields, ["contact", "form", "submit"])).toMatchObject({
      hint: "Contact page: the enquiry form and its messages (contact.form.submit)",
    });
    expect(fieldAt(texts.files![1]!.fields, ["footer"])).toMatchObject({ label: "Footer (Every page, footer)" });
    expect(fieldAt(texts.files![1]!.fields, ["skipLink"])).toMatchObject({
      label: "Skip link",
      hint: "Every page, first key press: the link that jumps to the content (skipLink)",
    });
    expect(texts.files![1]!.fields.map((field) => field.name)).toEqual(Object.keys(english));
  });

  it("tells where every short text appears, and in watch shows the other language's text beside it", async () => {
    const content = await loadCmsContent(projectRoot, locales, true);
    // The table by family covers every key: a new family without a place fails here, not in front of the owner.
    expect(content.dictionaryKeys.filter((key) => placeOf(key) === undefined)).toEqual([]);
    const config = createCmsConfig(content) as { collections: Collection[] };
    const texts = config.collections.find((collection) => collection.name === "texts")!;
    const german = parse(await readFile(path.join(projectRoot, "content/i18n/de.yaml"), "utf8")) as Record<
      string,
      Record<string, string>
    >;
    const english = parse(await readFile(path.join(projectRoot, "content/i18n/en.yaml"), "utf8")) as Record<
      string,
      Record<string, string>
    >;
    expect(fieldAt(texts.files![1]!.fields, ["hero", "title"])).toMatchObject({
      hint: `Home page, top: the headline (hero.title) · English: “${english["hero"]!["title"]}”`,
    });
    expect(fieldAt(texts.files![0]!.fields, ["hero", "title"])).toMatchObject({
      hint: `Home page, top: the headline (hero.title) · German: “${german["hero"]!["title"]}”`,
    });
  });

  it("offers closed sets as select fields, lets the dates be emptied, and refuses a first day that has passed", async () => {
    const content = { ...(await loadCmsContent(projectRoot, locales)), today: "2027-04-26" };
    const config = createCmsConfig(content) as { collections: Collection[] };
    const siteFields = config.collections.find((collection) => collection.name === "site")!.files![0]!.fields;
    const dates = fieldAt(siteFields, ["dates"]);
    expect(fieldAt(dates.fields!, ["language"])).toMatchObject({ widget: "select", options: ["en", "de"] });
    expect(fieldAt(dates.fields!, ["offer"])).toMatchObject({ widget: "select", options: ["open", "team", "custom"] });
    expect(fieldAt(siteFields, ["offers", "team", "per"])).toMatchObject({
      widget: "select",
      options: ["person", "group"],
    });
    // "No dates planned" is a state of the site: the list may be emptied.
    expect(dates.required).toBe(false);
    const start = new RegExp(fieldAt(dates.fields!, ["start"]).pattern![0]);
    for (const day of ["2027-04-25", "2026-12-31", "2027-03-30", "2020-01-06"])
      expect(start.test(day), day).toBe(false);
    for (const day of ["2027-04-26", "2027-04-27", "2027-05-01", "2028-01-01", "2031-12-31"])
      expect(start.test(day), day).toBe(true);
    // The last day is not bounded by itself: it is checked against the first by `check`.
    expect(fieldAt(dates.fields!, ["end"]).pattern).toBeUndefined();
  });

  it("speaks the browser's language when the site has it, else English", () => {
    expect(interfaceLanguage("de-DE,de;q=0.9,en;q=0.8", ["en", "de"])).toBe("de");
    expect(interfaceLanguage("fr-FR,de;q=0.5,en;q=0.7", ["en", "de"])).toBe("en");
    expect(interfaceLanguage("fr-FR,de;q=0.5", ["en", "de"])).toBe("de");
    expect(interfaceLanguage(undefined, ["en", "de"])).toBe("en");
  });
});
