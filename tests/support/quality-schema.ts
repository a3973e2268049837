/**
 * An explicit allow-list of the schema.org types and properties the site's JSON-LD may use, with the
 * value each property expects, plus Google's rich-result requirements for Course info and LocalBusiness.
 *
 * Sources (checked by hand, 2025): schema.org/LocalBusiness, /Organization, /Place, /Person,
 * /PostalAddress, /GeoCoordinates, /Course, /CreativeWork, /CourseInstance, /Event (startDate, endDate, offers), /Schedule,
 * /repeatFrequency, /Offer (validFrom), /EducationEvent (eventStatus, eventAttendanceMode, organizer, performer); Google Search Central, "Course info (Course and CourseInstance) structured
 * data" and "Local business structured data". A property missing here is not necessarily wrong
 * schema.org: add it with its expected value after checking its page, never to silence a finding.
 */

/** A found problem, with the JSON path where it is. */
export type Problem = string;

interface Context {
  /** Every node with an @id on the page (all JSON-LD blocks), for references like {"@id": "…#business"}. */
  ids: Map<string, Record<string, unknown>>;
  /** The absolute address the site is published at; every URL of the site must start with it. */
  baseUrl: string;
}

type Check = (value: unknown, at: string, context: Context) => Problem[];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const show = (value: unknown) => JSON.stringify(value);

const text: Check = (value, at) =>
  typeof value === "string" && value.trim() !== "" ? [] : [`${at}: expected non-empty Text, got ${show(value)}`];

const url: Check = (value, at) => {
  if (typeof value !== "string") return [`${at}: expected a URL, got ${show(value)}`];
  try {
    return new URL(value).protocol === "https:" ? [] : [`${at}: expected an absolute https URL, got ${show(value)}`];
  } catch {
    return [`${at}: expected an absolute URL, got ${show(value)}`];
  }
};

/** A URL of this site (a page, the business's @id). */
const siteUrl: Check = (value, at, context) => [
  ...url(value, at, context),
  ...(typeof value === "string" && !value.startsWith(`${context.baseUrl}/`)
    ? [`${at}: expected a URL on ${context.baseUrl}, got ${show(value)}`]
    : []),
];

const email: Check = (value, at) =>
  typeof value === "string" && /^[^\s@:]+@[^\s@]+\.[a-z]{2,}$/i.test(value)
    ? []
    : [`${at}: expected a plain email address (no mailto:), got ${show(value)}`];

const telephone: Check = (value, at) =>
  typeof value === "string" && /^\+\d[\d ()-]{5,}$/.test(value)
    ? []
    : [`${at}: expected a telephone number in international format (+49 …), got ${show(value)}`];

const number: Check = (value, at) =>
  typeof value === "number" && Number.isFinite(value)
    ? []
    : [`${at}: expected a Number (not a string), got ${show(value)}`];

const integer: Check = (value, at) =>
  Number.isInteger(value) && (value as number) > 0 ? [] : [`${at}: expected a positive Integer, got ${show(value)}`];

const isoDuration = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;
const duration: Check = (value, at) =>
  typeof value === "string" && isoDuration.test(value)
    ? []
    : [`${at}: expected an ISO 8601 Duration such as "P3D" or "PT8H", got ${show(value)}`];

const isoDate: Check = (value, at) =>
  typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
    ? []
    : [`${at}: expected an ISO 8601 Date such as "2027-03-15", got ${show(value)}`];

const currencies = new Set(Intl.supportedValuesOf("currency"));
const currency: Check = (value, at) =>
  typeof value === "string" && currencies.has(value)
    ? []
    : [`${at}: expected an ISO 4217 currency code such as "EUR", got ${show(value)}`];

const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
const country: Check = (value, at) =>
  typeof value === "string" && /^[A-Z]{2}$/.test(value) && regionNames.of(value)
    ? []
    : [`${at}: expected an ISO 3166-1 alpha-2 country code such as "DE", got ${show(value)}`];

const language: Check = (value, at) => {
  try {
    return typeof value === "string" && Intl.getCanonicalLocales(value).length === 1
      ? []
      : [`${at}: expected a BCP 47 language code, got ${show(value)}`];
  } catch {
    return [`${at}: expected a BCP 47 language code, got ${show(value)}`];
  }
};

