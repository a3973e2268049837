import { calendarFile } from "../../model/booking.ts";
import type { TrainingDate } from "../../model/content.ts";
import type { PageProps } from "../types.ts";

/** The date's calendar file (.ics) in the page's language, as the page links it: "Add to calendar". */
export const calendarHref = ({ asset, locale }: Pick<PageProps, "asset" | "locale">, date: TrainingDate) =>
  asset(calendarFile(date.start, locale));
