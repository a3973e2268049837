import type { SharedPage } from "./shared.ts";
import { bindFiguresInPage } from "./typeset-page.ts";

/**
 * The rewrites of a page's HTML after its template has rendered it, as one ordered list (Lume's
 * processors): the render stage runs them, in this order, over every page a template rendered. A page
 * whose template threw is replaced by the error page instead (throw-site.ts names the line).
 * The policy in a `<meta>` element (hosts/meta-csp.ts) is not one of them: it goes into every HTML file
 * that ships, public/ ones too, so the write stage adds it as it ships (write/site-output.ts).
 */
export interface PageProcessor {
  /** What it does, for a reader of this list. */
  readonly name: string;
  readonly process: (html: string, page: ProcessedPage) => string;
}

/** What a processor may know of the page beside its HTML. */
export interface ProcessedPage {
  /** The page's use of the layout's shared parts (shared.ts), whose markup `finish` puts in. */
  shared: SharedPage;
}

export const pageProcessors: readonly PageProcessor[] = [
  // First: the other processors see the page with its shared parts (the footer) in place.
  { name: "shared parts of the layout in place of their markers", process: (html, page) => page.shared.finish(html) },
  // Figures a template printed beside a translated word ("3 Tage") never part at a line break (typeset-page.ts).
  { name: "figures bound to the word they count", process: bindFiguresInPage },
  // Last: the page is held until the write stage.
  { name: "one flat string", process: flat },
];

/** A rendered page's HTML, through every processor in order. */
export function processPage(html: string, page: ProcessedPage): string {
  return pageProcessors.reduce((text, processor) => processor.process(text, page), html);
}

/**
 * The same text as one flat string. React builds a page by concatenation, which V8 keeps as a rope of
 * thousands of pieces, several times the size of the text; reading a character makes V8 flatten it.
 * When pages were held until the write stage, 2,000 of them took 167 MiB of heap as ropes and 83 MiB
 * flat. Now that they stream in batches, peak memory is the same either way (249 MiB at 2,000 pages),
 * but a cold build takes about 5 % less CPU: the checks, the compression and the write each read the
 * page, and would otherwise walk the rope (measured with and without, pair by pair, issue 25).
 */
function flat(text: string): string {
  text.charCodeAt(0);
  return text;
}
