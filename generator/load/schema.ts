import { ContentError, type Loaded } from "../errors.ts";
import { localeNumber } from "./numbers.ts";
import { describeKind, type YamlNode } from "../io/yaml.ts";

/**
 * The shape a YAML value must have: a field type, a list of one, a group of named fields, or a group whose
 * keys the editor names (`each`, such as offers by name). A group with
 * `located` also returns where each of its values stands (as `at`), for checks made after loading.
 */
export type Schema =
  | "text"
  | "email"
  | "url"
  | "origin"
  | "endpoint"
  | "number"
  | "integer"
  | "date"
  | "figure"
  | "boolean"
  | "scalar"
  | { list: Schema }
  | { each: Schema }
  | {
      fields: Record<string, Schema>;
      optional?: readonly string[];
      located?: boolean;
      /** A short hint per field for editors: the JSON Schemas' descriptions and the web editor's field hints. */
      hints?: Record<string, string>;
      /**
       * Fields whose value is one of a closed set: the values themselves, or the set the content names
       * (the offers of site.yaml, the site's languages, the testimonials). The web editor makes them select fields, the JSON
       * Schemas an enum; the checks that refuse anything else stay where they are (load/dates.ts).
       */
      choices?: Record<string, readonly string[] | "offers" | "languages" | "testimonials">;
    };

export type { Located } from "../../model/content.ts";

/** The HTML standard's valid e-mail address, with at least one dot in the domain. */
export const emailPattern =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
/** A figure the texts quote: digits, perhaps a range or a plus (3, 25+, 8–12, 1.5). */
export const figurePattern = /^\d[\d.,]*(?:\s*[–-]\s*\d[\d.,]*)?\+?$/;

/** Checks a YAML value against a schema and returns it as plain data, with every problem at its place. */
export function readWithSchema(
  node: YamlNode | undefined,
  schema: Schema,
  file: string,
  name: string,
): Loaded<unknown> {
  const problems: ContentError[] = [];
  return { value: readNode(node, schema, file, name, problems), problems };
}

/** readWithSchema, one node: nested values are read by the same function, into the same list of problems. */
function readNode(
  node: YamlNode | undefined,
  schema: Schema,
  file: string,
  name: string,
  problems: ContentError[],
): unknown {
  if (!node) {
    problems.push(
      new ContentError({ file, line: 1, column: 1 }, `"${name}" is missing`, {
        hint: "Add it; see the other language's file for an example.",
        kind: "missingField",
      }),
    );
    return undefined;
  }
  const reading: Reading = { file, name, problems };
  const wrong = wrongShape(node, reading);
  if (typeof schema === "object" && "fields" in schema) {
    if (node.kind !== "map")
      return (wrong("a group of keys", "Indent its keys below it, each on its own line as `key: value`."), undefined);
    return readGroup(node, schema, reading);
  }
  if (typeof schema === "object" && "each" in schema) {
    if (node.kind !== "map")
      return (wrong("a group of keys", "Indent its keys below it, each on its own line as `key:`."), undefined);
    return Object.fromEntries(
      node.entries.map((entry) => [
        entry.key,
        readNode(entry.node, schema.each, file, join(name, entry.key), problems),
      ]),
    );
  }
  if (typeof schema === "object") {
    if (node.kind !== "list") return (wrong("a list", "Write one item per line, each starting with `- `."), undefined);
    return node.items.map((item, index) => readNode(item, schema.list, file, `${name}[${index + 1}]`, problems));
  }
  if (node.kind !== "scalar" || node.value === null || node.value === "") {
    return (
      wrong(
        expectedOf(schema),
        node.kind === "scalar" ? "Write a value after the colon." : "Write a single value here, not a list or a group.",
      ),
      undefined
    );
  }
  return readScalar(node, schema, reading);
}

/** Where a node is read: its file, its dotted name for messages, and the list its problems go to. */
interface Reading {
  file: string;
  name: string;
  problems: ContentError[];
}

