import type { Place, ProblemKind } from "../model/problem.ts";
import path from "node:path";

/** A folder as a terminal shows it: relative to the working folder when inside it, else absolute. */
export function displayPath(folder: string): string {
  const relative = path.relative(process.cwd(), folder);
  if (relative === "") return ".";
  return relative.startsWith("..") || path.isAbsolute(relative) ? folder : relative;
}

/**
 * Text as the terminal should show it: a control character (from a file name such as `a\x1b[31m.en.md`, which a
 * pulled commit can bring) is written as `\x1b` instead of being obeyed, so no name recolours, moves or clears the
 * maintainer's terminal. Line breaks and tabs stay unless `lines` is false: a name never breaks a located line.
 */
export function printable(text: string, { lines = true }: { lines?: boolean } = {}): string {
  const controls = lines ? /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g : /[\u0000-\u001f\u007f-\u009f]/g;
  return text.replace(controls, (character) => `\\x${character.charCodeAt(0).toString(16).padStart(2, "0")}`);
}

/** Line and column of an offset in a text, 1-based, counted from `start` (where the text begins in its file). */
export function placeAt(
  text: string,
  offset: number,
  start = { line: 1, column: 1 },
): { line: number; column: number } {
  const before = text.slice(0, offset).split("\n");
  return before.length === 1
    ? { line: start.line, column: start.column + offset }
    : { line: start.line + before.length - 1, column: before.at(-1)!.length + 1 };
}

/** The user's mistake, not ours: printed as lines without a stack. Anything else is a bug in ranch-site. */
export class UserError extends Error {
  override name = "UserError";
}

/** What to do about a problem, and what caused it. */
export interface ProblemOptions {
  hint?: string;
  cause?: unknown;
  /** The kind of a problem the web editor's forms can cause, and the values its words quote (model/problem.ts). */
  kind?: ProblemKind;
  values?: Readonly<Record<string, string | number>>;
}

/** A mistake in content/, with the place an editor must look at and what to do about it. */
export class ContentError extends UserError {
  override name = "ContentError";
  readonly place: Place;
  /** What happened, in one sentence. */
  readonly reason: string;
  /** What to do about it. */
  readonly hint?: string;
  /** Its kind, when the web editor words it in the owner's language; the values those words quote. */
  readonly kind?: ProblemKind;
  readonly values?: Readonly<Record<string, string | number>>;

  constructor(place: Place, reason: string, options: ProblemOptions = {}) {
    super(`${formatPlace(place)}: ${reason}`, { cause: options.cause });
    this.place = { file: place.file, line: place.line, column: place.column };
    this.reason = reason;
    this.hint = options.hint;
    this.kind = options.kind;
    this.values = options.values;
  }
}

/** Every content problem found in one pass; thrown once, after all were collected. */
export class ContentErrors extends UserError {
  override name = "ContentErrors";
  readonly errors: readonly ContentError[];

  constructor(errors: readonly ContentError[]) {
    super(`${errors.length} content ${errors.length === 1 ? "error" : "errors"}`);
    this.errors = errors;
  }
}

/** What a loader gives back: what it could read, and every problem it found on the way. */
export interface Loaded<T> {
  value: T;
  problems: ContentError[];
}

/**
 * Every problem found so far, reported together: the build stops when there is one. A problem met twice
 * (a linked folder on the way to two files) is reported once.
 */
export function failOn(...problems: (readonly ContentError[])[]): void {
  const all = [...new Map(problems.flat().map((problem) => [`${problem.message}\n${problem.hint}`, problem])).values()];
  if (all.length > 0) throw new ContentErrors(all);
}

/** A template that threw while rendering one page, at the template line it threw from (or its file). */
export class RenderError extends UserError {
  override name = "RenderError";
  readonly place: Place;
  readonly path: string;
  readonly locale: string;

  constructor(place: Place, path: string, locale: string, cause: unknown) {
    super(`${formatPlace(place)}: Rendering ${path} (${locale}) failed: ${messageOf(cause)}`, { cause });
    this.place = { file: place.file, line: place.line, column: place.column };
    this.path = path;
    this.locale = locale;
  }
}

/** A mistake in how the tool was called or in the folders it works on: a bad flag, an output folder it must not replace. */
export class UsageError extends UserError {
  override name = "UsageError";
  /** What to do about it. */
  readonly hint?: string;

  constructor(message: string, options: ProblemOptions = {}) {
    super(message, { cause: options.cause });
    this.hint = options.hint;
  }
}

/** Errors that are the user's to fix: printed as lines, without a stack. */
export function isUserError(error: unknown): error is UserError {
  return error instanceof UserError;
}

/** `content/i18n/de.yaml:12:3`, or just the file when the place has no line. */
export function formatPlace(place: Place): string {
  const file = printable(place.file, { lines: false });
  if (place.line === undefined) return file;
  return `${file}:${place.line}:${place.column ?? 1}`;
}

/** At most this many problems are printed; a count stands for the rest, so a broken file never floods the terminal. */
export const reportLimit = 50;

/**
 * The lines a terminal shows for an error: one per problem, hints indented below. `writes` is false
 * for commands that never write (`check`), whose count line then does not speak of writing.
 */
export function formatError(error: unknown, { writes = true }: { writes?: boolean } = {}): string {
  if (error instanceof ContentErrors) {
    const shown = error.errors.slice(0, reportLimit).flatMap(formatContentError);
    const rest = error.errors.length - reportLimit;
    const more =
      rest > 0 ? [`… and ${rest} more (the first ${reportLimit} are shown; fix these and build again).`] : [];
    return [...shown, ...more, writes ? `${error.message}: nothing was written.` : `${error.message}.`].join("\n");
  }
  if (error instanceof ContentError) return formatContentError(error).join("\n");
  if (error instanceof RenderError) {
    return `${error.message}\n  hint: fix the template, or the content it reads, and build again.`;
  }
  if (error instanceof UsageError && error.hint) return `${error.message}\n  hint: ${error.hint}`;
  if (error instanceof UserError) return error.message;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

function formatContentError(error: ContentError): string[] {
  return error.hint ? [error.message, `  hint: ${error.hint}`] : [error.message];
}

/** The message of anything thrown. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
