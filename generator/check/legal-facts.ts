/**
 * The law's facts (model/legal.ts): a warning, one located line each, while site.yaml lacks an owner fact
 * a legal text needs (the host's log retention, the minimum number of participants, …), and an error
 * for a legal text that says what the configuration makes false: a form that "transmits nothing" while it
 * posts to a form service, a host other than the configured one, a consent button the banner no longer has.
 */
import {
  falseClaims,
  formerBannerLabels,
  hostNames,
  isHostingProvider,
  legalPages,
  type LegalSettings,
  ownerFacts,
} from "../../model/legal.ts";
import type { Site } from "../../model/content.ts";
import { ContentError, placeAt } from "../errors.ts";
import type { Dictionary } from "../i18n.ts";
import type { LoadedContent } from "../load/content.ts";
import { siteFile } from "../load/site.ts";
import { ContentWarning } from "../warnings.ts";

const settingsOf = (site: Site): LegalSettings => ({
  hosting: site.hosting?.provider,
  form: site.contact?.form?.kind ?? "mailto",
  company: site.legal?.company,
});

/** The value of a dotted name in site.yaml, as loaded. */
function valueAt(site: Site, name: string): unknown {
  let value: unknown = site;
  for (const part of name.split(".")) value = (value as Record<string, unknown> | undefined)?.[part];
  return value;
}

/** Where a fact stands, or where a missing one would go: the line of its group, or the top of the file. */
export function placeFor(site: Site, name: string) {
  const parts = name.split(".");
  for (let length = parts.length; length > 0; length--) {
    const at = site.factPlaces?.[parts.slice(0, length).join(".")];
    if (at) return { file: siteFile, line: at.line, column: at.column };
  }
  return { file: siteFile, line: 1, column: 1 };
}

/** One warning per owner fact that this configuration needs and site.yaml does not give. */
export function missingOwnerFacts(site: Site): ContentWarning[] {
  const settings = settingsOf(site);
  return ownerFacts
    .filter((fact) => !fact.when || fact.when(settings))
    .filter((fact) => {
      const value = valueAt(site, fact.name);
      return value === undefined || value === null || value === "";
    })
    .map(
      (fact) =>
        new ContentWarning(placeFor(site, fact.name), `${fact.name} is missing: ${fact.what}, as the legal pages say`, {
          hint: `Add it to content/site.yaml, such as ${fact.example}.`,
        }),
    );
}

/** Every legal text, and site.yaml's settings between themselves, against the configuration. */
export function legalContradictions(content: LoadedContent): ContentError[] {
  const site = content.site;
  const settings = settingsOf(site);
  const problems: ContentError[] = [];
  const hosting = site.hosting?.provider;
  if (hosting !== undefined && !isHostingProvider(hosting))
    problems.push(
      new ContentError(placeFor(site, "hosting.provider"), `"${hosting}" is not a host the legal texts know`, {
        hint: "Write provider: github-pages, netlify, cloudflare-pages, own-server or shared-hosting.",
      }),
    );
  if (settings.form === "netlify" && hosting !== undefined && hosting !== "netlify")
    problems.push(
      new ContentError(
        placeFor(site, "contact.form.netlify"),
        `contact.form says netlify: true, but hosting.provider is ${hosting}: Netlify Forms only work on Netlify`,
        { hint: "Set hosting.provider: netlify, or give the form an endpoint: of your form service." },
      ),
    );
  const labels = bannerLabels(content.locales.map((locale) => locale.dictionary));
  for (const { locale, pages, dictionary } of content.locales) {
    problems.push(...bannerWithdrawal(dictionary));
    const current = bannerLabels([dictionary]);
    const stale = [...labels, ...formerBannerLabels].filter((label) => !current.has(label));
    for (const name of legalPages) {
      const origin = pages[name]?.origin;
      if (!origin) continue;
      const text = origin.shown ?? origin.body;
      const at = (offset: number) => ({
        file: origin.file,
        ...placeAt(text, offset, { line: origin.bodyLine, column: 1 }),
      });
      for (const claim of falseClaims) {
        if (claim.when && !claim.when(settings)) continue;
        const found = claim.pattern.exec(text);
        if (found) problems.push(new ContentError(at(found.index), `The text ${claim.reason}`, { hint: claim.hint }));
      }
      for (const [word, host] of Object.entries(hostNames)) {
        if (!hosting || host === hosting) continue;
        const found = new RegExp(`\\b${word}\\b`).exec(text);
        if (found)
          problems.push(
            new ContentError(
              at(found.index),
              `The text names ${word} as the host, but hosting.provider is ${hosting}`,
              {
                hint: `Put the sentence between <!-- if hosting.provider = ${host} --> and <!-- end -->.`,
              },
            ),
          );
      }
      for (const label of stale) {
        const found = quoted(text, label);
        if (found >= 0)
          problems.push(
            new ContentError(at(found), `The text names a button "${label}" that the ${locale} banner does not have`, {
              hint: "Quote the banner's labels as {label.cookie.accept}, {label.cookie.reject}, {label.cookie.close} and {label.footer.cookieSettings}.",
            }),
          );
      }
    }
  }
  return problems;
}

/**
 * The banner says how consent is withdrawn (Art. 7 (3) GDPR): with the footer's settings button, named as it
 * is labelled in the same language. A dictionary cannot quote another key, so a renamed button is caught here.
 */
function bannerWithdrawal(dictionary: Dictionary): ContentError[] {
  const text = dictionary.get("cookie.text");
  const button = dictionary.get("footer.cookieSettings")?.text;
  if (!text || !button || quoted(text.text, button) >= 0) return [];
  return [
    new ContentError(
      { file: text.file, line: text.line, column: text.column },
      `"cookie.text" does not name the footer's button "${button}", with which consent is withdrawn`,
      { hint: `Name the button in quotation marks as the footer labels it: ${button}.` },
    ),
  ];
}

/** The labels of the consent banner's buttons and of the footer's settings button, in these dictionaries. */
function bannerLabels(dictionaries: Dictionary[]): Set<string> {
  const keys = ["cookie.accept", "cookie.reject", "cookie.close", "footer.cookieSettings"];
  return new Set(dictionaries.flatMap((dictionary) => keys.flatMap((key) => dictionary.get(key)?.text ?? [])));
}

/** The offset of `label` in quotation marks of either language („…“, “…”, "…"), or -1. */
function quoted(text: string, label: string): number {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const found = new RegExp(`[„“"]${escaped}[“”"]`).exec(text);
  return found ? found.index : -1;
}