type GroupSchema = Extract<Schema, { fields: unknown }>;
type ScalarNode = Extract<YamlNode, { kind: "scalar" }>;
type ScalarSchema = Extract<Schema, string>;

/** Reports that a node has the wrong shape: "must be `expected`, found" what it is, with what to write. */
const wrongShape =
  (node: YamlNode, { file, name, problems }: Reading) =>
  (expected: string, hint: string) =>
    problems.push(
      new ContentError(
        { file, line: node.at.line, column: node.at.column },
        `"${name}" must be ${expected}, found ${describeKind(node)}`,
        { hint },
      ),
    );

/** A group of named fields: no unknown key, every required one present, each read by its own schema. */
function readGroup(
  node: Extract<YamlNode, { kind: "map" }>,
  schema: GroupSchema,
  { file, name, problems }: Reading,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  if (schema.located)
    result["at"] = Object.fromEntries(node.entries.map((entry) => [entry.key, entry.node.at] as const));
  for (const entry of node.entries) {
    if (!(entry.key in schema.fields)) {
      problems.push(
        new ContentError(
          { file, line: entry.keyAt.line, column: entry.keyAt.column },
          `Unknown key "${join(name, entry.key)}"`,
          { hint: `Check the spelling; known keys here: ${Object.keys(schema.fields).join(", ")}.` },
        ),
      );
    }
  }
  for (const [key, fieldSchema] of Object.entries(schema.fields)) {
    const entry = node.entries.find((candidate) => candidate.key === key);
    if (!entry) {
      if (!schema.optional?.includes(key)) {
        problems.push(
          new ContentError({ file, line: node.at.line, column: node.at.column }, `Missing key "${join(name, key)}"`, {
            hint: `Add \`${key}:\` with a value to this group.`,
          }),
        );
      }
      continue;
    }
    result[key] = readNode(entry.node, fieldSchema, file, join(name, key), problems);
  }
  return result;
}

/** A value that is not empty, as its field type wants it: numbers, dates, true or false, figures, then text. */
function readScalar(node: ScalarNode, schema: ScalarSchema, reading: Reading): unknown {
  const { file, name, problems } = reading;
  const wrong = wrongShape(node, reading);
  const value = node.value;
  switch (schema) {
    case "number":
    case "integer": {
      const local = localeNumber(node.source);
      if (local) {
        problems.push(
          new ContentError(
            { file, line: node.at.line, column: node.at.column },
            `"${name}" is written as ${local.reads}: "${node.source}"`,
            { hint: local.hint },
          ),
        );
        return undefined;
      }
      if (schema === "number")
        return typeof value === "number"
          ? value
          : (wrong("a number", "Write digits only, without quotes, e.g. 2490."), undefined);
      if (typeof value === "number" && Number.isInteger(value) && value >= 0) return value;
      return (wrong("a whole number", "Write digits only, without quotes or a decimal point, e.g. 12."), undefined);
    }
    case "date":
      if (typeof value === "string" && isDate(value)) return value;
      return (wrong("a date", "Write the date as year-month-day, e.g. 2027-03-15."), undefined);
    case "boolean":
      if (typeof value === "boolean") return value;
      return (wrong("true or false", "Write true or false, without quotes."), undefined);
    case "scalar":
      if (typeof value !== "boolean") return value;
      return (wrong("text or a number", "Write the value as text."), undefined);
    case "figure":
      if (typeof value === "number" || (typeof value === "string" && figurePattern.test(value))) return value;
      return (
        problems.push(
          new ContentError(
            { file, line: node.at.line, column: node.at.column },
            `"${name}" must be a number, found "${value}"`,
            { hint: "Write the figure in digits, such as 3 or 25+: every language quotes the same value." },
          ),
        ),
        undefined
      );
  }
  if (typeof value !== "string") return (wrong("text", `Put the value in quotes: "${value}".`), undefined);
  return readAddress(value, node, schema, reading);
}

