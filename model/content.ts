/**
 * The site's data model: what the loaders produce and the templates read. It sits below both
 * generator/ and templates/ and imports neither, so data flows one way: content → generator → templates.
 */

/** One translated text and where it was written. */
export interface Entry {
  text: string;
  file: string;
  line: number;
  column: number;
}

/** Every key of one locale, dotted (`hero.badges.animals`), in file order. */
export type Dictionary = Map<string, Entry>;

/** Looks up a translation; the key itself stands in for a missing one (seed spec §4). */
export type Translate = (key: string) => string;

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

/** Where a markdown text came from, for locating problems found after loading. */
export interface MarkdownOrigin {
  file: string;
  /** The body as written, placeholders unfilled. */
  body: string;
  bodyLine: number;
}

/** One testimonial in one language. */
export interface Testimonial {
  id: string;
  name: string;
  role: string;
  headline: string;
  html: string;
  origin: MarkdownOrigin;
}

/** A pricing offer (content/pages/pricing.*.md front matter). */
export interface Offer {
  name: string;
  price?: number;
  priceNote?: string;
  unit: string;
  summary: string;
  features: string[];
  cta: string;
  highlighted: boolean;
}

/** A long page written in markdown. */
export interface MarkdownPage {
  title: string;
  description: string;
  lead: string;
  offers?: Offer[];
  /** The page describes the training itself, so it carries the Course structured data (JSON-LD). */
  describesCourse?: boolean;
  html: string;
  origin: MarkdownOrigin;
}

/** Everything one language of the site says. */
export interface LocaleContent {
  locale: string;
  dictionary: Dictionary;
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
