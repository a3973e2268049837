/**
 * The site's data model: what the loaders produce and the templates read. It sits below both
 * generator/ and templates/ and imports neither, so data flows one way: content → generator → templates.
 */
import type { FormMode } from "./contact.ts";
import type { SectionHeading } from "./sections.ts";

/** One translated text and where it was written. */
export interface Entry {
  text: string;
  file: string;
  line: number;
  column: number;
  /** The text as written, `{placeholders}` unfilled (for translation checks). */
  source?: string;
  /** The comment after the value, if any: `# same` marks a text meant to be identical in every language. */
  comment?: string;
}

/** Every key of one locale, dotted (`hero.badges.animals`), in file order. */
export type Dictionary = Map<string, Entry>;

/** Looks up a translation; the key itself stands in for a missing one (seed spec §4). */
export type Translate = (key: string) => string;

/** Where each value of a group stands in its file, by key (1-based), for checks made after loading. */
export interface Located {
  at: Record<string, { line: number; column: number }>;
}

/** A price of content/site.yaml; its wording per language is in the pricing page's front matter. */
export interface OfferFigures extends Located {
  /** Net, in `currency`; none means "on request". */
  price?: number;
  /** ISO 4217 code, such as EUR. */
  currency?: string;
  /** The price is for one person, or for the whole group of up to claims.groupSize people. */
  per: "person" | "group";
  highlighted?: boolean;
  /** For a group price: the group sizes the price per person is shown for (`offers.<name>.perPersonAt.<size>`). */
  sizes?: number[];
}

/** One upcoming training date. */
export interface TrainingDate extends Located {
  /** ISO 8601 day, `2027-03-15`. */
  start: string;
  end: string;
  seatsLeft: number;
  /** An offer of `offers`, by name. */
  offer?: string;
  /** The language the date is taught in: a locale code of the site (en, de). */
  language?: string;
}

/** A company whose team trained here: its name, and the owner's proof when there is some. */
export interface Client extends Located {
  name: string;
  /** A logo file under public/ (SVG best), shown in place of the name; used with the company's permission. */
  logo?: string;
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
  /** More links in the phone menu only, below the header's: where the header's button has no room. */
  menu?: NavigationLink[];
  footer: FooterColumn[];
}

/** One language of the site, as content/site.yaml lists it under `languages:`. */
export interface Locale {
  /** BCP 47 code: `<html lang>`, hreflang, and the language part of file names (`about-me.de.md`). */
  code: string;
  /** Address prefix without slashes (`de` for /de/); empty for the first language, the default one, at the root. */
  prefix: string;
}

/** The facts and settings of content/site.yaml, the same in every language. */
export interface Site {
  name: string;
  /** The site's languages in the order listed: the first is the default one, at the root. Empty when unreadable. */
  languages: Locale[];
  baseUrl: string;
  /**
   * `form`: how the contact form sends, decided from `contact.form` when site.yaml is loaded. `mailProvider`:
   * who keeps the mailbox every enquiry ends in (the privacy policy names it, model/legal.ts).
   */
  contact: { email: string; phone: string; form: FormMode; mailProvider?: Recipient };
  social: { linkedin: string; instagram: string; youtube: string };
  legal: {
    owner: string;
    company: string;
    street: string;
    postalCode: string;
    city: string;
    /** The Land, which names the data protection authority (model/authorities.ts). */
    region: string;
    country: string;
    countryCode: string;
    vatId: string;
    /** The legal form (model/legal.ts `legalForms`), which chooses the imprint's wording. */
    form?: string;
    /** The commercial register entry of a registered business. */
    register?: string;
    /** Who represents the business, for every form but a sole trader. */
    representative?: string;
    /** The tax adviser who receives invoices and bookings. */
    taxAdviser?: string;
  };
  /**
   * Where the site is published (model/legal.ts): it chooses the privacy policy's hosting paragraph and what
   * deploys the site. `country` and `transfer`: where a rented server stands.
   */
  hosting?: { provider?: string; company?: string; logDays?: number; country?: string; transfer?: string };
  /** The figures of the terms the texts quote (terms § 4 to § 6), and the partners who receive booking data. */
  booking?: {
    freeCancellationDays?: number;
    feeDays?: number;
    feePercent?: number;
    lateFeePercent?: number;
    minParticipants?: number;
    cancelDays?: number;
    paymentDays?: number;
    partners?: { kite?: string; airsoft?: string };
  };
  location: { latitude: number; longitude: number; airportDistance: string; stationDistance: string; mapsUrl: string };
  consent: { fontsUrl: string; fontFilesHost: string; prefetchHost: string };
  claims: Record<
    "trainingDays" | "animals" | "trainedProfessionals" | "replyHours" | "groupSize" | "followUpDays",
    string | number
  > & {
    /** The year the count of trained professionals starts from, shown beside it. */
    trainedSince?: number;
  };
  clients: Client[];
  offers: Record<string, OfferFigures>;
  /** Where each value of site.yaml stands, by dotted name (`hosting.logDays`), for checks made after loading. */
  factPlaces?: Record<string, { line: number; column: number }>;
  /** Only the dates that have not begun on the day of the build (SOURCE_DATE_EPOCH when set), by start. */
  dates: TrainingDate[];
  /** Not shown: the dates of site.yaml that have begun by the day of the build, which `check` warns of. */
  begun?: TrainingDate[];
  /**
   * Not in site.yaml: the moment of the build, `2026-11-25T13:00:00Z`: SOURCE_DATE_EPOCH when set, else the
   * start of the day (builds stay reproducible). Its day decides which dates are upcoming; the calendar files
   * carry it as their DTSTAMP.
   */
  builtAt: string;
  navigation: Navigation;
  /**
   * The testimonials in the order the pages show them, by name (`01-svenja-hollmann` for
   * content/testimonials/01-svenja-hollmann.de.md); the loader sorts by it, and any not listed follow.
   */
  testimonials?: string[];
  /** The web editor at /admin/, shipped by `build` when given: where it saves. */
  editor?: EditorBackend;
}

