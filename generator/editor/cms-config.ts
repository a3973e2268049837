/**
 * The web editor's configuration (Decap CMS), made from the loaders' own schemas like the JSON Schemas
 * beside it (generator/editor/json-schemas.ts), so the form accepts what the build accepts: dates as dates,
 * prices and seats as whole numbers, required fields required, the schemas' patterns, and the schema
 * hints as field hints. `ranch-site schemas` writes it to content/schemas/cms-config.yml; a test fails
 * when that file differs from what this module makes.
 */
import { mkdir, readFile } from "node:fs/promises";
import { replaceFile } from "../write/atomic.ts";
import path from "node:path";
import { stringify } from "yaml";
import { pageSchema, testimonialSchema } from "../load/content.ts";
import { emailPattern, figurePattern, type Schema } from "../load/schema.ts";
import { loadSite, siteSchema } from "../load/site.ts";
import { loadDictionary } from "../load/translations.ts";

/** What the configuration needs of the content besides the schemas: names only editors choose. */
export interface CmsContent {
  /** The languages, the default first. */
  locales: readonly string[];
  /** The English dictionary's keys, dotted (`hero.title`), in file order: the dictionaries' form. */
  dictionaryKeys: readonly string[];
  /** The offers of site.yaml by name (open, team, custom): a group whose keys the editor names. */
  offerNames: readonly string[];
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
function labelOf(name: string): string {
  const words = name.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One schema field as a form field of Decap CMS. */
export function toCmsField(
  name: string,
  schema: Schema,
  options: { required: boolean; hint?: string; offerNames: readonly string[] },
): Field {
  const field: Field = { name, label: labelOf(name) };
  if (!options.required) field["required"] = false;
  if (options.hint) field["hint"] = options.hint;
  // Inside an optional group nothing is required: a page without offers must save without them.
  const nested = (key: string, child: Schema, parent: Extract<Schema, { fields: unknown }>) =>
    toCmsField(key, child, {
      required: options.required && !parent.optional?.includes(key),
      hint: parent.hints?.[key],
      offerNames: options.offerNames,
    });
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
        toCmsField(key, schema.each, { required: options.required, offerNames: [] }),
      ),
    };
  if (typeof schema === "object") {
    const item = toCmsField("item", schema.list, { required: true, offerNames: options.offerNames });
    if (item["widget"] === "object") return { ...field, widget: "list", collapsed: false, fields: item["fields"] };
    return { ...field, widget: "list", field: item };
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
      };
    case "boolean":
      return { ...field, widget: "boolean" };
  }
}

/** Every field of a group of fields, each translated per language when `i18n` is set. */
function fieldsOf(schema: Schema, offerNames: readonly string[], i18n: boolean): Field[] {
  if (typeof schema !== "object" || !("fields" in schema)) throw new Error("A form needs a group of fields");
  return Object.entries(schema.fields).map(([key, child]) =>
    translated(
      toCmsField(key, child, { required: !schema.optional?.includes(key), hint: schema.hints?.[key], offerNames }),
      i18n,
    ),
  );
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

/** The dictionary's dotted keys as nested groups of text fields. */
function dictionaryFields(keys: readonly string[]): Field[] {
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
  const toFields = (level: Map<string, unknown>): Field[] =>
    [...level].map(([name, value]) =>
      value instanceof Map
        ? { name, label: name, widget: "object", collapsed: true, fields: toFields(value) }
        : { name, label: name, widget: "text" },
    );
  return toFields(tree);
}

/** The whole configuration, apart from where it saves (the backend, added by `build` and `watch`). */
export function createCmsConfig(content: CmsContent): Record<string, unknown> {
  if (typeof siteSchema !== "object" || !("fields" in siteSchema)) throw new Error("site.yaml is a group of fields");
  const siteFields = fieldsOf(siteSchema, content.offerNames, false);
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
        i18n: true,
        editor: noPreview,
        fields: [
          ...fieldsOf(testimonialSchema, content.offerNames, true),
          { name: "body", label: "Text", widget: "text", i18n: true },
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
        slug: "{{slug}}",
        identifier_field: "title",
        i18n: true,
        editor: noPreview,
        fields: [
          ...fieldsOf(pageSchema, content.offerNames, true),
          { name: "body", label: "Text", widget: "markdown", modes: ["raw", "rich_text"], i18n: true },
        ],
      },
      {
        name: "texts",
        label: "Short texts",
        editor: noPreview,
        files: content.locales.map((locale) => ({
          name: locale,
          label: `Short texts (${locale})`,
          file: `content/i18n/${locale}.yaml`,
          fields: dictionaryFields(content.dictionaryKeys),
        })),
      },
    ],
  };
}

/** Where the generated configuration is committed, beside the JSON Schemas. */
export const cmsConfigFile = "content/schemas/cms-config.yml";

/** The configuration as YAML, as Decap reads it, with a line that says where it comes from. */
export function cmsConfigText(config: Record<string, unknown>): string {
  return `# The web editor's configuration (Decap CMS), generated from the loaders' schemas: run \`npx ranch-site schemas\`, do not edit.\n${stringify(config, { lineWidth: 0, aliasDuplicateObjects: false })}`;
}

/** What the configuration needs of the project's content: its languages, dictionary keys and offers. */
export async function loadCmsContent(root: string, locales: readonly string[]): Promise<CmsContent> {
  const { site, factsFor } = (await loadSite(root)).value;
  const dictionary = await loadDictionary(root, locales[0]!, factsFor(locales[0]!));
  return {
    locales,
    dictionaryKeys: [...dictionary.value.keys()],
    offerNames: Object.keys(site.offers ?? {}),
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
