/**
 * Facts that site.yaml implies rather than states, so that no text types them: the data protection authority
 * of the business's Land (`{legal.authority.name}`, model/authorities.ts), and the name of the business's and of
 * each recipient's country in the page's language (`{legal.countryName}`, `{contact.form.countryName}`: "United
 * States", "Vereinigte Staaten"), from the two-letter code site.yaml gives. A third language gets its country names from Intl, not from code here.
 */
import { isLand, supervisoryAuthorities } from "../../model/authorities.ts";
import type { Site } from "../../model/content.ts";
import { isHostingProvider, isLegalForm } from "../../model/legal.ts";

/** The groups of site.yaml that name a recipient's country as `country:`. */
export const countryGroups = ["contact.form", "contact.mailProvider", "hosting"] as const;

/** A country as site.yaml names it: an ISO 3166-1 code that Intl knows (DE, US, GB). */
export function isCountryCode(code: unknown): code is string {
  if (typeof code !== "string" || !/^[A-Z]{2}$/.test(code)) return false;
  const name = regionNames("en", "none").of(code);
  return name !== undefined && name !== code;
}

/** Intl's names of countries in one language, made once: each new one costs a few milliseconds of ICU loading. */
function regionNames(locale: string, fallback: "code" | "none" = "code"): Intl.DisplayNames {
  const key = `${locale}\0${fallback}`;
  let names = regionNamesByLocale.get(key);
  if (!names) regionNamesByLocale.set(key, (names = new Intl.DisplayNames([locale], { type: "region", fallback })));
  return names;
}
const regionNamesByLocale = new Map<string, Intl.DisplayNames>();

/** The implied facts of one language, by dotted name. */
export function impliedFacts(site: Site | undefined, locale: string): Map<string, string> {
  const facts = new Map<string, string>();
  const region = site?.legal?.region;
  if (isLand(region)) {
    const authority = supervisoryAuthorities[region];
    for (const [key, value] of Object.entries(authority)) facts.set(`legal.authority.${key}`, value);
    facts.set("legal.authority.website", new URL(authority.url).host);
  }
  const names = regionNames(locale);
  // The business's own country, as each language names it ("Germany", "Deutschland").
  const home = site?.legal?.countryCode;
  if (isCountryCode(home)) facts.set("legal.countryName", names.of(home) ?? home);
  for (const group of countryGroups) {
    const country = valueAt(site, `${group}.country`);
    if (isCountryCode(country)) facts.set(`${group}.countryName`, names.of(country) ?? country);
  }
  return facts;
}

/**
 * The facts that depend on a setting whose value check/legal-settings.ts refuses (a region that is no Land, a
 * country that is no code, a host or legal form the texts do not know): a placeholder of theirs, or an owner fact
 * they would require, is the echo of that refusal, not a second problem.
 */
export function undecided(site: Site | undefined): string[] {
  const region = site?.legal?.region;
  const provider = site?.hosting?.provider;
  const form = site?.legal?.form;
  // As written: `contact.form` holds the settings until load/site.ts makes them one mode.
  const netlifyForms = (site?.contact?.form as { netlify?: boolean } | undefined)?.netlify === true;
  return [
    ...(region !== undefined && !isLand(region) ? ["legal.authority"] : []),
    ...(provider !== undefined && !isHostingProvider(provider) ? ["hosting"] : []),
    // Netlify Forms off Netlify: the form's paragraph names the host that is not there.
    ...(netlifyForms && provider !== undefined && provider !== "netlify" ? ["hosting"] : []),
    ...(form !== undefined && !isLegalForm(form) ? ["legal.register", "legal.representative"] : []),
    ...countryGroups.flatMap((group) => {
      const country = valueAt(site, `${group}.country`);
      return country !== undefined && !isCountryCode(country) ? [`${group}.countryName`] : [];
    }),
  ];
}

/** The fact of site.yaml an implied fact comes from, for the refusal that asks for it while it is missing. */
export function impliedFrom(name: string): string | undefined {
  if (name.startsWith("legal.authority.")) return "legal.region";
  if (name === "legal.countryName") return "legal.countryCode";
  const group = countryGroups.find((candidate) => name === `${candidate}.countryName`);
  return group && `${group}.country`;
}

function valueAt(site: Site | undefined, name: string): unknown {
  let value: unknown = site;
  for (const part of name.split(".")) value = (value as Record<string, unknown> | undefined)?.[part];
  return value;
}
