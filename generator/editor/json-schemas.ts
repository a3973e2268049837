/**
 * JSON Schemas for editors, made from the loaders' own schema definitions so they never drift: the
 * YAML extension of VS Code (and any editor that speaks JSON Schema) then flags a wrong key or type
 * while typing, before any build. `ranch-site schemas` writes them to content/schemas/; a test fails
 * when the committed files differ from what this module makes.
 */
import { mkdir, readFile } from "node:fs/promises";
import { replaceFile } from "../io/atomic.ts";
import path from "node:path";
import { pageSchema, testimonialSchema } from "../load/content.ts";
import { emailPattern, type Schema, figurePattern } from "../load/schema.ts";
import { siteSchema } from "../load/site.ts";
import { writingRulesSchema } from "../load/writing-rules.ts";

/** Where the schemas live, beside the content they describe. */
export const schemaFolder = "content/schemas";

type JsonSchema = Record<string, unknown>;

const text: JsonSchema = { type: "string", minLength: 1 };

/** One loader schema as JSON Schema (draft-07, which every YAML editor plug-in understands). */
export function toJsonSchema(schema: Schema): JsonSchema {
  if (typeof schema === "object" && "fields" in schema) {
    const required = Object.keys(schema.fields).filter((key) => !schema.optional?.includes(key));
    return {
      type: "object",
      properties: Object.fromEntries(
        Object.entries(schema.fields).map(([key, field]) => {
          const hint = schema.hints?.[key];
          const set = schema.choices?.[key];
          // A closed set the schema names itself; the offers and languages are the content's own.
          const own = { ...toJsonSchema(field), ...(Array.isArray(set) ? { enum: [...set] } : {}) };
          return [key, hint ? { ...own, description: hint } : own];
        }),
      ),
      ...(required.length > 0 ? { required } : {}),
      additionalProperties: false,
    };
  }
  if (typeof schema === "object" && "each" in schema)
    return { type: "object", additionalProperties: toJsonSchema(schema.each) };
  if (typeof schema === "object") return { type: "array", items: toJsonSchema(schema.list) };
  switch (schema) {
    case "text":
      return text;
    case "email":
      return { ...text, pattern: emailPattern.source, description: "An email address: name@domain.tld" };
    case "url":
      return { ...text, pattern: "^https?://[^\\s/]+\\.[^\\s]*$", description: "A full address: https://…" };
    case "number":
      return { type: "number" };
    case "integer":
      return { type: "integer", minimum: 0 };
    case "figure":
      return {
        anyOf: [{ type: "number" }, { type: "string", pattern: figurePattern.source }],
        description: "A figure the texts quote: 3, 25+, 8–12",
      };
    case "origin":
      return {
        ...text,
        pattern: "^https?://[^\\s/]+\\.[^\\s/]*$",
        description: "A site's address alone: https://example.org",
      };
    case "endpoint":
      return {
        ...text,
        pattern: "^(https://[^\\s/]+\\.[^\\s#]*|http://(localhost|127\\.0\\.0\\.1|\\[::1\\])(:\\d+)?(/[^\\s#]*)?)$",
        description: "A form endpoint: https://…, or http://127.0.0.1:… on this computer",
      };
    case "date":
      return {
        type: "string",
        pattern: "^\\d{4}-\\d{2}-\\d{2}$",
        description: "A date: year-month-day, e.g. 2027-03-15",
      };
    case "boolean":
      return { type: "boolean" };
    case "scalar":
      return { anyOf: [text, { type: "number" }] };
  }
}

/** A dictionary: groups of keys down to texts; which keys, `check` compares across languages. */
const dictionarySchema: JsonSchema = {
  type: "object",
  minProperties: 1,
  additionalProperties: { anyOf: [text, { $ref: "#" }] },
};

const document = (title: string, description: string, body: JsonSchema): JsonSchema => ({
  $schema: "http://json-schema.org/draft-07/schema#",
  title,
  description: `${description} Generated from the generator's loaders: run \`node bin/ranch-site.js schemas\`, do not edit.`,
  ...body,
});

/** Every schema, by file name below content/schemas/. */
export function createJsonSchemas(): Map<string, JsonSchema> {
  return new Map([
    [
      "site.schema.json",
      document("content/site.yaml", "The facts of the site, the same in every language.", toJsonSchema(siteSchema)),
    ],
    [
      "dictionary.schema.json",
      document("content/i18n/<language>.yaml", "Every short text of one language.", dictionarySchema),
    ],
    [
      "writing-rules.schema.json",
      document(
        "content/languages/<language>.yaml",
        "How one language is written and addressed.",
        toJsonSchema(writingRulesSchema),
      ),
    ],
    [
      "page.schema.json",
      document("content/pages/<page>.<language>.md front matter", "The fields of a page.", toJsonSchema(pageSchema)),
    ],
    [
      "testimonial.schema.json",
      document(
        "content/testimonials/<NN-name>.<language>.md front matter",
        "The fields of a testimonial.",
        toJsonSchema(testimonialSchema),
      ),
    ],
  ]);
}

/** The text of a schema file: two-space JSON, as prettier writes it. */
export function schemaText(schema: JsonSchema): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}

/** Writes the schemas into content/schemas/; returns the files that changed. */
export async function writeJsonSchemas(root: string): Promise<string[]> {
  const folder = path.join(root, schemaFolder);
  await mkdir(folder, { recursive: true });
  const changed: string[] = [];
  for (const [name, schema] of createJsonSchemas()) {
    const file = path.join(folder, name);
    const contents = schemaText(schema);
    if ((await readFile(file, "utf8").catch(() => "")) === contents) continue;
    await replaceFile(file, contents);
    changed.push(path.posix.join(schemaFolder, name));
  }
  return changed;
}
