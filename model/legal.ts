/**
 * The facts the legal texts depend on (design.md §10 "Enquiries"): how the site is hosted and how the
 * contact form sends. The privacy policy keeps, of its `<!-- if … -->` blocks, those that match
 * these values (generator/load/variants.ts), and `check` asks for the owner facts each one quotes
 * (generator/check/legal-facts.ts). Templates, loaders and checks read the rules from here.
 */
import type { FormMode } from "./contact.ts";

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

/** The facts that choose a legal text's blocks, as `<!-- if … -->` names them. */
export const variantFacts = ["hosting.provider", "contact.form.mode"] as const;

/** An owner fact a legal text quotes, and when it needs one. */
export interface OwnerFact {
  /** Its dotted name in site.yaml. */
  name: string;
  /** What it is, for the warning: "how many days the host keeps its access logs". */
  what: string;
  /** What to write, for the hint. */
  example: string;
  /** Only with this configuration (all when absent). */
  when?: (settings: LegalSettings) => boolean;
}

/** What decides which owner facts and which blocks a legal text needs. */
export interface LegalSettings {
  hosting: string | undefined;
  form: FormMode["kind"];
  /** legal.company, whose legal form says whether there is a register entry. */
  company: string | undefined;
}

/** Legal forms entered in the commercial register (HGB, GmbHG, AktG): their imprint names the entry. */
export const registeredForm = /\b(?:e\.\s?K\.|e\.\s?Kfr\.|GmbH|UG|AG|KG|OHG|eG|PartG)(?![\w-])/;

const processorHost = ({ hosting }: { hosting: string | undefined }) => hosting !== "github-pages";

/** Every owner fact a legal text needs; `check` warns, one line each, while one is missing. */
export const ownerFacts: readonly OwnerFact[] = [
  {
    name: "hosting.provider",
    what: "where the site is hosted (the privacy policy names the host)",
    example: `provider: github-pages (or ${Object.keys(hostingProviders).slice(1).join(", ")})`,
  },
  {
    name: "hosting.logDays",
    what: "after how many days the host deletes its access logs",
    example: "logDays: 14 (as your host or its data processing agreement states)",
    when: processorHost,
  },
  {
    name: "hosting.company",
    what: "the hosting company, with its address (as in its data processing agreement)",
    example: 'company: "Example Hosting GmbH, Hauptstraße 1, 12345 Musterstadt, Germany"',
    when: processorHost,
  },
  {
    name: "contact.form.service",
    what: "the form service that receives the form's posts, with its address",
    example: 'service: "Example Forms, Inc., 1 Market Street, San Francisco, CA 94105, USA"',
    when: ({ form }) => form === "endpoint",
  },
  {
    name: "contact.form.transfer",
    what: "on which basis the form service receives data outside the EU",
    example: "transfer: EU-US Data Privacy Framework (or: standard contractual clauses; or: none, inside the EU)",
    when: ({ form }) => form === "endpoint",
  },
  {
    name: "contact.form.retentionDays",
    what: "after how many days the form service deletes a message",
    example: "retentionDays: 30 (as set in the form service's account)",
    when: ({ form }) => form !== "mailto",
  },
  {
    name: "booking.minParticipants",
    what: "the minimum number of participants below which a date may be cancelled",
    example: "minParticipants: 6",
  },
  {
    name: "booking.cancelDays",
    what: "how many days before the start we cancel a date that has too few participants",
    example: "cancelDays: 14",
  },
  {
    name: "legal.register",
    what: "the commercial register entry of a registered business",
    example: 'register: "Amtsgericht Flensburg, HRA 1234"',
    when: ({ company }) => registeredForm.test(company ?? ""),
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
];

/** Consent-button labels the banner once had: a legal text that quotes one that is not a current label names a button that does not exist. */
export const formerBannerLabels = ["Alle akzeptieren", "Alle ablehnen", "Accept all", "Reject all"] as const;