const postalCode: Check = (value, at) =>
  typeof value === "string" && value.trim() !== ""
    ? []
    : [`${at}: expected postalCode as Text (a string, so leading zeros survive), got ${show(value)}`];

const latitude: Check = (value, at, context) => [
  ...number(value, at, context),
  ...(typeof value === "number" && Math.abs(value) > 90 ? [`${at}: latitude out of range: ${value}`] : []),
];
const longitude: Check = (value, at, context) => [
  ...number(value, at, context),
  ...(typeof value === "number" && Math.abs(value) > 180 ? [`${at}: longitude out of range: ${value}`] : []),
];

/** One value or a list of them. */
const many =
  (check: Check): Check =>
  (value, at, context) =>
    Array.isArray(value)
      ? value.length === 0
        ? [`${at}: empty list`]
        : value.flatMap((item, index) => check(item, `${at}[${index}]`, context))
      : check(value, at, context);

/** A node when the value is an object, else plain text (schema.org allows both, e.g. Event.location). */
const nodeOrText =
  (check: Check): Check =>
  (value, at, context) =>
    isObject(value) ? check(value, at, context) : text(value, at, context);

/** A node of one of these types, written out or referenced by {"@id"} to a node elsewhere on the page. */
const node =
  (...types: string[]): Check =>
  (value, at, context) => {
    if (!isObject(value)) return [`${at}: expected a ${types.join(" or ")} node, got ${show(value)}`];
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === "@id") {
      const target = context.ids.get(String(value["@id"]));
      if (!target)
        return [
          `${at}: {"@id": ${show(value["@id"])}} refers to no node on this page (Google reads one page at a time)`,
        ];
      return types.includes(String(target["@type"]))
        ? []
        : [`${at}: {"@id"} refers to a ${show(target["@type"])}, expected ${types.join(" or ")}`];
    }
    if (!types.includes(String(value["@type"])))
      return [`${at}: expected @type ${types.join(" or ")}, got ${show(value["@type"])}`];
    return checkNode(value, at, context);
  };

/** true or false, not "false". */
const boolean: Check = (value, at) =>
  typeof value === "boolean" ? [] : [`${at}: expected a boolean, got ${show(value)}`];

/** A GoodRelations business entity type (schema.org BusinessEntityType), as its IRI or {"@id": IRI}. */
const businessEntityTypes = ["Business", "Enduser", "PublicInstitution", "Reseller"].map(
  (name) => `http://purl.org/goodrelations/v1#${name}`,
);
const businessEntityType: Check = (value, at) => {
  const iri = isObject(value) && Object.keys(value).length === 1 ? value["@id"] : value;
  return businessEntityTypes.includes(String(iri))
    ? []
    : [`${at}: expected a BusinessEntityType (${businessEntityTypes.join(", ")}), got ${show(value)}`];
};

const organization = ["Organization", "LocalBusiness", "EducationalOrganization", "ProfessionalService"];

