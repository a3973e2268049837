/**
 * The legal texts against the configuration (model/legal.ts): a refusal for a legal text that says what the
 * configuration makes false: a form that "transmits nothing" while it posts to a form service, a host other than
 * the configured one, "third parties only with your consent", a consent button the banner no longer has.
 * The settings between themselves are checked in check/legal-settings.ts; an owner fact site.yaml lacks is refused
 * when it is loaded (load/unset-facts.ts).
 */
import { falseClaims, formerBannerLabels, hostNames, legalPages, legalSettings } from "../../model/legal.ts";
import { ContentError, placeAt } from "../errors.ts";
import type { Dictionary } from "../i18n.ts";
import type { LoadedContent } from "../load/content.ts";

/**
 * Every legal text against the configuration. It reads only what `legalInputs` lists: a new read belongs there
 * too, or `watch` would keep an old verdict.
 */
export function legalContradictions(content: LoadedContent): ContentError[] {
  const site = content.site;
  const settings = legalSettings(site);
  const problems: ContentError[] = [];
  const hosting = site.hosting?.provider;
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
      // The front matter's title, description and lead say things too.
      const front = origin.front ?? "";
      for (const claim of falseClaims) {
        if (claim.when && !claim.when(settings)) continue;
        const inFront = claim.pattern.exec(front);
        const found = inFront ?? claim.pattern.exec(text);
        if (!found) continue;
        const place = inFront ? { file: origin.file, ...placeAt(front, found.index) } : at(found.index);
        problems.push(new ContentError(place, `The text ${claim.reason}`, { hint: claim.hint }));
      }
      for (const [word, host] of Object.entries(hostNames)) {
        if (!hosting || host === hosting) continue;
        // Netlify Forms off Netlify is refused as a setting (check/legal-settings.ts); its paragraph is the echo.
        if (host === "netlify" && settings.form === "netlify") continue;
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
  return new Set(dictionaries.flatMap((dictionary) => bannerKeys.flatMap((key) => dictionary.get(key)?.text ?? [])));
}
const bannerKeys = ["cookie.accept", "cookie.reject", "cookie.close", "footer.cookieSettings"];

/**
 * The offset of `label` in double quotation marks, or -1. Any language's marks („…“, “…”, »…«, «…», "…"): the
 * text has its language's `quotes:` applied (content/languages/), so Danish quotes »Privacy Settings«.
 */
function quoted(text: string, label: string): number {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const found = new RegExp(`[„“”"»«]${escaped}[“”"»«]`).exec(text);
  return found ? found.index : -1;
}

/**
 * What `legalContradictions` reads, for `watch` to run it again only when one of these changed
 * (check/sources.ts): site.yaml's data, the banner's and the footer's texts with their places, and each
 * legal page as loaded (the loader keeps a page whose file did not change, so it compares by reference).
 * A save that touches none of them skips the check: 0.1 ms of CPU instead of 0.7 (in-process, the real site).
 */
export function legalInputs(content: LoadedContent): unknown[] {
  return [
    JSON.stringify(content.site),
    ...content.locales.flatMap(({ dictionary, pages }) => [
      JSON.stringify([...bannerKeys, "cookie.text"].map((key) => dictionary.get(key) ?? null)),
      ...legalPages.map((name) => pages[name]?.origin),
    ]),
  ];
}
