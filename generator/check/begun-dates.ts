/**
 * Training dates that have begun: the site no longer shows them (load/dates.ts), which a date typed in
 * the wrong year would do without a word. `check` says so, at the date, as a warning: the build goes
 * on, and `check --strict` fails on it until the date is removed or corrected.
 */
import type { Site } from "../../model/content.ts";
import { ContentWarning } from "../warnings.ts";

export function begunDates(site: Site, file: string): ContentWarning[] {
  return (site.begun ?? []).map(
    (date) =>
      new ContentWarning(
        { file, ...date.at["start"]! },
        `The date starting ${date.start} has begun, so the site no longer shows it`,
        { hint: "Remove it from `dates`, or correct its year if it is still to come." },
      ),
  );
}
