/**
 * Site facts as one language prints them (design.md §9 "One place per fact"): numbers through
 * Intl.NumberFormat, prices with their currency ("€2,490" / "2.490 €"), and the figures derived from
 * them, such as a group price per person, so no text ever holds a copy of a figure.
 */
import type { OfferFigures, Site } from "../../model/content.ts";

/**
 * Number formats by their options, made once a process: a price made and formatted with a new one took
 * 20 µs, with a kept one 5 µs (lookup included), and every build (every save in `watch`) formats each price
 * of site.yaml in every language, about thirty.
 */
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}\0${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

/** A price in one language: `€2,490`, `2.490 €`. */
export function formatPrice(amount: number, currency: string, locale: string): string {
  return numberFormat(locale, {
    style: "currency",
    currency,
    maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}

/** A group price per person, at the largest group; whole units, as a price list shows it. */
export function perPerson(offer: OfferFigures, groupSize: number): number | undefined {
  if (offer.price === undefined || offer.per !== "group" || !(groupSize > 0)) return undefined;
  return Math.round(offer.price / groupSize);
}

/** The placeholders' values for one language: every number of site.yaml formatted, offers' prices added. */
export function localeFacts(
  site: Site,
  facts: ReadonlyMap<string, string | number | boolean>,
  locale: string,
): Map<string, string> {
  // Four-digit numbers stay ungrouped ("since 2016", not "since 2,016"); longer ones are grouped.
  const number = numberFormat(locale, { maximumFractionDigits: 10, useGrouping: "min2" });
  const result = new Map<string, string>();
  for (const [key, value] of facts) result.set(key, typeof value === "number" ? number.format(value) : String(value));
  const groupSize = Number(site.claims?.groupSize);
  for (const [name, offer] of Object.entries(site.offers ?? {})) {
    if (!offer || offer.price === undefined || !offer.currency) continue;
    result.set(`offers.${name}.price`, formatPrice(offer.price, offer.currency, locale));
    const each = perPerson(offer, groupSize);
    if (each !== undefined) result.set(`offers.${name}.perPerson`, formatPrice(each, offer.currency, locale));
    // "What do 6 or 8 of us pay each?": the group price shared by each team size site.yaml lists.
    if (offer.per === "group")
      for (const size of offer.sizes ?? [])
        if (size > 0)
          result.set(
            `offers.${name}.perPersonAt.${size}`,
            formatPrice(Math.round(offer.price / size), offer.currency, locale),
          );
  }
  return result;
}
