import type { Site } from "../../model/content.ts";
import { defaults } from "../config.ts";
import { ContentError } from "../errors.ts";
import { Facts, interpolate } from "../i18n.ts";
import { readText } from "./files.ts";
import { checkYamlTexts, fillPlaceholders } from "./texts.ts";
import { readWithSchema, type Schema } from "./schema.ts";
import { readYaml, type YamlNode } from "./yaml.ts";

export type { Site };

const texts = (...keys: string[]) => ({ fields: Object.fromEntries(keys.map((key) => [key, "text" as const])) });

const siteSchema: Schema = {
  fields: {
    name: "text",
    baseUrl: "origin",
    contact: { fields: { email: "email", phone: "text" } },
    social: { fields: { linkedin: "url", instagram: "url", youtube: "url" } },
    legal: texts("owner", "company", "street", "postalCode", "city", "region", "country", "countryCode", "vatId"),
    location: {
      fields: {
        latitude: "number",
        longitude: "number",
        airportDistance: "text",
        stationDistance: "text",
        mapsUrl: "url",
      },
    },
    consent: { fields: { fontsUrl: "url", fontFilesHost: "url", prefetchHost: "url" } },
    claims: {
      fields: {
        trainingDays: "figure",
        animals: "figure",
        trainedProfessionals: "figure",
        replyHours: "figure",
        groupSize: "figure",
      },
    },
    clients: { list: "text" },
  },
};

export const siteFile = `${defaults.folders.content}/site.yaml`;

/** Reads content/site.yaml; the facts come back flattened too, for `{placeholder}`s in texts. */
export async function loadSite(root: string, problems: ContentError[]): Promise<{ site: Site; facts: Facts }> {
  const read = await readText(root, siteFile, {
    reason: "The site file is missing",
    hint: `Create ${siteFile} with the site's facts (name, baseUrl, contact, …), or give the project folder with --root.`,
  });
  if ("error" in read) {
    problems.push(read.error);
    return { site: {} as Site, facts: new Facts(new Map(), [""]) };
  }
  const { root: node, errors } = readYaml(read.text, siteFile);
  problems.push(...errors);
  if (!node) return { site: {} as Site, facts: new Facts(new Map(), [""]) };
  const site = readWithSchema(node, siteSchema, siteFile, "", problems) as Site | undefined;
  const facts = new Facts(resolveFacts(flattenFacts(node)), unreadableGroups(siteSchema, site));
  problems.push(...checkYamlTexts(node, facts, siteFile));
  return { site: fillPlaceholders(site ?? {}, facts) as Site, facts };
}

/** A fact may quote another (`company: "{name} GmbH"`); quotes of quotes are followed a few levels deep. */
function resolveFacts(values: Map<string, string>): Map<string, string> {
  const facts = new Facts(values);
  for (let pass = 0; pass < 4; pass++) {
    let changed = false;
    for (const [key, value] of values) {
      if (!value.includes("{")) continue;
      const filled = interpolate(value, facts).text;
      if (filled !== value) (values.set(key, filled), (changed = true));
    }
    if (!changed) break;
  }
  return values;
}

/** The groups of the schema that came back empty because they had the wrong shape (already reported). */
function unreadableGroups(schema: Schema, value: unknown, name = ""): string[] {
  if (typeof schema !== "object" || !("fields" in schema)) return [];
  if (value === undefined || value === null) return [name];
  return Object.entries(schema.fields).flatMap(([key, field]) =>
    unreadableGroups(field, (value as Record<string, unknown>)[key], name ? `${name}.${key}` : key),
  );
}

function flattenFacts(node: YamlNode, prefix = "", facts = new Map<string, string>()): Map<string, string> {
  if (node.kind === "map") {
    for (const entry of node.entries) flattenFacts(entry.node, prefix ? `${prefix}.${entry.key}` : entry.key, facts);
  } else if (node.kind === "scalar" && node.value !== null) {
    facts.set(prefix, String(node.value));
  }
  return facts;
}
