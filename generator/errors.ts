/** A mistake in content/, with the place an editor must look at and what to do about it. */
export class ContentError extends Error {
  constructor(
    /** Path relative to the project root, e.g. `content/i18n/de.yaml`. */
    readonly file: string,
    readonly line: number,
    readonly column: number,
    /** What happened, in one sentence. */
    readonly reason: string,
    /** What to do about it. */
    readonly hint?: string,
  ) {
    super(`${file}:${line}:${column}: ${reason}`);
    this.name = "ContentError";
  }
}

/** Every content problem found in one pass; thrown once, after all were collected. */
export class ContentErrors extends Error {
  constructor(readonly errors: readonly ContentError[]) {
    super(`${errors.length} content ${errors.length === 1 ? "error" : "errors"}`);
    this.name = "ContentErrors";
  }
}

/** A template that threw while rendering one page. */
export class RenderError extends Error {
  constructor(
    readonly path: string,
    readonly locale: string,
    readonly template: string,
    override readonly cause: unknown,
  ) {
    super(`Rendering ${path} (${locale}) failed in ${template}: ${messageOf(cause)}${placeOf(cause)}`);
    this.name = "RenderError";
  }
}

/** A mistake in how the tool was called, such as serving a folder that holds no site. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** Errors that are the user's to fix: printed as lines, without a stack. */
export function isUserError(error: unknown): error is ContentErrors | ContentError | RenderError | UsageError {
  return error instanceof ContentErrors || error instanceof ContentError || error instanceof RenderError || error instanceof UsageError;
}

/** The lines a terminal shows for an error: one per problem, hints indented below. */
export function formatError(error: unknown): string {
  if (error instanceof ContentErrors) {
    const lines = error.errors.flatMap(formatContentError);
    return [...lines, `${error.message}: nothing was written.`].join("\n");
  }
  if (error instanceof ContentError) return formatContentError(error).join("\n");
  if (error instanceof UsageError) return error.message;
  if (error instanceof RenderError) {
    return `${error.message}\n  hint: fix the template, or the content it reads, and build again.`;
  }
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

function formatContentError(error: ContentError): string[] {
  return error.hint ? [error.message, `  hint: ${error.hint}`] : [error.message];
}

/** The message of anything thrown. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** ` (at templates/pages/Contact.tsx:21:9)`: the first template frame of a stack, when source maps name one. */
function placeOf(error: unknown): string {
  const frame = error instanceof Error ? /\/(templates\/[^\s()]+:\d+:\d+)/.exec(error.stack ?? "") : null;
  return frame ? ` (at ${frame[1]})` : "";
}
