/**
 * What the page, its JSON-LD and the calendar file agree on for one training date (issue 20): where the
 * date's `.ics` file is, and what the event is called. Pure, below both generator/ and templates/.
 */

/** The output path of a date's calendar file in one language: `calendar/2027-03-15.en.ics`. */
export const calendarFile = (start: string, locale: string) => `calendar/${start}.${locale}.ics`;

/** "Open Training: 3-Day Sales Training on the Ranch": the offer's name, then the course's; the course's alone without an offer. */
export const eventName = (offerName: string | undefined, courseName: string) =>
  offerName ? `${offerName}: ${courseName}` : courseName;

/** Calendar days from `start` to `end` (YYYY-MM-DD), both included. */
export const daysBetween = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
