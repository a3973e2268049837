/**
 * Warnings: content that builds but deserves a look (a stale translation, a key no template reads, a
 * page nothing links to). They never stop `build`; `check --strict` fails on them. Printed like errors,
 * with "warning:" after the place, so an editor's terminal and editor both recognise them.
 */
import { formatPlace, type ProblemOptions } from "./errors.ts";
import type { Place } from "../model/problem.ts";

/** A problem worth a look that does not stop the build. */
export class ContentWarning {
  readonly place: Place;
  /** What is worth a look, in one sentence. */
  readonly reason: string;
  /** What to do about it. */
  readonly hint?: string;

  constructor(place: Place, reason: string, options: Omit<ProblemOptions, "cause"> = {}) {
    this.place = { file: place.file, line: place.line, column: place.column };
    this.reason = reason;
    this.hint = options.hint;
  }

  /** `content/i18n/de.yaml:12:3: warning: …` */
  get message(): string {
    return `${formatPlace(this.place)}: warning: ${this.reason}`;
  }

  /** The lines a terminal shows for it: the message, and the hint indented below. */
  get lines(): string[] {
    return this.hint ? [this.message, `  hint: ${this.hint}`] : [this.message];
  }

  /** The warning apart from its line and column: an edit above it moves it, and it is still the same warning. */
  get identity(): string {
    return `${this.place.file}\n${this.reason}\n${this.hint ?? ""}`;
  }
}

/** `3 warnings` */
export function countWarnings(count: number): string {
  return `${count} ${count === 1 ? "warning" : "warnings"}`;
}

/** The lines a terminal shows for warnings: one per warning, hints indented below, then the count. */
export function formatWarnings(warnings: readonly ContentWarning[]): string {
  if (warnings.length === 0) return "";
  return [...warnings.flatMap((warning) => warning.lines), `${countWarnings(warnings.length)}.`].join("\n");
}

/** Warnings in the order an editor reads them: by file, then line and column. */
export function sortWarnings(warnings: readonly ContentWarning[]): ContentWarning[] {
  return [...warnings].sort(
    (a, b) =>
      a.place.file.localeCompare(b.place.file) ||
      (a.place.line ?? 0) - (b.place.line ?? 0) ||
      (a.place.column ?? 0) - (b.place.column ?? 0),
  );
}
