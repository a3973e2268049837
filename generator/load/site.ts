import { ContentError } from "../errors.ts";
import { interpolate } from "../i18n.ts";
import { readText } from "./files.ts";
import { checkYamlTexts, fillPlaceholders, unavailableFacts } from "./texts.ts";
import { readWithSchema, type Schema } from "./schema.ts";
import { readYaml, type YamlNode } from "./yaml.ts";

/** The facts and settings of content/site.yaml, the same in every language. */
export interface Site {
  name: string;
  baseUrl: string;
  contact: { email: string; phone: string };
  social: { linkedin: string; instagram: string; youtube: string };
  legal: {
    owner: string;
    company: string;
    street: string;
    postalCode: string;
    city: string;
    region: string;
    country: string;
    countryCode: string;
    vatId: string;
  };
  location: { latitude: number; longitude: number; airportDistance: string; stationDistance: string; mapsUrl: string };
  consent: { fontsUrl: string; fontFilesHost: string; prefetchHost: string };
  claims: Record<"trainingDays" | "animals" | "trainedProfessionals" | "replyHours" | "groupSize", string | number>;
  clients: string[];
}

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

export const siteFile = "content/site.yaml";

/** Reads content/site.yaml; the facts come back flattened too, for `{placeholder}`s in texts. */
export async function loadSite(
  root: string,
  problems: ContentError[],
): Promise<{ site: Site; facts: ReadonlyMap<string, string> }> {
  const read = await readText(root, siteFile, {
    reason: "The site file is missing",
    hint: `Create ${siteFile} with the site's facts (name, baseUrl, contact, …), or give the project folder with --root.`,
  });
  if ("error" in read) {
    problems.push(read.error);
    return { site: {} as Site, facts: unavailableFacts };
  }
  const { root: node, errors } = readYaml(read.text, siteFile);
  problems.push(...errors);
  if (!node) return { site: {} as Site, facts: unavailableFacts };
  const facts = resolveFacts(flattenFacts(node));
  problems.push(...checkYamlTexts(node, facts, siteFile));
  const site = fillPlaceholders(readWithSchema(node, siteSchema, siteFile, "", problems) ?? {}, facts) as Site;
  return { site, facts };
}

/** A fact may quote another (`company: "{name} GmbH"`); quotes of quotes are followed a few levels deep. */
function resolveFacts(facts: Map<string, string>): Map<string, string> {
  for (let pass = 0; pass < 4; pass++) {
    let changed = false;
    for (const [key, value] of facts) {
      if (!value.includes("{")) continue;
      const filled = interpolate(value, facts).text;
      if (filled !== value) (facts.set(key, filled), (changed = true));
    }
    if (!changed) break;
  }
  return facts;
}

function flattenFacts(node: YamlNode, prefix = "", facts = new Map<string, string>()): Map<string, string> {
  if (node.kind === "map") {
    for (const entry of node.entries) flattenFacts(entry.node, prefix ? `${prefix}.${entry.key}` : entry.key, facts);
  } else if (node.kind === "scalar" && node.value !== null) {
    facts.set(prefix, String(node.value));
  }
  return facts;
}
