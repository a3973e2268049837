import { findSourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Place } from "../../model/problem.ts";

const callSites = new WeakMap<object, readonly NodeJS.CallSite[]>();

/**
 * Runs `render` while V8 hands over the call sites of every error created in it, so that
 * throwSite() can tell where a template threw from structured frames, not from stack text.
 */
export function recordingThrowSites<T>(render: () => T): T {
  const previous = Error.prepareStackTrace;
  Error.prepareStackTrace = (error, sites) => {
    callSites.set(error, sites);
    return previous ? previous(error, sites) : `${String(error)}${sites.map((site) => `\n    at ${site}`).join("")}`;
  };
  try {
    return render();
  } finally {
    Error.prepareStackTrace = previous;
  }
}

/**
 * The place in a template source an error was thrown from: its first call site in the compiled
 * templates, mapped through their source map (`templates/pages/Contact.tsx:21:9`). Undefined when
 * source maps are off or no frame is in a template.
 */
export function throwSite(error: unknown, root: string, templatesFolder: string): Place | undefined {
  if (!(error instanceof Error)) return undefined;
  void error.stack; // V8 prepares the stack, and so hands over the call sites, on first access.
  for (const site of callSites.get(error) ?? []) {
    const compiled = site.getFileName();
    const line = site.getLineNumber();
    const column = site.getColumnNumber();
    if (!compiled || !line || !column) continue;
    const entry = findSourceMap(compiled)?.findEntry(line - 1, column - 1);
    if (!entry || !("originalSource" in entry)) continue;
    const source = entry.originalSource.startsWith("file:")
      ? fileURLToPath(entry.originalSource)
      : entry.originalSource;
    const file = path.relative(root, path.resolve(path.dirname(fileURLToPath(toUrl(compiled))), source));
    if (file.split(path.sep)[0] !== templatesFolder) continue;
    return { file: file.split(path.sep).join("/"), line: entry.originalLine + 1, column: entry.originalColumn + 1 };
  }
  return undefined;
}

const toUrl = (file: string) => (file.startsWith("file:") ? file : `file://${file}`);
