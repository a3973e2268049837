/**
 * The web editor's configuration (Decap CMS), made from the loaders' own schemas like the JSON Schemas
 * beside it (generator/editor/json-schemas.ts), so the form accepts what the build accepts: dates as dates,
 * prices and seats as whole numbers, required fields required, the schemas' patterns, and the schema
 * hints as field hints. `ranch-site schemas` writes it to content/schemas/cms-config.yml; a test fails
 * when that file differs from what this module makes.
 */
import { mkdir, readFile } from "node:fs/promises";
import { replaceFile } from "../io/atomic.ts";
import path from "node:path";
import { stringify } from "yaml";
import { photoSlotsCollection } from "./photo-slots.ts";
import type { Dictionary } from "../i18n.ts";
import { emailPattern, figurePattern, type Schema } from "../load/schema.ts";
import { siteSchema } from "../load/site.ts";
import { loadContent, pageSchema, testimonialSchema, type LoadedContent } from "../load/content.ts";
import { resolveConfig } from "../config.ts";
import { dayIn, fill, labelOf, languageName, loadEditorWords, wordsFor, type Words } from "./words.ts";
import { contactSentPage, fixedPages } from "../routes.ts";

/** A page of content/pages as the form shows it: its name, its title per language, the optional fields it uses. */
export interface CmsPage {
  name: string;
  /** The page's title by language code, for the form's list of pages. */
  titles: Readonly<Record<string, string>>;
  /** The optional front matter keys any language version of the page has (`offers` on the pricing page). */
  extras: readonly string[];
  /** The offers the page describes by name (open, team, custom), when it has any. */
  offers?: readonly string[];
}

