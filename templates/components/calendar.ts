import { calendarFile, hasCalendarFile } from "../../model/booking.ts";
import type { TrainingDate } from "../../model/content.ts";
import type { PageProps } from "../types.ts";

/**
 * The date's calendar file (.ics) in the page's language, as the page links it: "Add to calendar"; none for a
 * fully booked date (model/booking.ts).
 */
export const calendarHref = (
  { asset, locale }: Pick<PageProps, "asset" | "locale">,
  date: TrainingDate,
): string | undefined => (hasCalendarFile(date) ? asset(calendarFile(date.start, locale)) : undefined);
