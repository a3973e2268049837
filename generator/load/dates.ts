/**
 * Training dates (design.md §9 "Dates"): a date drops off the site once it has begun. "Today" is the day
 * of SOURCE_DATE_EPOCH when it is set (reproducible builds, reproducible-builds.org/specs/source-date-epoch),
 * else the day of the build, in UTC.
 */
import type { TrainingDate } from "../../model/content.ts";

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
