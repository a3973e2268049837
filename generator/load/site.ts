import { formMode, type ContactFormSettings } from "../../model/contact.ts";
import type { Site } from "../../model/content.ts";
import { defaults } from "../config.ts";
import { failOn, type Loaded } from "../errors.ts";
import { Facts, interpolate } from "../i18n.ts";
import { hostingProviders, ownerFacts } from "../../model/legal.ts";
import { readText } from "../io/files.ts";
import { buildInstant, upcomingDates } from "./dates.ts";
import { localeFacts } from "./figures.ts";
import { languagesSchema, resolveLanguages, type LanguageList } from "./languages.ts";
import { checkYamlTexts, fillPlaceholders } from "./texts.ts";
import { readWithSchema, type Schema } from "./schema.ts";
import { noKeys, readYaml, type YamlNode, type YamlReader } from "../io/yaml.ts";

export type {
  FooterColumn,
  Navigation,
  NavigationLink,
  OfferFigures,
  Site,
  TrainingDate,
} from "../../model/content.ts";

/**
 * The parts of site.yaml that load settles (the dates sorted and split into upcoming and begun, the form
 * settings made one mode), as written: the check stage checks them (check/site-file.ts).
 */
export interface SiteAsWritten {
  offers?: Site["offers"];
  dates?: Site["dates"];
  form?: ContactFormSettings;
}

const linkSchema: Schema = {
  fields: { page: "text", section: "text", label: "text" },
  optional: ["section"],
  located: true,
  hints: {
    page: "A page of the site: home, about-me, pricing, … or your own page (faq for content/pages/faq.en.md).",
    section: "Jumps to a part of that page, such as about or dates.",
    label: "A key of the dictionaries, such as nav.about.",
  },
};

const texts = (...keys: string[]) => ({ fields: Object.fromEntries(keys.map((key) => [key, "text" as const])) });