/** A text value, checked as an address when its field is one: an email address, a site origin, a URL, a form endpoint. */
function readAddress(
  value: string,
  node: ScalarNode,
  schema: ScalarSchema,
  { file, name, problems }: Reading,
): string | undefined {
  if (schema === "email" && /^mailto:/i.test(value)) {
    problems.push(
      new ContentError(
        { file, line: node.at.line, column: node.at.column },
        `"${name}" must be the address alone, without "mailto:"`,
        { hint: `Write ${value.replace(/^mailto:/i, "")}; the site makes the mailto: links itself.` },
      ),
    );
    return undefined;
  }
  if (schema === "email" && !emailPattern.test(value)) {
    problems.push(
      new ContentError(
        { file, line: node.at.line, column: node.at.column },
        `"${name}" is not a valid email address: "${value}"`,
        { hint: "Write it as name@domain.tld, without spaces or mailto:." },
      ),
    );
  }
  if (schema === "origin" && isHttpUrl(value) && new URL(value).href !== `${new URL(value).origin}/`) {
    problems.push(
      new ContentError(
        { file, line: node.at.line, column: node.at.column },
        `"${name}" must be the site's address alone, without a path or trailing slash: "${value}"`,
        { hint: `Write ${new URL(value).origin}; a folder the site is hosted under goes in --base-path.` },
      ),
    );
    return undefined;
  }
  if (schema === "origin" && isHttpUrl(value) && value !== new URL(value).origin) {
    problems.push(
      new ContentError(
        { file, line: node.at.line, column: node.at.column },
        `"${name}" must not end with a slash: "${value}"`,
        { hint: `Write ${new URL(value).origin}: links add their own slash.` },
      ),
    );
    return undefined;
  }
  if (schema === "endpoint")
    return readEndpoint(value, { file, line: node.at.line, column: node.at.column }, name, problems);
  if ((schema === "url" || schema === "origin") && !isHttpUrl(value)) {
    problems.push(
      new ContentError(
        { file, line: node.at.line, column: node.at.column },
        `"${name}" is not a valid URL: "${value}"`,
        { hint: "Write a full address that starts with https://." },
      ),
    );
  }
  return value;
}

/** A real calendar day written as YYYY-MM-DD (ISO 8601), the form JSON-LD and every locale can read. */
function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

function expectedOf(schema: Schema): string {
  return (
    (
      {
        email: "an email address",
        url: "a URL",
        origin: "a URL",
        endpoint: "a URL",
        figure: "a number",
        number: "a number",
        integer: "a whole number",
        date: "a date",
        boolean: "true or false",
        scalar: "a value",
        text: "text",
      } as Record<string, string>
    )[schema as string] ?? "a value"
  );
}

/**
 * A form endpoint: messages carry names and addresses, so https; plain http only to this computer
 * (localhost, 127.0.0.1, [::1]), where tests and the owner's local scripts receive them.
 */
function readEndpoint(
  value: string,
  place: { file: string; line: number; column: number },
  name: string,
  problems: ContentError[],
): string | undefined {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const local = url?.protocol === "http:" && isLoopback(url.hostname);
  if (!url || !(local || (url.protocol === "https:" && url.hostname.includes(".")))) {
    problems.push(
      new ContentError(place, `"${name}" must be an https address: "${value}"`, {
        hint: "Write the full address your form service gives you, starting with https://; plain http:// only for a receiver on this computer (http://127.0.0.1:8080/…).",
      }),
    );
    return undefined;
  }
  if (url.username || url.password || url.hash) {
    problems.push(
      new ContentError(place, `"${name}" must not contain a user name, password or #fragment: "${value}"`, {
        hint: "Write the address alone, as your form service shows it; every visitor can read it in the page.",
      }),
    );
    return undefined;
  }
  return value;
}

const isLoopback = (host: string) => host === "localhost" || host === "127.0.0.1" || host === "[::1]";

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

function join(parent: string, key: string): string {
  return parent ? `${parent}.${key}` : key;
}
