import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse, type HTMLElement } from "node-html-parser";

/** A built HTML file, parsed. */
export interface BuiltPage {
  file: string;
  root: HTMLElement;
}

/** Reads and parses one output file. */
export async function readPage(dir: string, file: string): Promise<BuiltPage> {
  return { file, root: parse(await readFile(path.join(dir, file), "utf8"), { comment: false }) };
}

/** The visible text of a page: body text without scripts, and without parts marked as another language. */
export function visibleText(page: BuiltPage): string {
  const body = page.root.querySelector("body")!.clone() as HTMLElement;
  const lang = page.root.querySelector("html")!.getAttribute("lang");
  for (const element of body.querySelectorAll("script, style, [hidden]:not([role=tooltip])")) element.remove();
  for (const element of body.querySelectorAll("[lang]")) if (element.getAttribute("lang") !== lang) element.remove();
  return body.textContent.replace(/\s+/g, " ");
}

/**
 * HTML as a reader reads it, tags kept (so a placeholder left in an attribute still shows): scripts and styles
 * dropped, the entities the renderer writes and its typographic spaces and hyphens read back.
 */
export const decodedHtml = (html: string) =>
  html
    .replace(/<script\b[\s\S]*?<\/script>/g, "")
    .replace(/<style\b[\s\S]*?<\/style>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;|&#x26;/g, "&")
    .replace(/[\u00a0\u202f\u2009]/g, " ")
    .replace(/\u2011/g, "-");

/** The plain text of rendered HTML: what decodedHtml reads, tags dropped, white space collapsed. */
export const plainText = (html: string) =>
  decodedHtml(html)
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

/**
 * The `sha256-…` sources of every inline script in the given HTML documents, as browsers hash
 * them: over the exact text between the tags. Scripts with `src` are covered by 'self';
 * `application/ld+json` blocks are data, which script-src does not govern. For this site that is
 * the consent head script and the speculation rules (which contain the base path).
 */
/** (Tests only: the generator knows its hashes; this reads them back to prove the CSP matches what pages carry.) */
export function inlineScriptHashes(htmlDocuments: Iterable<string>): string[] {
  const hashes = new Set<string>();
  for (const html of htmlDocuments) {
    for (const [, attributes = "", text = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
      if (/\ssrc\s*=/i.test(attributes) || /\stype\s*=\s*["']?application\/ld\+json/i.test(attributes)) continue;
      hashes.add(`sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`);
    }
  }
  return [...hashes];
}
