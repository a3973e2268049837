/**
 * Training dates (design.md §9 "Dates"): a date drops off the site once it has begun. "Today" is the day
 * of SOURCE_DATE_EPOCH when it is set (reproducible builds, reproducible-builds.org/specs/source-date-epoch),
 * else the day of the build, in UTC.
 */
import { ContentError } from "../errors.ts";
import type { Site, TrainingDate } from "../../model/content.ts";

/**
 * The build's moment in UTC, `2026-11-25T13:00:00Z`: SOURCE_DATE_EPOCH to the second when it is set, else
 * the start of the day, so that two builds of the same input on one day stay byte-identical (as "today"
 * already makes them per day).
 */
export function buildInstant(env: NodeJS.ProcessEnv = process.env): string {
  const epoch = env["SOURCE_DATE_EPOCH"];
  if (epoch !== undefined && /^\d+$/.test(epoch.trim()))
    return new Date(Number(epoch) * 1000).toISOString().replace(/\.\d+Z$/, "Z");
  return `${new Date().toISOString().slice(0, 10)}T00:00:00Z`;
}

/** The build's day as YYYY-MM-DD. */
export function buildDay(env: NodeJS.ProcessEnv = process.env): string {
  return buildInstant(env).slice(0, 10);
}

/** The dates that begin after `today`, earliest first. */
export function upcomingDates(dates: readonly TrainingDate[], today = buildDay()): TrainingDate[] {
  return dates
    .filter((date) => typeof date?.start === "string" && date.start > today)
    .sort((a, b) => a.start.localeCompare(b.start));
}

/** Dates that cannot be right: an end before the start, an offer that does not exist, two dates on one first day. */
export function checkDates(site: Site, file: string): ContentError[] {
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
        }),
      );
    starts.add(date.start);
    if (date.end < date.start)
      problems.push(
        new ContentError({ file, ...date.at["end"] }, `The date ends (${date.end}) before it starts (${date.start})`, {
          hint: "Write the last day of the training as `end`, on or after `start`.",
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
  const name = new Intl.DisplayNames("en", { type: "language", fallback: "none" }).of(code);
  return name !== undefined && name !== code;
}
