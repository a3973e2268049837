/**
 * The checks of site.yaml's dates, offers and contact form as written (load/site.ts `SiteAsWritten`): an end
 * before the start, an offer that does not exist, two dates on one first day, seats below 0, one way to send.
 */
import { ContentError } from "../errors.ts";
import type { SiteAsWritten } from "../load/site.ts";
import type { ContactFormSettings } from "../../model/contact.ts";

/** Dates that cannot be right: an end before the start, an offer that does not exist, two dates on one first day. */
export function checkDates(site: SiteAsWritten, file: string): ContentError[] {
  const problems: ContentError[] = [];
  const offers = Object.keys(site.offers ?? {});
  const starts = new Set<string>();
  for (const date of site.dates ?? []) {
    if (!date?.start || !date.end) continue;
    // A date is known by its first day: its calendar file's name and its enquiry's key (`?date=`).
    if (starts.has(date.start))
      problems.push(
        new ContentError({ file, ...date.at["start"] }, `Two dates start on ${date.start}`, {
          hint: "Give each date its own first day, or remove the one listed twice.",
          kind: "sameStart",
          values: { start: date.start },
        }),
      );
    starts.add(date.start);
    if (date.end < date.start)
      problems.push(
        new ContentError({ file, ...date.at["end"] }, `The date ends (${date.end}) before it starts (${date.start})`, {
          hint: "Write the last day of the training as `end`, on or after `start`.",
          kind: "endBeforeStart",
          values: { start: date.start, end: date.end },
        }),
      );
    if (date.offer !== undefined && !offers.includes(date.offer))
      problems.push(
        new ContentError({ file, ...date.at["offer"] }, `Unknown offer "${date.offer}"`, {
          hint: `Name one of the offers of this file: ${offers.join(", ")}; or leave \`offer\` out.`,
        }),
      );
    if (date.language !== undefined && !isLanguage(date.language))
      problems.push(
        new ContentError({ file, ...date.at["language"] }, `Unknown language "${date.language}"`, {
          hint: "Write the language the date is taught in as its two-letter code: de for German, en for English.",
        }),
      );
    if (date.seatsLeft !== undefined && (date.seatsLeft < 0 || !Number.isInteger(date.seatsLeft)))
      problems.push(
        new ContentError({ file, ...date.at["seatsLeft"] }, `"seatsLeft" must be a whole number of 0 or more`, {
          hint: "Write how many places are still free, such as 4; 0 shows the date as fully booked.",
        }),
      );
  }
  for (const [name, offer] of Object.entries(site.offers ?? {})) {
    if (offer && offer.per !== "person" && offer.per !== "group")
      problems.push(
        new ContentError({ file, ...offer.at["per"] }, `"offers.${name}.per" must be person or group`, {
          hint: "Write `per: person` for a price per participant, `per: group` for the whole group.",
        }),
      );
    if (offer?.price !== undefined && !offer.currency)
      problems.push(
        new ContentError({ file, ...offer.at["price"] }, `"offers.${name}" has a price but no currency`, {
          hint: "Add `currency: EUR` (an ISO 4217 code) below the price.",
        }),
      );
  }
  return problems;
}

/** A two- or three-letter ISO 639 code that names a language (ICU knows its name). */
function isLanguage(code: string): boolean {
  if (!/^[a-z]{2,3}$/.test(code)) return false;
  // Made once a process: 15 µs to make, 2 µs to ask, and every build asks once a date.
  languageNames ??= new Intl.DisplayNames("en", { type: "language", fallback: "none" });
  const name = languageNames.of(code);
  return name !== undefined && name !== code;
}
let languageNames: Intl.DisplayNames | undefined;

/** `contact.form` names one way to send: an endpoint, or Netlify Forms. */
export function checkContactForm(form: ContactFormSettings | undefined, file: string): ContentError[] {
  if (!form?.at) return [];
  const [first] = Object.values(form.at);
  if (form.endpoint !== undefined && form.netlify)
    return [
      new ContentError({ file, ...form.at["netlify"]! }, `"contact.form" has both an endpoint and netlify: true`, {
        hint: "Keep one: the endpoint of your form service, or netlify: true when Netlify collects the form.",
      }),
    ];
  if (form.endpoint === undefined && !form.netlify && first && !("endpoint" in form.at))
    return [
      new ContentError({ file, ...first }, `"contact.form" needs an endpoint or netlify: true`, {
        hint: "Write endpoint: with the address your form service gives you, or remove `form:` to keep the mailto: form.",
      }),
    ];
  return [];
}
