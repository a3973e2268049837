import type { Site } from "../../model/content.ts";
import { defaults } from "../config.ts";
import { ContentError } from "../errors.ts";
import { Facts } from "../i18n.ts";
import { readText } from "./files.ts";
import { readWithSchema, type Schema } from "./schema.ts";
import { readYaml, type YamlNode } from "./yaml.ts";

export type { Site };

const texts = (...keys: string[]) => ({ fields: Object.fromEntries(keys.map((key) => [key, "text" as const])) });

const siteSchema: Schema = {
  fields: {
    name: "text",
    baseUrl: "url",
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
        trainingDays: "scalar",
        animals: "scalar",
        trainedProfessionals: "scalar",
        replyHours: "scalar",
        groupSize: "scalar",
      },
    },
    clients: { list: "text" },
  },
};

export const siteFile = `${defaults.folders.content}/site.yaml`;

/** Reads content/site.yaml; the facts come back flattened too, for `{placeholder}`s in texts. */
export async function loadSite(root: string, problems: ContentError[]): Promise<{ site: Site; facts: Facts }> {
  const read = await readText(root, siteFile);
  if ("error" in read) {
    problems.push(read.error);
    return { site: {} as Site, facts: new Facts(new Map(), [""]) };
  }
  const { root: node, errors } = readYaml(read.text, siteFile);
  problems.push(...errors);
  if (!node) return { site: {} as Site, facts: new Facts(new Map(), [""]) };
  const site = readWithSchema(node, siteSchema, siteFile, "", problems) as Site | undefined;
  return { site: site ?? ({} as Site), facts: new Facts(flattenFacts(node), unreadableGroups(siteSchema, site)) };
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