/** What the configuration needs of the content besides the schemas: names only editors choose. */
export interface CmsContent {
  /** The languages, the default first. */
  locales: readonly string[];
  /** The English dictionary's keys, dotted (`hero.title`), in file order: the dictionaries' form. */
  dictionaryKeys: readonly string[];
  /** The offers of site.yaml by name (open, team, custom): a group whose keys the editor names. */
  offerNames: readonly string[];
  /** Each offer's name as the pricing page gives it, by language then offer: the offer's label in the form. */
  offerTitles?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The testimonials by file name without language, with the person each quotes: the choices of their order. */
  testimonials?: readonly { name: string; person: string }[];
  /** The pages of content/pages; the fixed pages of the site (routes.ts) when not given. */
  pages?: readonly CmsPage[];
  /** Keys whose text runs over more than one line in some language: a box, not a line, in the form. */
  multilineKeys?: readonly string[];
  /** The day the form is made for (YYYY-MM-DD), in `watch`: a training may not start before it. */
  today?: string;
  /**
   * The dictionaries' texts by language, in `watch`: each short text's hint then quotes the other
   * languages' text of the same key, so English and German are read side by side (Decap's i18n for a
   * collection of files takes only `single_file`, one file holding every language; ours are one file each).
   */
  texts?: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

type Field = Record<string, unknown>;

/**
 * site.yaml's groups in the order an owner needs them, the rest after them in the file's order. One
 * form for the file: Decap keys an entry by its file, so two forms of one file would show as one.
 */
const siteOrder = ["dates", "offers", "contact", "claims", "testimonials", "social", "clients", "legal"];

/**
 * site.yaml's settings that are no owner's business: where the site lives, its languages (a language needs its
 * dictionary and pages first: README "Adding a language"), the consent's hosts, the form service, the host, the
 * menus' structure, the editor's own backend, map coordinates. The form leaves them
 * out, and a save keeps them as they are (editor/content-edit.ts keeps every key the form does not show).
 */
const technicalSiteFields = new Set([
  "baseUrl",
  "languages",
  "contact.form",
  "hosting",
  "consent",
  "navigation",
  "editor",
  "location.latitude",
  "location.longitude",
  "legal.countryCode",
]);

/** Dictionary keys that are settings, not texts: the Open Graph locale. Left out of the form, kept on save. */
const technicalTextKeys = new Set(["lang.ogLocale"]);

/** Whole numbers as the form takes them: a German "2.490" reads as 2.49 in a number field, and is refused here. */
const wholeNumber = "^\\d+$";

/** A table without words: every label from its key. What `editorFiles` reads paths from. */
export const bareWords: Words = {
  language: "en",
  collections: {},
  site: {},
  siteHints: {},
  choices: {},
  page: {},
  pageHints: {},
  testimonial: {},
  photos: {},
  refusals: {},
  places: {},
  texts: {},
  checks: {},
  interface: {},
};

/** How a section of the table names the fields of one form. */
interface Naming {
  /** The section of labels (`site`, `page`) and of hints (`siteHints`, `pageHints`), if any. */
  labels: Record<string, string>;
  hints?: Record<string, string>;
  words: Words;
}

/** What a form field needs besides its schema. */
interface FieldOptions {
  required: boolean;
  /** The field's path in the table (`dates.start`): list positions and offer names left out. */
  path: string;
  naming: Naming;
  offerNames: readonly string[];
  /** The offers' labels by name, in the interface language. */
  offerTitles?: Readonly<Record<string, string>>;
  /** The site's languages, for a field whose choices are the languages. */
  languages?: readonly string[];
  /** The testimonials, for the list that orders them. */
  testimonials?: CmsContent["testimonials"];
  /** The values of a closed set (the schema's `choices`): a select field. */
  choices?: readonly string[] | "offers" | "languages" | "testimonials";
  /** The day the configuration is made (YYYY-MM-DD): a training's first day is refused before it. */
  today?: string;
}

/** A pattern and its refusal in the interface language. */
function refusal(words: Words, pattern: string, name: string, values: Record<string, string> = {}): [string, string] {
  return [pattern, fill(words.refusals[name] ?? words.refusals["pattern"] ?? pattern, { pattern, ...values })];
}

/** A closed set as select options, each labelled in the interface language. */
function selectOptions(name: string, options: FieldOptions): unknown[] {
  const { choices, naming } = options;
  if (choices === "offers")
    return options.offerNames.map((value) => ({ label: options.offerTitles?.[value] ?? value, value }));
  if (choices === "languages")
    return (options.languages ?? []).map((value) => ({ label: languageName(value, naming.words.language), value }));
  if (choices === "testimonials")
    return (options.testimonials ?? []).map(({ name: value, person }) => ({ label: person, value }));
  return (choices ?? []).map((value) => ({ label: naming.words.choices[`${name}.${value}`] ?? value, value }));
}

/** One schema field as a form field of Decap CMS. */
export function toCmsField(name: string, schema: Schema, options: FieldOptions): Field {
  const { naming } = options;
  const field: Field = { name, label: naming.labels[options.path] ?? labelOf(name) };
  if (!options.required) field["required"] = false;
  const hint = naming.hints?.[options.path];
  if (hint) field["hint"] = hint;
  if (options.choices && (typeof schema === "string" || options.choices.length === 0))
    return { ...field, widget: "select", options: selectOptions(name, options) };
  if (typeof schema === "object" && "fields" in schema) return groupField(field, schema, options);
  if (typeof schema === "object" && "each" in schema) return offersField(field, schema, options);
  if (typeof schema === "object") return listField(field, schema, options);
  return valueField(field, schema, options.naming.words, options.today);
}

type GroupSchema = Extract<Schema, { fields: unknown }>;

/** A group of named fields: an object whose fields are the group's, but for the site's technical ones. */
function groupField(field: Field, schema: GroupSchema, options: FieldOptions): Field {
  // Inside an optional group nothing is required: a page without offers must save without them.
  const nested = (key: string, child: Schema, parent: GroupSchema, path: string) =>
    toCmsField(key, child, {
      ...options,
      path,
      required: options.required && !parent.optional?.includes(key),
      choices: parent.choices?.[key],
      // A training date's first day (the list of dates' `start`): one that has passed would drop off the site.
      today: key === "start" && "end" in parent.fields ? options.today : undefined,
    });
  return {
    ...field,
    widget: "object",
    fields: Object.entries(schema.fields)
      .filter(([key]) => !technicalSiteFields.has(`${options.path}.${key}`))
      .map(([key, child]) => nested(key, child, schema, `${options.path}.${key}`)),
  };
}

/** A field per offer (a page's `offers`), each labelled with the offer's title. */
function offersField(field: Field, schema: Extract<Schema, { each: unknown }>, options: FieldOptions): Field {
  return {
    ...field,
    widget: "object",
    fields: options.offerNames.map((key) => ({
      ...toCmsField(key, schema.each, { ...options, required: options.required, offerNames: [] }),
      label: options.offerTitles?.[key] ?? key,
    })),
  };
}

/** A list: of groups, shown open with their fields; of values, each folded item showing its value. */
function listField(field: Field, schema: Extract<Schema, { list: unknown }>, options: FieldOptions): Field {
  const { naming } = options;
  // A list of groups names its fields as the group does (`dates.start`); a list of texts its item (`folded.item`),
  // whose choices are the list's (the testimonials' order: each item one of them).
  const grouped = typeof schema.list === "object" && "fields" in schema.list;
  const item = toCmsField("item", schema.list, {
    ...options,
    path: grouped ? options.path : `${options.path}.item`,
    required: true,
    choices: grouped ? undefined : options.choices,
  });
  // A list may be empty (no dates planned is a state the site shows): never required as a whole.
  const list = { ...field, required: false, widget: "list" };
  // A list of groups names one of them for its "Add" button ("Termin hinzufügen", not "Termine hinzufügen").
  const one = naming.labels[`${options.path}.item`];
  if (item["widget"] === "object")
    return { ...list, collapsed: false, ...(one && { label_singular: one }), fields: item["fields"] };
  // A folded item shows its value, not the field's name ("01-svenja-hollmann", not "Testimonial" four times
  // once a drag has folded them), and "Add" names one item.
  return { ...list, label_singular: item["label"], summary: "{{fields.item}}", field: item };
}

/** A single value, as its field type wants it, refused in the interface language when its pattern does not match. */
function valueField(field: Field, schema: Extract<Schema, string>, words: Words, today: string | undefined): Field {
  switch (schema) {
    case "text":
    case "scalar":
      return { ...field, widget: "string" };
    case "email":
      return { ...field, widget: "string", pattern: refusal(words, emailPattern.source, "email") };
    case "url":
      return { ...field, widget: "string", pattern: refusal(words, "^https?://[^\\s/]+\\.[^\\s]*$", "url") };
    case "endpoint":
      return { ...field, widget: "string", pattern: refusal(words, "^https://[^\\s/]+\\.[^\\s]*$", "endpoint") };
    case "origin":
      return { ...field, widget: "string", pattern: refusal(words, "^https?://[^\\s/]+\\.[^\\s/]*$", "origin") };
    case "figure":
      return { ...field, widget: "string", pattern: refusal(words, figurePattern.source, "figure") };
    case "number":
      return { ...field, widget: "number", value_type: "float" };
    case "integer":
      // A float field with a pattern: an "int" field would read "2.490" as 2 and save it without a word.
      return {
        ...field,
        widget: "number",
        value_type: "float",
        min: 0,
        pattern: refusal(words, wholeNumber, "wholeNumber"),
      };
    case "date":
      return {
        ...field,
        widget: "datetime",
        format: "YYYY-MM-DD",
        date_format: "YYYY-MM-DD",
        time_format: false,
        picker_utc: true,
        ...(today
          ? {
              pattern: refusal(words, notBefore(today), "notBefore", {
                today: dayIn(today, words.language),
              }),
            }
          : {}),
      };
    case "boolean":
      return { ...field, widget: "boolean" };
  }
}

/** Every field of a group of fields, each translated per language when `i18n` is set; `only` keeps those keys. */
function fieldsOf(
  schema: Schema,
  content: CmsContent,
  naming: Naming,
  i18n: boolean,
  keep: (key: string) => boolean = () => true,
): Field[] {
  if (typeof schema !== "object" || !("fields" in schema)) throw new Error("A form needs a group of fields");
  const options = {
    offerNames: content.offerNames,
    offerTitles: content.offerTitles?.[naming.words.language] ?? content.offerTitles?.[content.locales[0]!],
    languages: content.locales,
    testimonials: content.testimonials,
    today: content.today,
    naming,
  };
  return Object.entries(schema.fields)
    .filter(([key]) => keep(key))
    .map(([key, child]) => {
      const required = !schema.optional?.includes(key);
      const choices = schema.choices?.[key];
      return translated(toCmsField(key, child, { ...options, path: key, required, choices }), i18n);
    });
}

/**
 * A pattern that takes the days from `today` (YYYY-MM-DD) on and refuses every earlier one: the
 * form's check of a training's first day, which Decap's date field cannot bound by itself.
 */
export function notBefore(today: string): string {
  const later: string[] = [];
  // A later day has the same first digits, then a greater one, then any; or it is the same day.
  for (let index = 0; index < today.length; index++) {
    const digit = today[index]!;
    if (digit === "-" || digit === "9") continue;
    const rest = today.slice(index + 1).replace(/\d/g, "\\d");
    later.push(`${today.slice(0, index)}[${Number(digit) + 1}-9]${rest}`);
  }
  return `^(?:${[...later, today].join("|")})$`;
}

/** Marks a field and the fields inside it as one per language (Decap's multiple_files i18n). */
function translated(field: Field, i18n: boolean): Field {
  if (!i18n) return field;
  const inner = (field["fields"] as Field[] | undefined)?.map((child) => translated(child, true));
  const item = field["field"] as Field | undefined;
  return {
    ...field,
    i18n: true,
    ...(inner ? { fields: inner } : {}),
    ...(item ? { field: translated(item, true) } : {}),
  };
}

/** The place of a dotted key or key family in the table's words: the longest matching family wins. */
export function placeOf(key: string, words: Words): string | undefined {
  let best: string | undefined;
  for (const family of Object.keys(words.places))
    if ((key === family || key.startsWith(`${family}.`)) && family.length > (best?.length ?? -1)) best = family;
  return best === undefined ? undefined : words.places[best];
}

/**
 * The dictionary's dotted keys as nested groups of text fields: each labelled with what it is on the site
 * and each group with where it is seen (the table's `texts` and `places`), one line for a text of one line,
 * and, when `others` holds them, the same text in the other languages as the hint.
 */
function dictionaryFields(
  keys: readonly string[],
  multiline: ReadonlySet<string>,
  words: Words,
  others: ReadonlyArray<readonly [language: string, texts: ReadonlyMap<string, string>]> = [],
): Field[] {
  const hintOf = (key: string) => {
    const quotes = others.flatMap(([language, texts]) =>
      texts.has(key)
        ? [fill(words.interface["inOther"] ?? "{language}: “{text}”", { language, text: texts.get(key)! })]
        : [],
    );
    // A text at the top of the file has no group that says where it is: its hint does.
    const place = key.includes(".") ? undefined : words.places[key];
    return [place, ...quotes].filter(Boolean).join(" · ");
  };
  const tree = new Map<string, unknown>();
  for (const key of keys) {
    if (technicalTextKeys.has(key)) continue;
    const parts = key.split(".");
    let level = tree;
    for (const part of parts.slice(0, -1)) {
      if (!(level.get(part) instanceof Map)) level.set(part, new Map());
      level = level.get(part) as Map<string, unknown>;
    }
    level.set(parts.at(-1)!, "text");
  }
  const toFields = (level: Map<string, unknown>, prefix: string): Field[] =>
    [...level].map(([name, value]) => {
      const key = `${prefix}${name}`;
      if (value instanceof Map)
        return {
          name,
          label: words.places[key] ?? labelOf(name),
          widget: "object",
          collapsed: true,
          fields: toFields(value, `${key}.`),
        };
      const hint = hintOf(key);
      return {
        name,
        label: words.texts[key] ?? labelOf(name),
        widget: multiline.has(key) ? "text" : "string",
        ...(hint ? { hint } : {}),
      };
    });
  return toFields(tree, "");
}

/**
 * The search over the short texts at the top of their form (the editor's script, client/text-search.ts). It
 * holds no value: its name is no dictionary key (those are words), and a save writes nothing for it.
 */
function searchField(words: Words): Field {
  return {
    name: "__search",
    label: words.interface["search"] ?? "Search the short texts",
    widget: "ranch-search",
    required: false,
  };
}

/** The fixed pages of the site (routes.ts), when the content names none: each with no title of its own. */
function defaultPages(): CmsPage[] {
  return [...fixedPages, contactSentPage].flatMap((page) =>
    page.markdown ? [{ name: page.markdown, titles: {}, extras: [] }] : [],
  );
}

/** A page's form: its text first, then its title, lead and description, then the fields only it uses. */
function pageFields(page: CmsPage, content: CmsContent, words: Words, locale: string): Field[] {
  const naming = { labels: words.page, hints: words.pageHints, words };
  const common = ["title", "lead", "description"];
  const offerNames = page.offers ?? [];
  const fields = fieldsOf(
    pageSchema,
    { ...content, offerNames, offerTitles: undefined },
    naming,
    false,
    (key) => common.includes(key) || page.extras.includes(key),
  );
  // Raw markdown only: the rich-text mode writes the whole text anew (`*` for `-`, blank lines added,
  // tight lists loose), and Decap opens in rich text whenever it is allowed, whatever the order.
  // The raw mode edits the lines as they are, so a changed word is one changed line.
  const body = {
    name: "body",
    label: words.page["body"] ?? "Text",
    widget: "markdown",
    modes: ["raw"],
    ...(words.pageHints["body"] ? { hint: words.pageHints["body"] } : {}),
  };
  // An offer's group is labelled with its own name on the page, in the interface language.
  const titled = fields.map((field) =>
    field["name"] === "offers"
      ? {
          ...field,
          fields: (field["fields"] as Field[]).map((offer) => ({
            ...offer,
            label: content.offerTitles?.[locale]?.[offer["name"] as string] ?? offer["name"],
          })),
        }
      : field,
  );
  const order = (field: Field) => {
    const index = common.indexOf(field["name"] as string);
    return index === -1 ? common.length : index;
  };
  return [body, ...titled.sort((a, b) => order(a) - order(b))];
}

/**
 * The whole configuration in one interface language, apart from where it saves (the backend, added by
 * `build` and `watch`). `words` is that language's table (generator/editor/words/); without one, every
 * label comes from its key.
 */
export function createCmsConfig(content: CmsContent, words: Words = bareWords): Record<string, unknown> {
  return {
    // The formats of the editor's script (client/kept-formats.ts): a save changes only what changed.
    media_folder: "public/media",
    public_folder: "/media",
    i18n: { structure: "multiple_files", locales: [...content.locales], default_locale: content.locales[0] },
    collections: [
      siteCollection(content, words),
      photoSlotsCollection(content.locales, words),
      testimonialsCollection(content, words),
      pagesCollection(content, words),
      textsCollection(content, words),
    ],
  };
}

/** A form without Decap's preview pane beside it. */
const noPreview = { preview: false };

/** A collection's name in the interface language, or the English one. */
const collectionLabel = (words: Words, name: string, fallback: string) => words.collections[name] ?? fallback;

/** site.yaml as one form, its groups in the order an owner needs them (siteOrder), the technical ones left out. */
function siteCollection(content: CmsContent, words: Words): Record<string, unknown> {
  if (typeof siteSchema !== "object" || !("fields" in siteSchema)) throw new Error("site.yaml is a group of fields");
  const siteNaming = { labels: words.site, hints: words.siteHints, words };
  const siteFields = fieldsOf(siteSchema, content, siteNaming, false, (key) => !technicalSiteFields.has(key));
  const rank = (field: Field) => {
    const index = siteOrder.indexOf(field["name"] as string);
    return index === -1 ? siteOrder.length : index;
  };
  const ordered = siteFields
    .map((field, index) => ({ field, index }))
    .sort((a, b) => rank(a.field) - rank(b.field) || a.index - b.index);
  return {
    name: "site",
    label: collectionLabel(words, "site", "Prices, dates and facts"),
    format: "ranch-yaml",
    editor: noPreview,
    files: [
      {
        name: "site",
        label: collectionLabel(words, "siteFile", "Prices, dates, contact and facts"),
        file: "content/site.yaml",
        fields: ordered.map(({ field }) => field),
      },
    ],
  };
}

/** The testimonials: a folder of markdown files, each in the languages it has been written in. */
function testimonialsCollection(content: CmsContent, words: Words): Record<string, unknown> {
  const testimonialNaming = { labels: words.testimonial, words };
  return {
    name: "testimonials",
    label: collectionLabel(words, "testimonials", "Testimonials"),
    label_singular: collectionLabel(words, "testimonial", "Testimonial"),
    folder: "content/testimonials",
    extension: "md",
    format: "ranch-frontmatter",
    create: true,
    slug: "{{slug}}",
    identifier_field: "name",
    summary: "{{name}}: {{headline}}",
    // A testimonial may start in one language: German first where the site has it (an owner's clients
    // write in German), and no field required in the form, whose every column Decap would hold to it.
    // `check` refuses a version with a field missing, and lists a missing version as a translation to do.
    i18n: { locales: testimonialLocales(content.locales), default_locale: testimonialLocales(content.locales)[0] },
    editor: noPreview,
    fields: [
      ...fieldsOf(testimonialSchema, content, testimonialNaming, true).map((field) => ({
        ...field,
        required: false,
      })),
      { name: "body", label: words.testimonial["body"] ?? "Text", widget: "text", i18n: true, required: false },
    ],
  };
}

/** The long pages, a form per page and language. */
function pagesCollection(content: CmsContent, words: Words): Record<string, unknown> {
  return {
    // One form per page and language, with the fields that page uses: the pricing page's offers appear on it
    // alone. (Decap gives a form of named files one language only.) The interface language's pages first.
    // Pages are not made or deleted here (most are pages the site needs; the local mode refuses their delete too).
    name: "pages",
    label: collectionLabel(words, "pages", "Pages"),
    label_singular: collectionLabel(words, "page", "Page"),
    format: "ranch-frontmatter",
    editor: noPreview,
    files: pageLanguages(content.locales, words.language).flatMap((locale) =>
      (content.pages ?? defaultPages()).map((page) => ({
        name: `${page.name}.${locale}`,
        // Named in the interface language, then the language of the version: "Preise (Englisch)".
        label: `${page.titles[words.language] ?? page.titles[locale] ?? page.titles[content.locales[0]!] ?? labelOf(page.name)} (${languageName(locale, words.language)})`,
        file: `content/pages/${page.name}.${locale}.md`,
        fields: pageFields(page, content, words, locale),
      })),
    ),
  };
}

/** The dictionaries of short texts, a form per language, each text shown beside its other languages'. */
function textsCollection(content: CmsContent, words: Words): Record<string, unknown> {
  return {
    name: "texts",
    label: collectionLabel(words, "texts", "Short texts"),
    format: "ranch-yaml",
    editor: noPreview,
    files: content.locales.map((locale) => ({
      name: locale,
      label: fill(collectionLabel(words, "textsFile", "Short texts in {language}"), {
        language: languageName(locale, words.language),
      }),
      file: `content/i18n/${locale}.yaml`,
      fields: [
        searchField(words),
        ...dictionaryFields(
          content.dictionaryKeys,
          new Set(content.multilineKeys ?? []),
          words,
          [...(content.texts ?? [])]
            .filter(([code]) => code !== locale)
            .map(([code, texts]) => [languageName(code, words.language), texts] as const),
        ),
      ],
    })),
  };
}

/** The languages of the pages' forms, the interface language's first. */
function pageLanguages(locales: readonly string[], language: string): string[] {
  return locales.includes(language) ? [language, ...locales.filter((code) => code !== language)] : [...locales];
}

/** The languages of the testimonials' form, the one a testimonial most often starts in first. */
function testimonialLocales(locales: readonly string[]): string[] {
  return locales.includes("de") ? ["de", ...locales.filter((code) => code !== "de")] : [...locales];
}

/** Where the generated configuration is committed, beside the JSON Schemas. */
export const cmsConfigFile = "content/schemas/cms-config.yml";

/** The configuration as YAML, as Decap reads it, with a line that says where it comes from. */
export function cmsConfigText(config: Record<string, unknown>): string {
  return `# The web editor's configuration (Decap CMS), generated from the loaders' schemas: run \`node bin/ranch-site.js schemas\`, do not edit.\n${stringify(config, { lineWidth: 0, aliasDuplicateObjects: false })}`;
}

/** The optional fields of a page's front matter: the form shows each only on a page that uses it. */
const pageExtras = ["offers", "describesCourse", "onThisPage", "folded"] as const;

/**
 * What the configuration needs of the loaded content: its languages, dictionary keys, offers, pages and
 * testimonials; with `withTexts` (watch), every language's short texts, quoted beside each other in the form.
 */
export function cmsContentOf(content: LoadedContent, withTexts = false): CmsContent {
  const locales = content.locales.map((locale) => locale.locale);
  const names = [...new Set(content.locales.flatMap((locale) => Object.keys(locale.pages)))];
  const pages = names.map((name): CmsPage => {
    const versions = content.locales.flatMap((locale) =>
      locale.pages[name] ? [[locale.locale, locale.pages[name]!] as const] : [],
    );
    const offers = [...new Set(versions.flatMap(([, page]) => Object.keys(page.offers ?? {})))];
    return {
      name,
      titles: Object.fromEntries(versions.map(([locale, page]) => [locale, page.title])),
      extras: pageExtras.filter((key) => versions.some(([, page]) => page[key] !== undefined)),
      ...(offers.length > 0 ? { offers } : {}),
    };
  });
  const offerTitles = Object.fromEntries(
    content.locales.map((locale) => [
      locale.locale,
      Object.fromEntries(
        Object.values(locale.pages).flatMap((page) =>
          Object.entries(page.offers ?? {}).map(([name, offer]) => [name, offer.name]),
        ),
      ),
    ]),
  );
  const people = new Map(content.locales.flatMap((locale) => locale.testimonials.map((one) => [one.id, one.name])));
  return {
    locales,
    testimonials: [...people].map(([name, person]) => ({ name, person })),
    dictionaryKeys: [...(content.locales[0]?.dictionary.keys() ?? [])],
    multilineKeys: multilineKeysOf(content.locales.map((locale) => locale.dictionary)),
    offerNames: Object.keys(content.site.offers ?? {}),
    offerTitles,
    pages,
    today: content.site.builtAt?.slice(0, 10),
    ...(withTexts
      ? {
          texts: new Map(
            content.locales.map((locale) => [
              locale.locale,
              new Map([...locale.dictionary].map(([key, entry]) => [key, entry.source ?? entry.text])),
            ]),
          ),
        }
      : {}),
  };
}

/** What the configuration needs of the project's content, read from its files. */
export async function loadCmsContent(root: string, withTexts = false): Promise<CmsContent> {
  return cmsContentOf(await loadContent(resolveConfig({ root })), withTexts);
}

/** Writes content/schemas/cms-config.yml; returns it when it changed. */
export async function writeCmsConfig(root: string): Promise<string[]> {
  const file = path.join(root, cmsConfigFile);
  const { today: _today, ...content } = await loadCmsContent(root);
  const contents = cmsConfigText(createCmsConfig(content, wordsFor(await loadEditorWords(), "en")));
  if ((await readFile(file, "utf8").catch(() => "")) === contents) return [];
  await mkdir(path.dirname(file), { recursive: true });
  await replaceFile(file, contents);
  return [cmsConfigFile];
}

/** The keys whose text has a line break in any of the dictionaries. */
export function multilineKeysOf(dictionaries: readonly Dictionary[]): string[] {
  const keys = new Set<string>();
  for (const dictionary of dictionaries)
    for (const [key, entry] of dictionary) if (entry.text.includes("\n")) keys.add(key);
  return [...keys].sort();
}