/** The shape of content/site.yaml, also published as a JSON Schema (generator/editor/json-schemas.ts). */
export const siteSchema: Schema = {
  fields: {
    name: "text",
    baseUrl: "origin",
    contact: {
      fields: {
        email: "email",
        phone: "text",
        form: {
          fields: {
            endpoint: "endpoint",
            netlify: "boolean",
            service: "text",
            transfer: "text",
            retentionDays: "integer",
          },
          optional: ["endpoint", "netlify", "service", "transfer", "retentionDays"],
          located: true,
          hints: {
            service: "The form service the endpoint belongs to, with its address: the privacy policy names it.",
            transfer:
              "On which basis it receives data outside the EU: EU-US Data Privacy Framework, standard contractual clauses, or none.",
            retentionDays: "After how many days the form service (or Netlify) deletes a message.",
          },
        },
      },
      optional: ["form"],
    },
    social: { fields: { linkedin: "url", instagram: "url", youtube: "url" } },
    legal: {
      fields: {
        ...texts("owner", "company", "street", "postalCode", "city", "region", "country", "countryCode", "vatId")
          .fields,
        register: "text",
      },
      optional: ["register"],
      hints: { register: 'The commercial register entry, such as "Amtsgericht Flensburg, HRA 1234", or none.' },
    },
    hosting: {
      fields: { provider: "text", company: "text", logDays: "integer" },
      optional: ["provider", "company", "logDays"],
      hints: {
        provider: `Where the site is published: ${Object.keys(hostingProviders).join(", ")}. Chooses the privacy policy's hosting paragraph.`,
        company: "own-server and shared-hosting: the company that runs the server, with its address.",
        logDays: "After how many days the host deletes its access logs.",
      },
    },
    booking: {
      fields: { minParticipants: "integer", cancelDays: "integer" },
      optional: ["minParticipants", "cancelDays"],
      hints: {
        minParticipants: "Below this many participants we may cancel a date (terms of service).",
        cancelDays: "At the latest this many days before the start we cancel a date that has too few participants.",
      },
    },
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
        groupSize: "integer",
        followUpDays: "integer",
        trainedSince: "integer",
        freeCancellationDays: "integer",
      },
      optional: ["trainedSince", "freeCancellationDays"],
      hints: {
        groupSize: "At most this many participants per training date.",
        followUpDays: "Days after the training until the follow-up call.",
        trainedSince: "The year the count of trained professionals starts from.",
        freeCancellationDays: "Days before the start up to which a seat can be cancelled free of charge (terms § 5).",
      },
    },
    clients: {
      list: {
        fields: { name: "text", logo: "text" },
        optional: ["logo"],
        located: true,
        hints: { logo: "With the company's permission: a file in public/clients/, such as clients/nordlicht.svg." },
      },
    },
    offers: {
      each: {
        fields: { price: "integer", currency: "text", per: "text", highlighted: "boolean", sizes: { list: "integer" } },
        optional: ["price", "currency", "highlighted", "sizes"],
        located: true,
        hints: {
          price: "Net, in whole units of the currency, digits only: 2490, not 2.490 or 2,490. Empty: on request.",
          per: "person (the price is for one person) or group (for the whole group).",
          highlighted: "Sets this offer apart as the most booked one.",
          sizes: "For a group price: the group sizes to show the price per person for, such as [6, 8, 10, 12].",
        },
        choices: { per: ["person", "group"] },
      },
    },
    dates: {
      list: {
        fields: { start: "date", end: "date", seatsLeft: "integer", offer: "text", language: "text" },
        optional: ["offer", "language"],
        located: true,
        hints: {
          start: "The first day; the date drops off the site by itself once it has begun.",
          seatsLeft: "Places still free; 0 shows the date as fully booked.",
          offer: "An offer above: open, team or custom.",
          language: "The language it is taught in: de or en.",
        },
        choices: { offer: "offers", language: "languages" },
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
    editor: {
      fields: {
        backend: "text",
        repo: "text",
        branch: "text",
        base_url: "url",
        auth_endpoint: "text",
        api_root: "url",
      },
      optional: ["backend", "branch", "base_url", "auth_endpoint", "api_root"],
      hints: {
        backend:
          "Where the web editor at /admin/ saves: github (the default), gitlab or git-gateway (Netlify's, deprecated).",
        repo: "The repository it commits to, such as owner/ranch-site.",
        branch: "The branch it commits to (main unless given).",
        base_url:
          "The OAuth service that logs editors in to GitHub, such as https://auth.example.org (Netlify's unless given).",
        auth_endpoint: "The path of its login on base_url (auth unless given).",
        api_root:
          "The Git host's API, for GitHub Enterprise or your own GitLab (github.com's or gitlab.com's unless given).",
      },
      choices: { backend: ["github", "gitlab", "git-gateway"] },
    },
    languages: languagesSchema,
  },
  optional: ["editor", "hosting", "booking"],
};

export const siteFile = `${defaults.folders.content}/site.yaml`;

/** The facts of site.yaml for `{placeholder}`s in one language's texts, numbers and prices printed its way. */
export type FactsFor = (locale: string) => Facts;

/**
 * Reads content/site.yaml; the facts come back flattened too, for `{placeholder}`s in texts, per language.
 * Only the training dates that have not begun on the day of the build stay in `site.dates`; the build's
 * moment is `site.builtAt`.
 */
