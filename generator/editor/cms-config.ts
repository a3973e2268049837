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
import { pageSchema, testimonialSchema } from "../load/content.ts";
import { emailPattern, figurePattern, type Schema } from "../load/schema.ts";
import { loadSite, siteSchema } from "../load/site.ts";
import { loadDictionary } from "../load/translations.ts";
import { groupLabel, textHint } from "./text-places.ts";

/** What the configuration needs of the content besides the schemas: names only editors choose. */
export interface CmsContent {
  /** The languages, the default first. */
  locales: readonly string[];
  /** The English dictionary's keys, dotted (`hero.title`), in file order: the dictionaries' form. */
  dictionaryKeys: readonly string[];
  /** The offers of site.yaml by name (open, team, custom): a group whose keys the editor names. */
  offerNames: readonly string[];
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
 * site.yaml's groups in the order an editor needs them, the rest after them in the file's order. One
 * form for the file: Decap keys an entry by its file, so two forms of one file would show as one.
 */
const siteOrder = ["offers", "dates", "contact", "social", "claims", "clients", "navigation"];

/** Whole numbers as the form takes them: a German "2.490" reads as 2.49 in a number field, and is refused here. */
const wholeNumber = ["^\\d+$", "a whole number in digits only, e.g. 2490 (not 2.490 or 2,490)"];

/** "seatsLeft" → "Seats left". */
export function labelOf(name: string): string {
  const words = name.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What a form field needs besides its schema. */
interface FieldOptions {
  required: boolean;
  hint?: string;
  offerNames: readonly string[];
  /** The site's languages, for a field whose choices are the languages. */
  languages?: readonly string[];
  /** The values of a closed set (the schema's `choices`): a select field. */
  choices?: readonly string[];
  /** The day the configuration is made (YYYY-MM-DD): a training's first day is refused before it. */
  today?: string;
}

/** One schema field as a form field of Decap CMS. */
export function toCmsField(name: string, schema: Schema, options: FieldOptions): Field {
  const field: Field = { name, label: labelOf(name) };
  if (!options.required) field["required"] = false;
  if (options.hint) field["hint"] = options.hint;
  if (options.choices && (typeof schema === "string" || options.choices.length === 0))
    return { ...field, widget: "select", options: [...options.choices] };
  // Inside an optional group nothing is required: a page without offers must save without them.
  const nested = (key: string, child: Schema, parent: Extract<Schema, { fields: unknown }>) => {
    const set = parent.choices?.[key];
    return toCmsField(key, child, {
      ...options,
      required: options.required && !parent.optional?.includes(key),
      hint: parent.hints?.[key],
      choices: set === "offers" ? options.offerNames : set === "languages" ? options.languages : set,
      // A training date's first day (the list of dates' `start`): one that has passed would drop off the site.
      today: key === "start" && "end" in parent.fields ? options.today : undefined,
    });
  };
  if (typeof schema === "object" && "fields" in schema)
    return {
      ...field,
      widget: "object",
      fields: Object.entries(schema.fields).map(([key, child]) => nested(key, child, schema)),
    };
  if (typeof schema === "object" && "each" in schema)
    return {
      ...field,
      widget: "object",
      fields: options.offerNames.map((key) =>
        toCmsField(key, schema.each, { ...options, required: options.required, hint: undefined, offerNames: [] }),
      ),
    };
  if (typeof schema === "object") {
    const item = toCmsField("item", schema.list, { ...options, required: true, hint: undefined, choices: undefined });
    // A list may be empty (no dates planned is a state the site shows): never required as a whole.
    const list = { ...field, required: false, widget: "list" };
    if (item["widget"] === "object") return { ...list, collapsed: false, fields: item["fields"] };
    return { ...list, field: item };
  }
  switch (schema) {
    case "text":
    case "scalar":
      return { ...field, widget: "string" };
    case "email":
      return { ...field, widget: "string", pattern: [emailPattern.source, "an email address: name@domain.tld"] };
    case "url":
      return { ...field, widget: "string", pattern: ["^https?://[^\\s/]+\\.[^\\s]*$", "a full address: https://…"] };
    case "endpoint":
      return {
        ...field,
        widget: "string",
        pattern: ["^https://[^\\s/]+\\.[^\\s]*$", "the form service's address: https://…"],
      };
    case "origin":
      return {
        ...field,
        widget: "string",
        pattern: ["^https?://[^\\s/]+\\.[^\\s/]*$", "the site's address alone: https://example.org"],
      };
    case "figure":
      return { ...field, widget: "string", pattern: [figurePattern.source, "a figure in digits: 3, 25+, 8–12"] };
    case "number":
      return { ...field, widget: "number", value_type: "float" };
    case "integer":
      // A float field with a pattern: an "int" field would read "2.490" as 2 and save it without a word.
      return { ...field, widget: "number", value_type: "float", min: 0, pattern: wholeNumber };
    case "date":
      return {
        ...field,
        widget: "datetime",
        format: "YYYY-MM-DD",
        date_format: "YYYY-MM-DD",
        time_format: false,
        picker_utc: true,
        ...(options.today
          ? {
              pattern: [
                notBefore(options.today),
                `today (${options.today}) or later: a date that has begun drops off the site`,
              ],
            }
          : {}),
      };
    case "boolean":
      return { ...field, widget: "boolean" };
  }
}

/** Every field of a group of fields, each translated per language when `i18n` is set. */
function fieldsOf(schema: Schema, content: CmsContent, i18n: boolean): Field[] {
  if (typeof schema !== "object" || !("fields" in schema)) throw new Error("A form needs a group of fields");
  const options = { offerNames: content.offerNames, languages: content.locales, today: content.today };
  return Object.entries(schema.fields).map(([key, child]) => {
    const set = schema.choices?.[key];
    const choices = set === "offers" ? content.offerNames : set === "languages" ? content.locales : set;
    const required = !schema.optional?.includes(key);
    return translated(toCmsField(key, child, { ...options, required, hint: schema.hints?.[key], choices }), i18n);
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

/**
 * The dictionary's dotted keys as nested groups of text fields: labelled in words (`skipLink` → "Skip
 * link"), each group labelled and each text hinted with where it appears on the site
 * (editor/text-places.ts) and the key itself (what templates, `check` and the translation commands name),
 * one line for a text of one line, and, when `others` holds them, the same text in the other languages.
 */
function dictionaryFields(
  keys: readonly string[],
  multiline: ReadonlySet<string>,
  others: ReadonlyArray<readonly [language: string, texts: ReadonlyMap<string, string>]> = [],
): Field[] {
  const hintOf = (key: string) =>
    [
      textHint(key),
      ...others.flatMap(([language, texts]) => (texts.has(key) ? [`${language}: “${texts.get(key)}”`] : [])),
    ].join(" · ");
  const tree = new Map<string, unknown>();
  for (const key of keys) {
    const parts = key.split(".");
    let level = tree;
    for (const part of parts.slice(0, -1)) {
      if (!(level.get(part) instanceof Map)) level.set(part, new Map());
      level = level.get(part) as Map<string, unknown>;
    }
    level.set(parts.at(-1)!, "text");
  }
  const toFields = (level: Map<string, unknown>, prefix: string): Field[] =>
    [...level].map(([name, value]) =>
      value instanceof Map
        ? {
            name,
            label: groupLabel(`${prefix}${name}`, labelOf(name)),
            widget: "object",
            collapsed: true,
            fields: toFields(value, `${prefix}${name}.`),
          }
        : {
            name,
            label: labelOf(name),
            widget: multiline.has(`${prefix}${name}`) ? "text" : "string",
            hint: hintOf(`${prefix}${name}`),
          },
    );
  return toFields(tree, "");
}

/** The whole configuration, apart from where it saves (the backend, added by `build` and `watch`). */
export function createCmsConfig(content: CmsContent): Record<string, unknown> {
  if (typeof siteSchema !== "object" || !("fields" in siteSchema)) throw new Error("site.yaml is a group of fields");
  const siteFields = fieldsOf(siteSchema, content, false);
  const rank = (field: Field) => {
    const index = siteOrder.indexOf(field["name"] as string);
    return index === -1 ? siteOrder.length : index;
  };
  const ordered = siteFields
    .map((field, index) => ({ field, index }))
    .sort((a, b) => rank(a.field) - rank(b.field) || a.index - b.index);
  const noPreview = { preview: false };
  return {
    media_folder: "public/media",
    public_folder: "/media",
    i18n: { structure: "multiple_files", locales: [...content.locales], default_locale: content.locales[0] },
    collections: [
      {
        name: "site",
        label: "Prices, dates and facts",
        editor: noPreview,
        files: [
          {
            name: "site",
            label: "Prices, dates, contact, claims and navigation",
            file: "content/site.yaml",
            fields: ordered.map(({ field }) => field),
          },
        ],
      },
      photoSlotsCollection(content.locales),
      {
        name: "testimonials",
        label: "Testimonials",
        label_singular: "Testimonial",
        folder: "content/testimonials",
        extension: "md",
        format: "frontmatter",
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
          ...fieldsOf(testimonialSchema, content, true).map((field) => ({ ...field, required: false })),
          { name: "body", label: "Text", widget: "text", i18n: true, required: false },
        ],
      },
      {
        name: "pages",
        label: "Pages",
        label_singular: "Page",
        folder: "content/pages",
        extension: "md",
        format: "frontmatter",
        create: true,
        // Most pages are ones the site cannot be built without; the local mode refuses their delete too.
        delete: false,
        slug: "{{slug}}",
        identifier_field: "title",
        i18n: true,
        editor: noPreview,
        fields: [
          ...fieldsOf(pageSchema, content, true),
          // Raw markdown only: the rich-text mode writes the whole text anew (`*` for `-`, blank lines added,
          // tight lists loose), and Decap opens in rich text whenever it is allowed, whatever the order.
          // The raw mode edits the lines as they are, so a changed word is one changed line.
          { name: "body", label: "Text", widget: "markdown", modes: ["raw"], i18n: true },
        ],
      },
      {
        name: "texts",
        label: "Short texts",
        editor: noPreview,
        files: content.locales.map((locale) => ({
          name: locale,
          label: `Short texts in ${languageName(locale, "en")}`,
          file: `content/i18n/${locale}.yaml`,
          fields: dictionaryFields(
            content.dictionaryKeys,
            new Set(content.multilineKeys ?? []),
            [...(content.texts ?? [])]
              .filter(([code]) => code !== locale)
              .map(([code, texts]) => [languageName(code, "en"), texts] as const),
          ),
        })),
      },
    ],
  };
}

/** A language's name (`de` → "German"), in the language `inLanguage`. */
function languageName(code: string, inLanguage: string): string {
  return new Intl.DisplayNames(inLanguage, { type: "language" }).of(code) ?? code;
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

/** What the configuration needs of the project's content: its languages, dictionary keys and offers. */
export async function loadCmsContent(root: string, locales: readonly string[], withTexts = false): Promise<CmsContent> {
  const { site, factsFor } = (await loadSite(root)).value;
  const dictionaries = await Promise.all(locales.map((code) => loadDictionary(root, code, factsFor(code))));
  const dictionary = dictionaries[0]!;
  return {
    locales,
    dictionaryKeys: [...dictionary.value.keys()],
    multilineKeys: multilineKeysOf(dictionaries.map((loaded) => loaded.value)),
    offerNames: Object.keys(site.offers ?? {}),
    ...(withTexts
      ? {
          texts: new Map(
            dictionaries.map((loaded, index) => [
              locales[index]!,
              new Map([...loaded.value].map(([key, entry]) => [key, entry.source ?? entry.text])),
            ]),
          ),
        }
      : {}),
  };
}

/** Writes content/schemas/cms-config.yml; returns it when it changed. */
export async function writeCmsConfig(root: string, locales: readonly string[]): Promise<string[]> {
  const file = path.join(root, cmsConfigFile);
  const contents = cmsConfigText(createCmsConfig(await loadCmsContent(root, locales)));
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
