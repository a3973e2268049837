/**
 * The web editor's configuration: committed exactly as the loaders' schemas make it, so a schema
 * change without `node bin/ranch-site.js schemas` fails here, and its fields take what the build takes,
 * labelled in the interface language's words (generator/editor/words/), technical settings left out.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  cmsConfigFile,
  cmsConfigText,
  createCmsConfig,
  loadCmsContent,
  type CmsContent,
} from "../../generator/editor/cms-config.ts";
import { interfaceLanguage } from "../../generator/editor/watch-admin.ts";
import { loadEditorWords, wordsFor, type Words } from "../../generator/editor/words.ts";
import { projectRoot } from "../support/site.ts";
import { siteLanguageCodes } from "../support/languages.ts";

type Field = {
  name: string;
  label: string;
  widget: string;
  hint?: string;
  required?: boolean;
  pattern?: [string, string];
  options?: { label: string; value: string }[];
  fields?: Field[];
};
type Collection = {
  name: string;
  folder?: string;
  format?: string;
  i18n?: boolean | { locales: string[]; default_locale: string };
  files?: { name: string; label: string; file: string; fields: Field[] }[];
  fields?: Field[];
};

/** A field by its path of names through nested groups. */
function fieldAt(fields: Field[], names: string[]): Field {
  const field = fields.find((candidate) => candidate.name === names[0]);
  if (!field) throw new Error(`no field ${names[0]}`);
  return names.length === 1 ? field : fieldAt(field.fields!, names.slice(1));
}

let content: CmsContent | undefined;
const projectContent = async () => (content ??= await loadCmsContent(projectRoot, true));
const words = async (language: string): Promise<Words> => wordsFor(await loadEditorWords(), language);
const configIn = async (language: string, extra: Partial<CmsContent> = {}) =>
  createCmsConfig({ ...(await projectContent()), ...extra }, await words(language)) as { collections: Collection[] };