/** The allow-list: type → property → expected value. "@id" is allowed on every type. */
export const allowed: Record<string, Record<string, Check>> = {
  LocalBusiness: {
    name: text,
    description: text,
    url: siteUrl,
    email,
    telephone,
    founder: many(node("Person")),
    address: node("PostalAddress"),
    geo: node("GeoCoordinates"),
    sameAs: many(url),
    image: many(url),
    logo: url,
    priceRange: text,
  },
  Person: { name: text, url, sameAs: many(url), jobTitle: text },
  PostalAddress: {
    streetAddress: text,
    postalCode,
    addressLocality: text,
    addressRegion: text,
    addressCountry: country,
  },
  GeoCoordinates: { latitude, longitude },
  Course: {
    name: text,
    description: text,
    url: siteUrl,
    inLanguage: language,
    availableLanguage: many(language),
    provider: node(...organization, "Person"),
    offers: many(node("Offer")),
    hasCourseInstance: many(node("CourseInstance")),
    image: many(url),
  },
  Offer: {
    name: text,
    category: text,
    price: number,
    priceCurrency: currency,
    url: siteUrl,
    availability: url,
    validFrom: isoDate,
    priceSpecification: many(node("UnitPriceSpecification", "PriceSpecification")),
    eligibleCustomerType: many(businessEntityType),
  },
  UnitPriceSpecification: { price: number, priceCurrency: currency, valueAddedTaxIncluded: boolean },
  PriceSpecification: { price: number, priceCurrency: currency, valueAddedTaxIncluded: boolean },
  EducationEvent: {
    name: text,
    description: text,
    inLanguage: language,
    startDate: isoDate,
    endDate: isoDate,
    eventStatus: url,
    eventAttendanceMode: url,
    location: node("Place"),
    organizer: node(...organization, "Person"),
    performer: many(node("Person", ...organization)),
    image: many(url),
    url: siteUrl,
    offers: many(node("Offer")),
  },
  CourseInstance: {
    name: text,
    startDate: isoDate,
    endDate: isoDate,
    offers: many(node("Offer")),
    // Text ("onsite") or the URL of a controlled-vocabulary term: both are strings.
    courseMode: many(text),
    courseSchedule: node("Schedule"),
    courseWorkload: text,
    location: nodeOrText(node("Place", "PostalAddress")),
    instructor: many(node("Person")),
  },
  // repeatFrequency: Duration or Text on schema.org (Google wants Daily|Weekly|Monthly|Yearly, checked below).
  Schedule: { duration, repeatFrequency: text, repeatCount: integer, startDate: text, endDate: text },
  Place: { name: text, address: node("PostalAddress") },
};

function checkNode(value: Record<string, unknown>, at: string, context: Context): Problem[] {
  const type = String(value["@type"]);
  const properties = allowed[type];
  if (!properties)
    return [`${at}: @type ${show(value["@type"])} is not on the allow-list of schema.org types for this site`];
  return Object.entries(value).flatMap(([key, child]) => {
    if (key === "@type") return [];
    if (key === "@id") return siteUrl(child, `${at}.@id`, context);
    const check = properties[key];
    if (!check) return [`${at}.${key}: "${key}" is not a property of ${type} on the allow-list (schema.org/${type})`];
    return check(child, `${at}.${key}`, context);
  });
}

/** Every node with an @id, across the page's blocks. */
function collectIds(value: unknown, ids: Map<string, Record<string, unknown>>) {
  if (Array.isArray(value)) for (const item of value) collectIds(item, ids);
  else if (isObject(value)) {
    if (typeof value["@id"] === "string" && "@type" in value) ids.set(value["@id"], value);
    for (const child of Object.values(value)) collectIds(child, ids);
  }
}

const resolve = (value: unknown, context: Context): Record<string, unknown> | undefined => {
  if (!isObject(value)) return undefined;
  return Object.keys(value).length === 1 && typeof value["@id"] === "string" ? context.ids.get(value["@id"]) : value;
};
const list = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * Google's Course info requirements: name, description, provider (an organization with a name);
 * offers with category (Free, Partially Free, Subscription, Paid), and here also price and currency;
 * hasCourseInstance with courseMode (Online, Onsite, Blended) and courseSchedule (duration, repeatCount,
 * repeatFrequency Daily|Weekly|Monthly|Yearly) or courseWorkload (an ISO 8601 duration).
 */