/** Where a markdown text came from, for locating problems found after loading. */
export interface MarkdownOrigin {
  file: string;
  /** The body as written, placeholders unfilled. */
  body: string;
  /** The body as shown, when it has `<!-- if … -->` blocks (generator/load/variants.ts): the others blanked line for line. */
  shown?: string;
  bodyLine: number;
  /** Every link and image of the body, placeholders filled, with its place. */
  links: MarkdownLink[];
  /** Everything before the body as written: the front matter between its `---` lines. */
  front?: string;
}

/** A company that receives data on the owner's behalf: its name and address, where it processes data, on which basis. */
export interface Recipient {
  name?: string;
  /** ISO 3166-1 code: DE, US. */
  country?: string;
  /** model/legal.ts `transferBases`. */
  transfer?: string;
}

/**
 * Where the published web editor saves, in Decap CMS's own keys (decapcms.org/docs/backends-overview/):
 * the Git host (`github` unless given; `git-gateway` is Netlify's, deprecated), the repository and branch,
 * and for GitHub's login the OAuth service (`base_url`, Netlify's unless given, and its `auth_endpoint`).
 */
export interface EditorBackend {
  backend?: string;
  repo: string;
  branch?: string;
  base_url?: string;
  auth_endpoint?: string;
  api_root?: string;
}

/** A link or image an editor wrote, where its address stands. */
export interface MarkdownLink {
  kind: "link" | "image";
  url: string;
  line: number;
  column: number;
  /** The language an editor marked the link as leading to, on purpose: `[About me](/about-me/ "en")`. */
  hreflang?: string;
}

/** One testimonial in one language. */
export interface Testimonial {
  id: string;
  name: string;
  role: string;
  headline: string;
  /** The person's LinkedIn profile, shown with their permission so that a reader can check the quote. */
  linkedin?: string;
  html: string;
  origin: MarkdownOrigin;
}

/**
 * The wording of a pricing offer in one language (content/pages/pricing.*.md front matter, by the offer's
 * name in content/site.yaml, which holds its figures).
 */
export interface Offer extends Located {
  name: string;
  /** What the price covers: "per person, plus VAT". */
  unit: string;
  /** For an offer without a price: "Price on request". */
  priceNote?: string;
  /** For a group price: the line with the price per person, quoting {offers.<name>.perPerson}. */
  perPerson?: string;
  summary: string;
  features: string[];
  cta: string;
}

/** A long page written in markdown. */
export interface MarkdownPage {
  title: string;
  description: string;
  lead: string;
  offers?: Record<string, Offer>;
  /** The page describes the training itself, so it carries the Course structured data (JSON-LD). */
  describesCourse?: boolean;
  /** The page opens with "On this page": its sections (`##` headings), each a link to it. */
  onThisPage?: boolean;
  /** Headings of `##` sections whose text opens with a tap on the heading (secondary details on a long page). */
  folded?: string[];
  /** The page's address in this language, below its prefix (`preise` → /de/preise/); its file's name unless given. */
  slug?: string;
  html: string;
  /**
   * The text cut at its `##` headings once, at load (model/sections.ts `withSections`): the HTML with an id on
   * every heading and the folded sections as `<details>`, and the headings in order.
   */
  sections: { html: string; headings: readonly SectionHeading[] };
  origin: MarkdownOrigin;
}

/** Everything one language of the site says. */
export interface LocaleContent {
  locale: string;
  /** The BCP 47 tag whose conventions its dates and numbers follow (en-GB: "15–17 March 2027"): Intl's locale. */
  formats: string;
  dictionary: Dictionary;
  /** The facts of site.yaml as this language prints them (`offers.open.price` → "2.490 €"), as placeholders fill them. */
  facts: ReadonlyMap<string, string>;
  testimonials: Testimonial[];
  pages: Record<string, MarkdownPage>;
}

/** A file copied as is from public/. */
export interface PublicFile {
  path: string;
  contents: Uint8Array;
}

/** Everything the content says, in every language: what a build renders. */
export interface Content {
  site: Site;
  locales: LocaleContent[];
  publicFiles: PublicFile[];
}
