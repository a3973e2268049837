/**
 * "Add to calendar" (issue 20): one iCalendar file (RFC 5545) per upcoming training date and language,
 * at `calendar/<start>.<locale>.ics`. One all-day VEVENT each: the training runs by the day and the
 * content knows no hours. The UID is the same in every language (a visitor who imports both gets one
 * event), and DTSTAMP is the build's moment, SOURCE_DATE_EPOCH when set, so builds stay reproducible.
 */
import { calendarFile, dateOffer, eventName, hasCalendarFile } from "../../model/booking.ts";
import type { LocaleContent, Site, TrainingDate } from "../../model/content.ts";
import type { Links } from "../../model/route.ts";
import type { OutputFile } from "../../model/output.ts";

/**
 * Every date's calendar file, in every language; a fully booked date has none (its card offers the waiting
 * list instead, templates/components/calendar.ts, by the same rule).
 */
export function createCalendars(site: Site, locales: readonly LocaleContent[], links: Links): OutputFile[] {
  const open = site.dates.filter(hasCalendarFile);
  return locales.flatMap((locale) =>
    open.map((date) => ({
      path: calendarFile(date.start, locale.locale),
      contents: calendarText(eventLines(site, locale, links, date)),
    })),
  );
}

/** The VCALENDAR with one VEVENT, as content lines (unfolded, unescaped where they are TEXT already). */
function eventLines(site: Site, locale: LocaleContent, links: Links, date: TrainingDate): string[] {
  const text = (key: string) => locale.dictionary.get(key)?.text ?? key;
  const { wording: offer, price } = dateOffer(site, locale, date) ?? {};
  const page = links.url(locale.locale, "pricing/#dates");
  const { legal } = site;
  // The country as the page's language names it, as load/implied-facts.ts put it among the facts.
  const country = locale.facts.get("legal.countryName") ?? legal.country;
  const address = [site.name, legal.street, `${legal.postalCode} ${legal.city}`, country].join(", ");
  const description = [
    text("schema.courseDescription"),
    text("dates.calendarNote"),
    ...(offer && price ? [`${offer.name}: ${price} ${offer.unit}`] : []),
    page,
  ].join("\n\n");
  const language = `;LANGUAGE=${locale.locale}`;
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${paramSafe(site.name)}//ranch-site//${locale.locale.toUpperCase()}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${date.start}-${date.offer ?? "training"}@${new URL(site.baseUrl).hostname}`,
    `DTSTAMP:${basicDateTime(site.builtAt)}`,
    // All-day: DTEND is the day after the last one (RFC 5545 §3.6.1, exclusive).
    `DTSTART;VALUE=DATE:${basicDate(date.start)}`,
    `DTEND;VALUE=DATE:${basicDate(dayAfter(date.end))}`,
    `SUMMARY${language}:${escapeText(eventName(offer?.name, text("schema.courseName")))}`,
    `DESCRIPTION${language}:${escapeText(description)}`,
    `LOCATION${language}:${escapeText(address)}`,
    `GEO:${site.location.latitude};${site.location.longitude}`,
    `URL:${page}`,
    `ORGANIZER;CN=${paramValue(site.name)}:mailto:${site.contact.email}`,
    // Pencilled in, not booked: the file is offered before any enquiry, so it must not claim a confirmed seat.
    "STATUS:TENTATIVE",
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
}

/** The file: every line folded, each ended by CRLF (RFC 5545 §3.1). */
export const calendarText = (lines: readonly string[]) => lines.map(foldLine).join("\r\n") + "\r\n";

/** TEXT values (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, line breaks as `\n`. */
export const escapeText = (value: string) =>
  value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");

/** A parameter value (RFC 5545 §3.2): quoted when it holds `:`, `;` or `,`; a DQUOTE cannot appear in it at all. */
export function paramValue(value: string): string {
  const safe = value.replace(/"/g, "'").replace(/[\r\n]+/g, " ");
  return /[:;,]/.test(safe) ? `"${safe}"` : safe;
}

/** Text inside PRODID's `-//…//` parts: no slashes of its own. */
const paramSafe = (value: string) => value.replace(/\/\//g, "/");

/**
 * Folds a content line at 75 octets (RFC 5545 §3.1): each continuation starts with a space, which counts
 * towards its 75; a UTF-8 character is never split.
 */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line) <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const character of line) {
    const size = utf8Octets(character.codePointAt(0)!);
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/**
 * The UTF-8 length of one code point; a lone surrogate is written as U+FFFD, three octets. Worked out here
 * rather than by `Buffer.byteLength` per character, which cost 4 ms of each 100 ms `watch` save.
 */
const utf8Octets = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/** `2027-03-15` → `20270315`. */
const basicDate = (day: string) => day.replaceAll("-", "");

/** `2026-11-25T13:00:00Z` → `20261125T130000Z` (UTC, RFC 5545 §3.3.5 form 2). */
const basicDateTime = (instant: string) => instant.replace(/[-:]/g, "");

/** The day after `day`, as YYYY-MM-DD. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