describe("the web editor's configuration", () => {
  it("is committed exactly as the loaders' schemas make it, in English (run `node bin/ranch-site.js schemas`)", async () => {
    const { texts: _texts, today: _today, ...plain } = await projectContent();
    const made = cmsConfigText(createCmsConfig(plain, await words("en")));
    expect(await readFile(path.join(projectRoot, cmsConfigFile), "utf8")).toBe(made);
  });

  it("gives each field the widget the build accepts, and leaves the technical settings out", async () => {
    const config = await configIn("en");
    const site = config.collections.find((collection) => collection.name === "site")!;
    expect(site.files!.map((file) => file.file)).toEqual(["content/site.yaml"]);
    const siteFields = site.files![0]!.fields;
    // The owner's groups first; where the site lives, its hosts, menus and the editor's backend are not in the form.
    expect(siteFields.map((field) => field.name)).toEqual([
      "dates",
      "offers",
      "contact",
      "claims",
      "testimonials",
      "social",
      "clients",
      "legal",
      "name",
      "booking",
      "location",
    ]);
    // The testimonials' order: a list of choices, each a testimonial by the person it quotes, which the owner drags.
    expect(fieldAt(siteFields, ["testimonials"])).toMatchObject({
      widget: "list",
      field: {
        widget: "select",
        options: expect.arrayContaining([{ label: "Svenja Hollmann", value: "01-svenja-hollmann" }]),
      },
    });
    // The contact form's settings are technical; the mail provider is an owner fact the privacy policy names.
    expect(fieldAt(siteFields, ["contact"]).fields!.map((field) => field.name)).toEqual([
      "email",
      "phone",
      "mailProvider",
    ]);
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

  it("labels fields, groups, offers and refusals in German for a German browser", async () => {
    const config = await configIn("de", { today: "2027-04-26" });
    const site = config.collections.find((collection) => collection.name === "site")!;
    expect(site.files![0]!.label).toBe("Preise, Termine, Kontakt und Fakten");
    const siteFields = site.files![0]!.fields;
    const dates = fieldAt(siteFields, ["dates"]);
    expect(dates.label).toBe("Termine");
    expect(fieldAt(dates.fields!, ["start"])).toMatchObject({ label: "Erster Tag" });
    expect(fieldAt(dates.fields!, ["start"]).pattern![1]).toBe(
      "heute (26. April 2027) oder später, denn ein begonnener Termin verschwindet von der Website",
    );
    // An offer is named as the German pricing page names it; a price refused in German.
    const team = fieldAt(siteFields, ["offers", "team"]);
    expect(team.label).toBe("Teamtraining");
    expect(fieldAt(team.fields!, ["price"]).pattern![1]).toMatch(/^eine ganze Zahl, nur Ziffern/);
    expect(fieldAt(dates.fields!, ["language"]).options).toEqual([
      { label: "Englisch", value: "en" },
      { label: "Deutsch", value: "de" },
    ]);
    const texts = config.collections.find((collection) => collection.name === "texts")!;
    expect(texts.files!.map((file) => file.label)).toEqual(["Kurztexte auf Englisch", "Kurztexte auf Deutsch"]);
    const hero = fieldAt(texts.files![1]!.fields, ["hero"]);
    expect(hero.label).toBe("Startseite, ganz oben");
    expect(fieldAt(hero.fields!, ["eyebrow"]).label).toBe("Kleine Zeile über der Überschrift");
    // The Open Graph locale is a setting, not a text: not in the form (a save keeps it).
    expect(fieldAt(texts.files![1]!.fields, ["lang"]).fields!.map((field) => field.name)).toEqual([
      "name",
      "switchTip",
    ]);
  });

  it("gives each page its own form per language: the text first, and the offers on the pricing page alone", async () => {
    const config = await configIn("de");
    const pages = config.collections.find((collection) => collection.name === "pages")!;
    expect(pages.format).toBe("ranch-frontmatter");
    // The interface language's pages first, named by their own titles.
    expect(pages.files![0]).toMatchObject({ file: expect.stringMatching(/\.de\.md$/) });
    const page = (file: string) => pages.files!.find((entry) => entry.file === file)!;
    const about = page("content/pages/about-me.de.md");
    expect(about.label).toBe("Über mich (Deutsch)");
    expect(about.fields.map((field) => field.name)).toEqual(["body", "title", "lead", "description"]);
    expect(about.fields[0]).toMatchObject({ label: "Text der Seite", widget: "markdown", modes: ["raw"] });
    const pricing = page("content/pages/pricing.de.md");
    expect(pricing.fields.map((field) => field.name)).toEqual(["body", "title", "lead", "description", "offers"]);
    expect(fieldAt(pricing.fields, ["offers", "open"]).label).toBe("Offenes Training");
    const details = page("content/pages/training-details.en.md");
    expect(details.fields.map((field) => field.name)).toEqual([
      "body",
      "title",
      "lead",
      "description",
      "describesCourse",
      "onThisPage",
      "folded",
    ]);
  });

  it("edits testimonials side by side, German first, and both dictionaries by the English keys", async () => {
    const config = (await configIn("en")) as { collections: Collection[]; i18n?: unknown };
    const testimonials = config.collections.find((collection) => collection.name === "testimonials")!;
    // German first, and a testimonial may start in either language: no column holds the form to it.
    expect(testimonials).toMatchObject({
      folder: "content/testimonials",
      format: "ranch-frontmatter",
      i18n: { locales: ["de", "en"], default_locale: "de" },
    });
    expect(testimonials.fields!.map((field) => [field.name, field.required ?? true])).toEqual([
      ["name", false],
      ["role", false],
      ["headline", false],
      ["linkedin", false],
      ["body", false],
    ]);
    const texts = config.collections.find((collection) => collection.name === "texts")!;
    expect(texts.files!.map((file) => file.file)).toEqual(["content/i18n/en.yaml", "content/i18n/de.yaml"]);
    const english = parse(await readFile(path.join(projectRoot, "content/i18n/en.yaml"), "utf8")) as Record<
      string,
      Record<string, string>
    >;
    const german = parse(await readFile(path.join(projectRoot, "content/i18n/de.yaml"), "utf8")) as Record<
      string,
      Record<string, string>
    >;
    expect(fieldAt(texts.files![1]!.fields, ["hero", "title"])).toMatchObject({
      widget: "string",
      label: "Big headline",
      hint: `English: “${english["hero"]!["title"]}”`,
    });
    expect(fieldAt(texts.files![0]!.fields, ["hero", "title"])).toMatchObject({
      hint: `German: “${german["hero"]!["title"]}”`,
    });
    // The search over the texts first (the editor's script, client/text-search.ts), then the dictionary's keys.
    expect(texts.files![1]!.fields[0]).toMatchObject({ widget: "ranch-search", label: "Search the short texts" });
    expect(texts.files![1]!.fields.slice(1).map((field) => field.name)).toEqual(Object.keys(english));
  });

  it("offers closed sets as select fields, lets the dates be emptied, and refuses a first day that has passed", async () => {
    const config = await configIn("en", { today: "2027-04-26" });
    const siteFields = config.collections.find((collection) => collection.name === "site")!.files![0]!.fields;
    const dates = fieldAt(siteFields, ["dates"]);
    const values = (field: Field) => field.options!.map((option) => option.value);
    expect(values(fieldAt(dates.fields!, ["language"]))).toEqual(siteLanguageCodes);
    expect(values(fieldAt(dates.fields!, ["offer"]))).toEqual(["open", "team", "custom"]);
    expect(fieldAt(siteFields, ["offers", "team", "per"])).toMatchObject({
      widget: "select",
      options: [
        { label: "one person", value: "person" },
        { label: "the group", value: "group" },
      ],
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
