import { ContentError } from "../errors.ts";
import { describeKind, type YamlNode } from "./yaml.ts";

/** The shape a YAML value must have: a field type, a list of one, or a group of named fields. */
export type Schema =
  | "text"
  | "email"
  | "url"
  | "number"
  | "boolean"
  | "scalar"
  | { list: Schema }
  | { fields: Record<string, Schema>; optional?: readonly string[] };

/** What an email address must look like (a pattern JSON Schemas share). */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks a YAML value against a schema and returns it as plain data, collecting every problem with its place. */
export function readWithSchema(
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
      }),
    );
    return undefined;
  }
  const wrong = (expected: string, hint: string) =>
    problems.push(
      new ContentError(
        { file, line: node.at.line, column: node.at.column },
        `"${name}" must be ${expected}, found ${describeKind(node)}`,
        { hint },
      ),
    );

  if (typeof schema === "object" && "fields" in schema) {
    if (node.kind !== "map")
      return (wrong("a group of keys", "Indent its keys below it, each on its own line as `key: value`."), undefined);
    const result: Record<string, unknown> = {};
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
      result[key] = readWithSchema(entry.node, fieldSchema, file, join(name, key), problems);
    }
    return result;
  }
  if (typeof schema === "object") {
    if (node.kind !== "list") return (wrong("a list", "Write one item per line, each starting with `- `."), undefined);
    return node.items.map((item, index) => readWithSchema(item, schema.list, file, `${name}[${index + 1}]`, problems));
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
  const value = node.value;
  switch (schema) {
    case "number":
      if (typeof value === "number") return value;
      return (wrong("a number", "Write digits only, without quotes, e.g. 2490."), undefined);
    case "boolean":
      if (typeof value === "boolean") return value;
      return (wrong("true or false", "Write true or false, without quotes."), undefined);
    case "scalar":
      if (typeof value !== "boolean") return value;
      return (wrong("text or a number", "Write the value as text."), undefined);
  }
  if (typeof value !== "string") return (wrong("text", `Put the value in quotes: "${value}".`), undefined);
  if (schema === "email" && !emailPattern.test(value)) {
    problems.push(
      new ContentError(
        { file, line: node.at.line, column: node.at.column },
        `"${name}" is not a valid email address: "${value}"`,
        { hint: "Write it as name@domain.tld, without spaces or mailto:." },
      ),
    );
  }
  if (schema === "url" && !isHttpUrl(value)) {
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

function expectedOf(schema: Schema): string {
  return (
    (
      {
        email: "an email address",
        url: "a URL",
        number: "a number",
        boolean: "true or false",
        scalar: "a value",
        text: "text",
      } as Record<string, string>
    )[schema as string] ?? "a value"
  );
}

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
