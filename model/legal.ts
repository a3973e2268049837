/**
 * The facts the legal texts depend on (design.md §10 "Enquiries", §11 "Configurations"): how the site is
 * hosted, how the contact form sends, the business's legal form, where each recipient of data processes it.
 * The legal texts keep, of their `<!-- if … -->` blocks, those that match these values (generator/load/variants.ts);
 * `check` asks for the owner facts the configuration needs and refuses settings that cannot all be true
 * (generator/check/legal-settings.ts). The wording itself is content, per language: nothing here is a sentence
 * a visitor reads.
 */
import { isLand, lands } from "./authorities.ts";
import type { FormMode } from "./contact.ts";
import type { Site } from "./content.ts";

/** site.yaml `hosting.provider`: who delivers the pages, and so who sees every request. */
export const hostingProviders = {
  "github-pages": "GitHub Pages: GitHub logs visitors as its own controller",
  netlify: "Netlify: processes the logs on your behalf (Art. 28 GDPR), in the USA",
  "cloudflare-pages": "Cloudflare Pages: processes the logs on your behalf (Art. 28 GDPR), in the USA",
  "own-server": "nginx on a server you rent: you keep the logs, the server's provider is your processor",
  "shared-hosting": "Apache at a web host: the host keeps the logs on your behalf (Art. 28 GDPR)",
} as const;

export type HostingProvider = keyof typeof hostingProviders;

export const isHostingProvider = (value: unknown): value is HostingProvider =>
  typeof value === "string" && Object.hasOwn(hostingProviders, value);

/** The hosts whose own servers run where the provider says (their texts name the USA); the others name `hosting.country`. */
export const rentedServer = (provider: string | undefined) =>
  provider === "own-server" || provider === "shared-hosting";

/**
 * site.yaml `legal.form`: the legal forms the imprint is written for (§ 5 (1) DDG). `register`: the commercial
 * register's part the form is entered in (HRA for sole traders and partnerships, HRB for corporations), optional
 * for a GbR (since 2024 it may register, then as eGbR), none for an unregistered sole proprietor. `representative`:
 * the imprint names who represents the business (legal persons and partnerships). `suffix`: how a business name
 * names the form; `law`: the rule that makes the name carry it (a GbR's name need not).
 */
export const legalForms = {
  Einzelunternehmen: { register: "none", representative: false, suffix: undefined, law: undefined },
  "e. K.": {
    register: "HRA",
    representative: false,
    suffix: /\be\.\s?(?:K|Kfm|Kfr)\.|eingetragene[rs]?\s+Kauf(?:mann|frau)/,
    law: "§ 19 (1) no. 1 HGB",
  },
  GbR: {
    register: "optional",
    representative: true,
    suffix: /\be?GbR\b|Gesellschaft bürgerlichen Rechts/,
    law: undefined,
  },
  OHG: {
    register: "HRA",
    representative: true,
    suffix: /\bOHG\b|offene Handelsgesellschaft/,
    law: "§ 19 (1) no. 2 HGB",
  },
  KG: {
    register: "HRA",
    representative: true,
    suffix: /(?<!Co\.\s?)\bKG\b|Kommanditgesellschaft/,
    law: "§ 19 (1) no. 3 HGB",
  },
  "GmbH & Co. KG": { register: "HRA", representative: true, suffix: /\bGmbH\s?&\s?Co\.\s?KG\b/, law: "§ 19 (2) HGB" },
  GmbH: {
    register: "HRB",
    representative: true,
    suffix: /\bGmbH\b(?!\s?&)|Gesellschaft mit beschränkter Haftung/,
    law: "§ 4 GmbHG",
  },
  "UG (haftungsbeschränkt)": {
    register: "HRB",
    representative: true,
    suffix: /\bUG \(haftungsbeschränkt\)|Unternehmergesellschaft \(haftungsbeschränkt\)/,
    law: "§ 5a (1) GmbHG",
  },
  AG: { register: "HRB", representative: true, suffix: /\bAG\b|Aktiengesellschaft/, law: "§ 4 AktG" },
} as const satisfies Record<
  string,
  {
    register: "none" | "optional" | "HRA" | "HRB";
    representative: boolean;
    suffix: RegExp | undefined;
    law: string | undefined;
  }
