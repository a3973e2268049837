import type { TrainingDate } from "../../model/content.ts";
import type { PageProps } from "../types.ts";

/**
 * The date's calendar file (.ics) in the page's language, as the page links it: "Add to calendar". The
 * build writes it by the same rule (generator/write/calendar.ts); tests/quality/structured-data.test.ts
 * follows each date card's link to its file.
 */
export const calendarHref = ({ asset, locale }: Pick<PageProps, "asset" | "locale">, date: TrainingDate) =>
  asset(`calendar/${date.start}.${locale}.ics`);

/**
 * "Open Training: 3-Day Sales Training on the Ranch": the offer's name, then the course's; the course's
 * alone for a date without an offer. The calendar file's SUMMARY says the same (generator/write/calendar.ts).
 */
export const eventName = (offerName: string | undefined, courseName: string) =>
  offerName ? `${offerName}: ${courseName}` : courseName;
