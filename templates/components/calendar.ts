import type { TrainingDate } from "../../model/content.ts";
import type { PageProps } from "../types.ts";

/**
 * The date's calendar file (.ics) in the page's language, as the page links it: "Add to calendar". A fully
 * booked date has none: there is no seat to pencil in. The build writes the files by the same rule
 * (generator/write/calendar.ts); tests/quality/structured-data.test.ts follows each date card's link to its file.
 */
export const calendarHref = (
  { asset, locale }: Pick<PageProps, "asset" | "locale">,
  date: TrainingDate,
): string | undefined => (date.seatsLeft > 0 ? asset(`calendar/${date.start}.${locale}.ics`) : undefined);

/**
 * "Open Training: 3-Day Sales Training on the Ranch": the offer's name, then the course's; the course's
 * alone for a date without an offer. The calendar file's SUMMARY says the same (generator/write/calendar.ts).
 */
export const eventName = (offerName: string | undefined, courseName: string) =>
  offerName ? `${offerName}: ${courseName}` : courseName;
