import { readFile } from "node:fs/promises";
import path from "node:path";

/** One block of a `_headers` file: a URL pattern and the headers it sets. */
export interface HeaderRule {
  pattern: string;
  headers: Record<string, string>;
}

/** Reads the Netlify / Cloudflare Pages `_headers` format that `build` ships. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trimStart().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: {} });
      continue;
    }
    const separator = line.indexOf(":");
    if (separator > 0 && rules.length > 0)
      rules.at(-1)!.headers[line.slice(0, separator).trim().toLowerCase()] = line.slice(separator + 1).trim();
  }
  return rules;
}

/** The headers every matching block sets for a URL path, as the hosts apply them. */
export function headersFor(rules: readonly HeaderRule[], urlPath: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) {
    const matches = rule.pattern.endsWith("*")
      ? urlPath.startsWith(rule.pattern.slice(0, -1))
      : urlPath === rule.pattern;
    if (matches) Object.assign(headers, rule.headers);
  }
  return headers;
}

/**
 * The headers the shipped `_headers` file of a built folder gives each of its files: the same rules
 * nginx.conf carries, so `serve` answers as production does (Content-Security-Policy included).
 */
export async function readHostHeaders(
  outDir: string,
  basePath: string,
): Promise<(file: string) => Record<string, string>> {
  const rules = parseHeadersFile(await readFile(path.join(outDir, "_headers"), "utf8").catch(() => ""));
  return (file) =>
    headersFor(
      rules,
      basePath +
        path
          .relative(outDir, file)
          .split(path.sep)
          .join("/")
          .replace(/(^|\/)index\.html$/, "$1"),
    );
}