>;

export type LegalForm = keyof typeof legalForms;

export const isLegalForm = (value: unknown): value is LegalForm =>
  typeof value === "string" && Object.hasOwn(legalForms, value);

/** Legal forms a business name may carry: one that names a form other than `legal.form` contradicts it. */
export const formInName = (company: string): LegalForm | undefined =>
  (Object.keys(legalForms) as LegalForm[])
    .filter((form) => legalForms[form].suffix?.test(company))
    // "GmbH & Co. KG" names a GmbH too: the longer form wins.
    .sort((a, b) => b.length - a.length)[0];

/**
 * On which basis a recipient outside the European Economic Area receives data (Chapter V GDPR), as site.yaml
 * writes it for the form service, the mail provider and a rented server: `none` (it processes data only inside
 * the EEA), an adequacy decision for its country (Art. 45), the EU-US Data Privacy Framework (an adequacy decision
 * for certified US companies, Art. 45), or the standard contractual clauses (Art. 46 (2) (c)).
 */
export const transferBases = [
  "none",
  "adequacy-decision",
  "data-privacy-framework",
  "standard-contractual-clauses",
] as const;

export type TransferBasis = (typeof transferBases)[number];

/** The European Economic Area: the 27 member states of the EU, Iceland, Liechtenstein and Norway (ISO 3166-1). */
export const eeaCountries = [
  ...["AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "HU", "IE", "IT", "LT"],
  ...["LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK", "IS", "LI", "NO"],
];

/**
 * Countries with an adequacy decision of the European Commission (Art. 45 GDPR), the United States aside (its
 * decision covers only companies certified under the Data Privacy Framework): Andorra, Argentina, Canada
 * (commercial organisations), the Faroe Islands, Guernsey, Israel, the Isle of Man, Japan, Jersey, New Zealand,
 * the Republic of Korea, Switzerland, the United Kingdom and Uruguay.
 */
export const adequacyCountries = ["AD", "AR", "CA", "FO", "GG", "IL", "IM", "JP", "JE", "NZ", "KR", "CH", "GB", "UY"];

/** What a transfer basis asks of the country the recipient processes data in; a reason when they cannot both be true. */
export function transferContradiction(basis: string, country: string): string | undefined {
  const inEea = eeaCountries.includes(country);
  if (basis === "none")
    return inEea ? undefined : "is outside the European Economic Area, so the transfer needs its basis";
  if (inEea) return "is in the European Economic Area: there is no transfer to a third country";
  if (basis === "data-privacy-framework" && country !== "US")
    return "is not the United States: the Data Privacy Framework covers only certified US companies";
  if (basis === "adequacy-decision" && !adequacyCountries.includes(country))
    return country === "US"
      ? "is the United States, whose adequacy decision is the Data Privacy Framework"
      : "has no adequacy decision of the European Commission";
  return undefined;
}

/** The facts that choose a legal text's blocks, with the values a condition may name (a fixed set). */
export const variantValues: Record<string, readonly string[]> = {
  "hosting.provider": Object.keys(hostingProviders),
  "legal.form": Object.keys(legalForms),
  "legal.region": lands,
  "contact.form.transfer": transferBases,
  "contact.mailProvider.transfer": transferBases,
  "hosting.transfer": transferBases,
};

/** What decides which owner facts and which blocks a legal text needs. */
export interface LegalSettings {
  hosting: string | undefined;
  form: FormMode["kind"];
  legalForm: string | undefined;
}

/** The settings of a loaded site that decide what its legal texts need. */
export const legalSettings = (site: Site): LegalSettings => ({
  hosting: site.hosting?.provider,
  form: site.contact?.form?.kind ?? "mailto",
  legalForm: site.legal?.form,
});

/** An owner fact: what it is, and a line to add to site.yaml, for the refusal that asks for it. */
export interface OwnerFact {
  /** Its dotted name in site.yaml. */
  name: string;
  /** What it is: "after how many days the host deletes its access logs". */
  what: string;
  /** The line to write under its group: `logDays: 14`, with a remark where one helps. */
  example: string;
  /** When site.yaml must give it even where no shown text quotes it; without, only a text that quotes it asks for it. */
  required?: (settings: LegalSettings) => boolean;
}

const always = () => true;
const processorHost = ({ hosting }: LegalSettings) => hosting !== undefined && hosting !== "github-pages";
const registered = ({ legalForm }: LegalSettings) => {
  const register = isLegalForm(legalForm) ? legalForms[legalForm].register : "none";
  return register === "HRA" || register === "HRB";
};
const transferExample = `${transferBases.join(", ")}`;

/** Every owner fact the legal texts need, with what to write; `check` refuses a required one that is missing. */
export const ownerFacts: readonly OwnerFact[] = [
  {
    name: "hosting.provider",
    what: "where the site is hosted, which chooses the privacy policy's hosting paragraph and the deploy",
    example: `provider: github-pages (or ${Object.keys(hostingProviders).slice(1).join(", ")})`,
    required: always,
  },
  {
    name: "hosting.company",
    what: "the hosting company with its address, as in its data processing agreement",
    example: 'company: "Example Hosting GmbH, Hauptstraße 1, 12345 Musterstadt"',
    required: processorHost,
  },
  {
    name: "hosting.logDays",
    what: "after how many days the host deletes its access logs",
    example: "logDays: 14 (as your host or its data processing agreement states)",
    required: processorHost,
  },
  {
    name: "hosting.country",
    what: "the country the rented server stands in, as a two-letter code",
    example: "country: DE",
    required: ({ hosting }) => rentedServer(hosting),
  },
  {
    name: "hosting.transfer",
    what: "on which basis the server's provider processes the logs outside the European Economic Area",
    example: `transfer: none (the server is in the EEA; else one of ${transferExample})`,
    required: ({ hosting }) => rentedServer(hosting),
  },
  {
    name: "contact.form.service",
    what: "the form service that receives the form's posts, with its address",
    example: 'service: "Example Forms GmbH, Hafenstraße 2, 20457 Hamburg" (its country goes in country:)',
    required: ({ form }) => form === "endpoint",
  },
  {
    name: "contact.form.country",
    what: "the country the form service processes the messages in, as a two-letter code",
    example: "country: US",
    required: ({ form }) => form === "endpoint",
  },
  {
    name: "contact.form.transfer",
    what: "on which basis the form service processes data outside the European Economic Area",
    example: `transfer: data-privacy-framework (one of ${transferExample})`,
    required: ({ form }) => form === "endpoint",
  },
  {
    name: "contact.form.retentionDays",
    what: "after how many days you delete a message at the form service",
    example: "retentionDays: 30 (as you delete them in the service's account)",
    required: ({ form }) => form !== "mailto",
  },
  {
    name: "contact.mailProvider.name",
    what: "the company that keeps your mailbox, with its address: every enquiry ends there",
    example: "name: IONOS SE, Elgendorfer Straße 57, 56410 Montabaur (its country goes in country:)",
    required: always,
  },
  {
    name: "contact.mailProvider.country",
    what: "the country your mail provider keeps the mailbox in, as a two-letter code",
    example: "country: DE",
    required: always,
  },
  {
    name: "contact.mailProvider.transfer",
    what: "on which basis your mail provider processes data outside the European Economic Area",
    example: `transfer: none (one of ${transferExample})`,
    required: always,
  },
  {
    name: "legal.form",
    what: "the business's legal form, which chooses the imprint's wording",
    example: `form: Einzelunternehmen (or ${Object.keys(legalForms).slice(1).join(", ")})`,
    required: always,
  },
  {
    name: "legal.register",
    what: "the commercial register entry, which the imprint of a registered business names",
    example: 'register: "Amtsgericht Flensburg, HRB 1234"',
    required: registered,
  },
  {
    name: "legal.representative",
    what: "who represents the business (its managing directors or partners), as the imprint names them",
    example: "representative: Katrin Jessen (partners: Katrin Jessen und Ole Jessen)",
    required: ({ legalForm }) => isLegalForm(legalForm) && legalForms[legalForm].representative,
  },
  {
    name: "legal.taxAdviser",
    what: "the tax adviser who receives invoices and bookings, as the privacy policy names them",
    example: 'taxAdviser: "Steuerberatung Beispiel, Markt 1, 25813 Husum"',
  },
  {
    name: "booking.freeCancellationDays",
    what: "up to how many days before the start a seat is cancelled free of charge (terms § 5)",
    example: "freeCancellationDays: 30",
  },
  {
    name: "booking.feeDays",
    what: "after the free cancellation, up to how many days before the start the reduced fee is due (terms § 5)",
    example: "feeDays: 14",
  },
  {
    name: "booking.feePercent",
    what: "the reduced cancellation fee, in per cent of the price (terms § 5)",
    example: "feePercent: 50",
  },
  {
    name: "booking.lateFeePercent",
    what: "the fee for a later cancellation or not coming, in per cent of the price (terms § 5)",
    example: "lateFeePercent: 100",
  },
  {
    name: "booking.minParticipants",
    what: "the minimum number of participants of an open date, below which it may be cancelled (terms § 6)",
    example: "minParticipants: 6",
  },
  {
    name: "booking.cancelDays",
    what: "how many days before the start at the latest an open date with too few participants is cancelled (terms § 6)",
    example: "cancelDays: 14",
  },
  {
    name: "booking.paymentDays",
    what: "within how many days of its date an invoice is due (terms § 4)",
    example: "paymentDays: 14",
  },
];

/** The pages whose text is law: `check` holds them to the configuration. */
export const legalPages = ["imprint", "privacy-policy", "terms-of-service", "cookie-policy"] as const;

/** The hosts a legal text may name, by the word it names them with: naming another host than the configured one is false. */
export const hostNames: Record<string, HostingProvider> = {
  GitHub: "github-pages",
  Netlify: "netlify",
  Cloudflare: "cloudflare-pages",
};

/** A sentence a legal text must not say, and when: with `when` absent, never. */
export interface FalseClaim {
  pattern: RegExp;
  when?: (settings: LegalSettings) => boolean;
  reason: string;
  hint: string;
}

export const falseClaims: readonly FalseClaim[] = [
  {
    pattern: /does not transmit anything to a server|überträgt keine Daten an einen Server/,
    when: ({ form }) => form !== "mailto",
    reason: "says the contact form transmits nothing, but site.yaml sets contact.form: it posts to a form service",
    hint: "Put the sentence between <!-- if contact.form.mode = mailto --> and <!-- end -->, as content/pages/privacy-policy.en.md does.",
  },
  {
    pattern: /\b(?:do not|don't|never) (?:sell or )?share your (?:personal )?data\b/i,
    reason: "says the site shares no data, but the host, Google (after consent) and any form service receive some",
    hint: "Write that we do not sell your data or pass it on for advertising, and name who receives what.",
  },
  {
    pattern: /third part(?:y|ies) only with your consent|Dritte nur mit Ihrer Einwilligung/i,
    reason:
      "says third parties receive data only with consent, but the host receives every visitor's IP address without it",
    hint: "Say what needs consent (the web fonts), and name the host as a recipient without it.",
  },
];

/** Consent-button labels the banner once had: a legal text that quotes one that is not a current label names a button that does not exist. */
export const formerBannerLabels = ["Alle akzeptieren", "Alle ablehnen", "Accept all", "Reject all"] as const;

/** The consent settings whose host a legal text names: the web fonts' stylesheet and files, the prefetched host. */
export const consentHosts = ["consent.fontsUrl", "consent.fontFilesHost", "consent.prefetchHost"] as const;

/** A web-font host as a text names it (fonts.googleapis.com, fonts.bunny.net): compared with the configured ones. */
export const fontHostPattern = /\bfonts\.[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b/g;

export { isLand };