function googleCourse(course: Record<string, unknown>, at: string, context: Context): Problem[] {
  const problems: Problem[] = [];
  for (const key of ["name", "description", "provider", "offers", "hasCourseInstance"])
    if (course[key] === undefined) problems.push(`${at}: Google Course info requires "${key}"`);
  const provider = resolve(course["provider"], context);
  if (course["provider"] !== undefined && typeof provider?.["name"] !== "string")
    problems.push(`${at}.provider: Google requires the provider's name (on this page)`);
  list(course["offers"]).forEach((offer, index) => {
    const where = `${at}.offers[${index}]`;
    if (!isObject(offer)) return;
    if (!["Free", "Partially Free", "Subscription", "Paid"].includes(String(offer["category"])))
      problems.push(
        `${where}.category: Google expects Free, Partially Free, Subscription or Paid, got ${show(offer["category"])}`,
      );
    if (offer["category"] !== "Free" && (offer["price"] === undefined || offer["priceCurrency"] === undefined))
      problems.push(`${where}: a paid offer needs price and priceCurrency`);
  });
  list(course["hasCourseInstance"]).forEach((instance, index) => {
    const where = `${at}.hasCourseInstance[${index}]`;
    if (!isObject(instance)) return;
    const modes = list(instance["courseMode"]).map(String);
    if (modes.length === 0 || !modes.every((mode) => ["online", "onsite", "blended"].includes(mode.toLowerCase())))
      problems.push(
        `${where}.courseMode: Google expects Online, Onsite or Blended, got ${show(instance["courseMode"])}`,
      );
    const schedule = instance["courseSchedule"];
    if (schedule === undefined && instance["courseWorkload"] === undefined)
      problems.push(`${where}: Google requires courseSchedule or courseWorkload`);
    if (instance["courseWorkload"] !== undefined)
      problems.push(
        ...duration(instance["courseWorkload"], `${where}.courseWorkload (Google: ISO 8601 duration)`, context),
      );
    if (isObject(schedule)) {
      if (schedule["duration"] === undefined)
        problems.push(`${where}.courseSchedule: Google requires duration (of each session, ISO 8601)`);
      if (schedule["repeatCount"] === undefined)
        problems.push(
          `${where}.courseSchedule: Google requires repeatCount (how many sessions per repeatFrequency, an Integer)`,
        );
      if (!["Daily", "Weekly", "Monthly", "Yearly"].includes(String(schedule["repeatFrequency"])))
        problems.push(
          `${where}.courseSchedule.repeatFrequency: Google expects Daily, Weekly, Monthly or Yearly, got ${show(schedule["repeatFrequency"])}`,
        );
    }
  });
  return problems;
}

/** Google's LocalBusiness requirements: name and a postal address. */
function googleLocalBusiness(business: Record<string, unknown>, at: string): Problem[] {
  const problems: Problem[] = [];
  if (typeof business["name"] !== "string") problems.push(`${at}: Google LocalBusiness requires "name"`);
  const address = business["address"];
  if (!isObject(address)) problems.push(`${at}: Google LocalBusiness requires "address" (a PostalAddress)`);
  else
    for (const key of ["streetAddress", "addressLocality", "postalCode", "addressCountry"])
      if (address[key] === undefined) problems.push(`${at}.address: Google recommends "${key}"`);
  return problems;
}

/** Checks all JSON-LD blocks of one page (their raw text); returns the problems and the parsed top-level nodes. */
export function checkJsonLd(
  blocks: string[],
  baseUrl: string,
): { problems: Problem[]; nodes: Record<string, unknown>[] } {
  const problems: Problem[] = [];
  const parsedBlocks: { index: number; value: Record<string, unknown> }[] = [];
  blocks.forEach((raw, index) => {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (!isObject(parsed))
        problems.push(
          `block ${index}: expected one JSON object, got ${Array.isArray(parsed) ? "an array" : typeof parsed}`,
        );
      else parsedBlocks.push({ index, value: parsed });
    } catch (error) {
      problems.push(`block ${index}: not JSON: ${(error as Error).message}`);
    }
  });
  const nodes = parsedBlocks.map((block) => block.value);
  const context: Context = { ids: new Map(), baseUrl: baseUrl.replace(/\/$/, "") };
  collectIds(nodes, context.ids);
  parsedBlocks.forEach(({ index, value }) => {
    const at = `block ${index} (${String(value["@type"])})`;
    if (value["@context"] !== "https://schema.org")
      problems.push(`${at}: "@context" must be "https://schema.org", got ${show(value["@context"])}`);
    const { "@context": _context, ...rest } = value;
    problems.push(...checkNode(rest, at, context));
    if (value["@type"] === "Course") problems.push(...googleCourse(value, at, context));
    if (value["@type"] === "LocalBusiness") problems.push(...googleLocalBusiness(value, at));
  });
  return { problems, nodes };
}