export async function loadSite(
  root: string,
  yaml: YamlReader = readYaml,
): Promise<Loaded<{ site: Site; factsFor: FactsFor; written: SiteAsWritten; languageList: LanguageList }>> {
  const none = {
    site: { languages: [] as Site["languages"] } as Site,
    factsFor: () => new Facts(new Map(), [""]),
    written: {},
    languageList: { languages: [], place: { file: siteFile }, entries: {} },
  };
  const read = await readText(root, siteFile, {
    reason: "The site file is missing",
    hint: `Create ${siteFile} with the site's facts (name, baseUrl, contact, …), or give the project folder with --root.`,
  });
  if ("error" in read) return { value: none, problems: [read.error] };
  const { root: node, errors: problems } = yaml(read.text, siteFile);
  if (!node) return { value: none, problems: problems.length > 0 ? problems : [noKeys(siteFile)] };
  const schemaRead = readWithSchema(node, siteSchema, siteFile, "");
  problems.push(...schemaRead.problems);
  const parsed = schemaRead.value as Site | undefined;
  const listAt = node.kind === "map" ? node.entries.find((entry) => entry.key === "languages")?.keyAt : undefined;
  const languages = resolveLanguages(parsed?.languages, { file: siteFile, ...listAt });
  problems.push(...languages.problems);
  const places = new Map<string, { line: number; column: number }>();
  const values = flattenFacts(node, "", new Map(), places);
  // How the form sends, decided once: it chooses the privacy policy's form paragraph (generator/load/variants.ts)
  // and, with its placeholders filled below, becomes `site.contact.form`.
  const mode = formMode((parsed?.contact as unknown as { form?: ContactFormSettings } | undefined)?.form);
  values.set("contact.form.mode", mode.kind);
  // An owner fact a legal text quotes, while missing, is a warning of `check` (check/legal-facts.ts), not an unknown placeholder.
  const unreadable = [...unreadableGroups(siteSchema, parsed), ...ownerFacts.map((fact) => fact.name)];
  const byLocale = new Map<string, Facts>();
  const factsFor = (locale: string) => {
    if (!byLocale.has(locale))
      byLocale.set(locale, new Facts(resolveFacts(localeFacts(parsed ?? ({} as Site), values, locale)), unreadable));
    return byLocale.get(locale)!;
  };
  // The site file's own texts are written in the default language.
  const facts = factsFor(languages.value.languages[0]?.code ?? "und");
  problems.push(...checkYamlTexts(node, facts, siteFile));
  const site = fillPlaceholders(parsed ?? {}, facts) as Site;
  // As written, `contact.form` holds the settings; from here on, the one mode they name.
  const form = (site.contact as unknown as { form?: ContactFormSettings } | undefined)?.form;
  // The dates and the form settings as written, before the dates are sorted and the form becomes one mode:
  // what check/site-file.ts checks.
  const written: SiteAsWritten = { offers: site.offers, dates: site.dates, form };
  if (site.contact) site.contact.form = fillPlaceholders(mode, facts) as typeof mode;
  site.languages = [...languages.value.languages];
  site.builtAt = buildInstant();
  site.factPlaces = Object.fromEntries(places);
  if (Array.isArray(site.dates)) {
    const upcoming = upcomingDates(site.dates, site.builtAt.slice(0, 10));
    site.begun = site.dates.filter((date) => date?.start && !upcoming.includes(date));
    site.dates = upcoming;
  }
  return { value: { site, factsFor, written, languageList: languages.value }, problems };
}

/**
 * The site's languages, read from content/site.yaml alone: for what needs them without a build (the
 * `schemas` command). A site file that lists none is refused with its located lines.
 */
export async function loadLanguages(root: string): Promise<Site["languages"]> {
  const { value, problems } = await loadSite(root);
  if (value.site.languages.length === 0) failOn(problems);
  return value.site.languages;
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

function flattenFacts(
  node: YamlNode,
  prefix = "",
  facts = new Map<string, string | number | boolean>(),
  places?: Map<string, { line: number; column: number }>,
): Map<string, string | number | boolean> {
  if (prefix) places?.set(prefix, { line: node.at.line, column: node.at.column });
  if (node.kind === "map") {
    for (const entry of node.entries)
      flattenFacts(entry.node, prefix ? `${prefix}.${entry.key}` : entry.key, facts, places);
  } else if (node.kind === "scalar" && node.value !== null) {
    facts.set(prefix, node.value);
  }
  return facts;
}
