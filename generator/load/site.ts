import { formMode, type ContactFormSettings } from "../../model/contact.ts";
import type { Site } from "../../model/content.ts";
import { defaults } from "../config.ts";
import { failOn, type Loaded } from "../errors.ts";
import { Facts, interpolate } from "../i18n.ts";
import { lands } from "../../model/authorities.ts";
import { hostingProviders, legalForms, transferBases } from "../../model/legal.ts";
import { readText } from "../io/files.ts";
import { buildInstant, upcomingDates } from "./dates.ts";
import { localeFacts } from "./figures.ts";
import { impliedFacts, impliedFrom, undecided } from "./implied-facts.ts";
import { languagesSchema, resolveLanguages, type LanguageList } from "./languages.ts";
import { checkYamlTexts, fillPlaceholders } from "./texts.ts";
import { readWithSchema, type Schema } from "./schema.ts";
import { noKeys, readYaml, type Position, type YamlNode, type YamlReader } from "../io/yaml.ts";

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
  /** The order of the testimonials, each name where it is written (load/testimonial-order.ts checks and applies it). */
  testimonialOrder?: { name: string; at: Position }[];
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
            country: "text",
            transfer: "text",
            retentionDays: "integer",
          },
          optional: ["endpoint", "netlify", "service", "country", "transfer", "retentionDays"],
          located: true,
          hints: {
            service: "The form service the endpoint belongs to, with its address: the privacy policy names it.",
            country: "The country it processes the messages in, as a two-letter code: DE, US, …",
            transfer: `On which basis it processes data outside the European Economic Area: ${transferBases.join(", ")}.`,
            retentionDays: "After how many days you delete a message at the form service (or at Netlify).",
          },
          choices: { transfer: transferBases },
        },
        mailProvider: {
          fields: { name: "text", country: "text", transfer: "text" },
          optional: ["name", "country", "transfer"],
          hints: {
            name: "The company that keeps your mailbox, with its address: every enquiry ends there.",
            country: "The country it keeps the mailbox in, as a two-letter code: DE, IE, US, …",
            transfer: `On which basis it processes data outside the European Economic Area: ${transferBases.join(", ")}.`,
          },
          choices: { transfer: transferBases },
        },
      },
      optional: ["form", "mailProvider"],
    },
    social: { fields: { linkedin: "url", instagram: "url", youtube: "url" } },
    legal: {
      fields: {
        ...texts("owner", "company", "street", "postalCode", "city", "region", "country", "countryCode", "vatId")
          .fields,
        form: "text",
        register: "text",
        representative: "text",
        taxAdviser: "text",
      },
      optional: ["form", "register", "representative", "taxAdviser"],
      hints: {
        region:
          "The Land the business is established in: it chooses the data protection authority the privacy policy names.",
        form: `The legal form, which chooses the imprint's wording: ${Object.keys(legalForms).join(", ")}.`,
        register: 'The commercial register entry of a registered business, such as "Amtsgericht Flensburg, HRB 1234".',
        representative:
          "Who represents the business (its managing directors or partners), for every form but a sole trader.",
        taxAdviser:
          "The tax adviser who receives invoices and bookings, with their address: the privacy policy names them.",
      },
      choices: { region: lands, form: Object.keys(legalForms) },
    },
    hosting: {
      fields: { provider: "text", company: "text", logDays: "integer", country: "text", transfer: "text" },
      optional: ["provider", "company", "logDays", "country", "transfer"],
      hints: {
        provider: `Where the site is published: ${Object.keys(hostingProviders).join(", ")}. Chooses the privacy policy's hosting paragraph and what deploys the site.`,
        company:
          "Every host but github-pages: the hosting company with its address, as in its data processing agreement.",
        logDays: "Every host but github-pages: after how many days the host deletes its access logs.",
        country: "own-server and shared-hosting: the country the server stands in, as a two-letter code (DE).",
        transfer: `own-server and shared-hosting: on which basis the logs are processed outside the European Economic Area: ${transferBases.join(", ")}.`,
      },
      choices: { provider: Object.keys(hostingProviders), transfer: transferBases },
    },
    booking: {
      fields: {
        freeCancellationDays: "integer",
        feeDays: "integer",
        feePercent: "integer",
        lateFeePercent: "integer",
        minParticipants: "integer",
        cancelDays: "integer",
        paymentDays: "integer",
        partners: {
          fields: { kite: "text", airsoft: "text" },
          optional: ["kite", "airsoft"],
          hints: {
            kite: "The kite school that runs the kitesurfing taster course, with its address.",
            airsoft: "Who runs the airsoft site, with its address.",
          },
        },
      },
      optional: [
        "freeCancellationDays",
        "feeDays",
        "feePercent",
        "lateFeePercent",
        "minParticipants",
        "cancelDays",
        "paymentDays",
        "partners",
      ],
      hints: {
        freeCancellationDays: "Up to this many days before the start, a seat is cancelled free of charge (terms § 5).",
        feeDays: "After that, up to this many days before the start, the reduced fee is due (terms § 5).",
        feePercent: "The reduced fee, in per cent of the price (terms § 5).",
        lateFeePercent: "The fee for a later cancellation or for not coming, in per cent of the price (terms § 5).",
        minParticipants: "Below this many participants we may cancel an open date (terms § 6).",
        cancelDays: "At the latest this many days before the start we cancel an open date with too few participants.",
        paymentDays: "An invoice is due this many days after its date (terms § 4).",
        partners:
          "Who runs the activities arranged with partners: they receive participants' names, and the privacy policy names them.",
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
      },
      optional: ["trainedSince"],
      hints: {
        groupSize: "At most this many participants per training date.",
        followUpDays: "Days after the training until the follow-up call.",
        trainedSince: "The year the count of trained professionals starts from.",
      },
    },
    testimonials: { list: "text" },
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
        menu: { list: linkSchema },
        footer: {
          list: {
            fields: { block: "text", title: "text", links: { list: linkSchema } },
            optional: ["block", "title", "links"],
            located: true,
          },
        },
      },
      optional: ["menu"],
      hints: {
        menu: "More links in the phone menu only, after the header's (the header button hides on phones), such as pricing and faq.",
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
  optional: ["editor", "hosting", "booking", "testimonials"],
  hints: {
    testimonials:
      "The testimonials in the order the pages show them, by file name without its language (01-svenja-hollmann); any not listed follow them.",
  },
  choices: { testimonials: "testimonials" },
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
  // A placeholder of a group site.yaml failed to give is that failure's echo, not a second error; one of a fact
  // the schema knows but site.yaml leaves out is a fact to set (load/unset-facts.ts), not an unknown placeholder.
  const unreadable = [...unreadableFacts(siteSchema, node, parsed), ...undecided(parsed)];
  const byLocale = new Map<string, Facts>();
  const factsFor = (locale: string) => {
    if (!byLocale.has(locale)) {
      const formatted = localeFacts(parsed ?? ({} as Site), values, locale);
      for (const [name, value] of impliedFacts(parsed, locale)) formatted.set(name, value);
      byLocale.set(locale, new Facts(resolveFacts(formatted), unreadable, settableFact));
    }
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
  const written: SiteAsWritten = {
    offers: site.offers,
    dates: site.dates,
    form,
    testimonialOrder: listed(node, "testimonials"),
  };
  if (site.contact) site.contact.form = fillPlaceholders(mode, facts) as typeof mode;
  site.languages = [...languages.value.languages];
  site.builtAt = buildInstant();
  // "" is the end of the file: where a group site.yaml lacks altogether is added (load/unset-facts.ts).
  site.factPlaces = {
    ...Object.fromEntries(places),
    "": { line: read.text.replace(/\n$/, "").split("\n").length + 1, column: 1 },
  };
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

/** The texts of a top-level list of site.yaml, each where it is written; a value of another kind the schema reported. */
function listed(node: YamlNode, key: string): { name: string; at: Position }[] | undefined {
  const list = node.kind === "map" ? node.entries.find((entry) => entry.key === key)?.node : undefined;
  if (list?.kind !== "list") return undefined;
  return list.items.flatMap((item) =>
    item.kind === "scalar" && typeof item.value === "string" ? [{ name: item.value, at: item.at }] : [],
  );
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

/**
 * The facts whose problem site.yaml's loading already reported: a group written with the wrong shape, a key the
 * schema requires that is missing ("" for the whole file). A placeholder naming one of them is its echo.
 */
function unreadableFacts(schema: Schema, node: YamlNode | undefined, value: unknown, name = ""): string[] {
  if (typeof schema !== "object" || !("fields" in schema)) return [];
  if (value === undefined || value === null || node?.kind !== "map") return [name];
  return Object.entries(schema.fields).flatMap(([key, field]) => {
    const entry = node.entries.find((candidate) => candidate.key === key);
    const full = name ? `${name}.${key}` : key;
    if (!entry) return schema.optional?.includes(key) ? [] : [full];
    if ((value as Record<string, unknown>)[key] === undefined) return [full];
    return unreadableFacts(field, entry.node, (value as Record<string, unknown>)[key], full);
  });
}

/** The schema's hint for a field of site.yaml, by dotted name (`claims.trainedSince`). */
export function fieldHint(name: string): string | undefined {
  let schema: Schema = siteSchema;
  const parts = name.split(".");
  for (const [index, part] of parts.entries()) {
    if (typeof schema !== "object") return undefined;
    if ("fields" in schema) {
      if (index === parts.length - 1) return schema.hints?.[part];
      schema = schema.fields[part] ?? "text";
    } else if ("each" in schema) schema = schema.each;
    else return undefined;
  }
  return undefined;
}

/**
 * The fact of site.yaml a placeholder asks for when it has no value: the schema's own field (`hosting.logDays`),
 * or the one a derived fact comes from (`{legal.authority.name}` from `legal.region`); undefined for a name that
 * is no fact at all (a misspelling).
 */
export function settableFact(name: string): string | undefined {
  const derived = impliedFrom(name);
  if (derived) return derived;
  let schema: Schema = siteSchema;
  for (const part of name.split(".")) {
    if (typeof schema !== "object") return undefined;
    if ("fields" in schema) {
      if (!Object.hasOwn(schema.fields, part)) return undefined;
      schema = schema.fields[part]!;
    } else if ("each" in schema) schema = schema.each;
    else return undefined;
  }
  return typeof schema === "string" ? name : undefined;
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
