import { ContentError } from "../errors.ts";
import { readText } from "./files.ts";
import { checkDates, upcomingDates } from "./dates.ts";
import { localeFacts } from "./figures.ts";
import { readWithSchema, type Located, type Schema } from "./schema.ts";
import { readYaml, type YamlNode } from "./yaml.ts";

/** A price of content/site.yaml; its wording per language is in the pricing page's front matter. */
export interface OfferFigures extends Located {
  /** Net, in `currency`; none means "on request". */
  price?: number;
  /** ISO 4217 code, such as EUR. */
  currency?: string;
  /** The price is for one person, or for the whole group of up to claims.groupSize people. */
  per: "person" | "group";
  highlighted?: boolean;
}

/** One upcoming training date. */
export interface TrainingDate extends Located {
  /** ISO 8601 day, `2027-03-15`. */
  start: string;
  end: string;
  seatsLeft: number;
  /** An offer of `offers`, by name. */
  offer?: string;
}

/** A link of the header or the footer: a page of the site, maybe a #section on it, and a dictionary key. */
export interface NavigationLink extends Located {
  page: string;
  section?: string;
  label: string;
}

/** One footer column: a titled list of links, or one of the built-in blocks. */
export interface FooterColumn extends Located {
  block?: "about" | "contact" | "social";
  title?: string;
  links?: NavigationLink[];
}

/** Header and footer links, in the order shown. */
export interface Navigation {
  header: NavigationLink[];
  button: NavigationLink;
  footer: FooterColumn[];
}

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
  claims: Record<
    "trainingDays" | "animals" | "trainedProfessionals" | "replyHours" | "groupSize" | "followUpDays",
    string | number
  >;
  clients: string[];
  offers: Record<string, OfferFigures>;
  /** Only the dates that have not begun on the day of the build (SOURCE_DATE_EPOCH when set), by start. */
  dates: TrainingDate[];
  navigation: Navigation;
}

const texts = (...keys: string[]) => ({ fields: Object.fromEntries(keys.map((key) => [key, "text" as const])) });

const linkSchema: Schema = {
  fields: { page: "text", section: "text", label: "text" },
  optional: ["section"],
  located: true,
};

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
        groupSize: "number",
        followUpDays: "number",
      },
    },
    clients: { list: "text" },
    offers: {
      each: {
        fields: { price: "number", currency: "text", per: "text", highlighted: "boolean" },
        optional: ["price", "currency", "highlighted"],
        located: true,
      },
    },
    dates: {
      list: {
        fields: { start: "date", end: "date", seatsLeft: "number", offer: "text" },
        optional: ["offer"],
        located: true,
      },
    },
    navigation: {
      fields: {
        header: { list: linkSchema },
        button: linkSchema,
        footer: {
          list: {
            fields: { block: "text", title: "text", links: { list: linkSchema } },
            optional: ["block", "title", "links"],
            located: true,
          },
        },
      },
    },
  },
};

export const siteFile = "content/site.yaml";

/** The facts of site.yaml for `{placeholder}`s in one language's texts, numbers and prices printed its way. */
export type FactsFor = (locale: string) => Map<string, string>;

/** Reads content/site.yaml; the facts come back flattened too, for `{placeholder}`s in texts. */
export async function loadSite(root: string, problems: ContentError[]): Promise<{ site: Site; factsFor: FactsFor }> {
  const none = { site: {} as Site, factsFor: () => new Map<string, string>() };
  const read = await readText(root, siteFile);
  if ("error" in read) return (problems.push(read.error), none);
  const { root: node, errors } = readYaml(read.text, siteFile);
  problems.push(...errors);
  if (!node) return none;
  const site = (readWithSchema(node, siteSchema, siteFile, "", problems) ?? {}) as Site;
  problems.push(...checkDates(site, siteFile));
  if (Array.isArray(site.dates)) site.dates = upcomingDates(site.dates);
  const facts = flattenFacts(node);
  return { site, factsFor: (locale) => localeFacts(site, facts, locale) };
}

function flattenFacts(
  node: YamlNode,
  prefix = "",
  facts = new Map<string, string | number | boolean>(),
): Map<string, string | number | boolean> {
  if (node.kind === "map") {
    for (const entry of node.entries) flattenFacts(entry.node, prefix ? `${prefix}.${entry.key}` : entry.key, facts);
  } else if (node.kind === "scalar" && node.value !== null) {
    facts.set(prefix, node.value);
  }
  return facts;
}
