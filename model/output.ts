/** What a build makes: the files of the built site, and the bundled assets every page links. */
import type { Stylesheets } from "./page.ts";

/**
 * The file every build leaves in its output folder: the proof that ranch-site may replace that folder
 * (generator/write/out-dir.ts), and a file no host serves (generator/hosts/).
 */
export const outputMarker = ".ranch-site-output";

/** A file of the built site, relative to the output folder. */
export interface OutputFile {
  path: string;
  contents: string | Uint8Array;
}

/** The stylesheets by template group, and the inline scripts and icon every page carries. */
export interface Assets {
  /** Output paths of the stylesheets by template group (`home`, `pages`), each with the shared styles first. */
  styles: Stylesheets;
  /**
   * The browser script (templates/client/main.ts), inline at the end of every page's body. At about 3 KB gzip it
   * costs less than the request it saves: on a slow phone network a second file on a fresh connection arrives a
   * round trip after the stylesheet, and the cookie banner and menu waited for it. Inline and run as the parser
   * reaches it, they are in place for the first paint, which needs no second layout for them.
   */
  appScript: string;
  /**
   * The contact form's script (templates/client/contact-form.ts), inline only on the pages with the form: every
   * other page, the landing pages above all, stays inside the first round trip without its bytes.
   */
  formScript: string;
  /** The inline head script that applies a stored consent choice before first paint. */
  headScript: string;
  /**
   * public/favicon.svg as a `data:` URL when it is a small SVG: browsers fetch the icon on a connection of its
   * own after the page loads, a request that competes with the page's own on a slow network. Otherwise undefined,
   * and the pages link the file.
   */
  faviconDataUrl: string | undefined;
  /** The inline speculation rules: prefetch same-origin pages on intent (design.md §3). */
  speculationRules: string;
  /** `sha256-…` of each inline script above, for the Content-Security-Policy: known here, never read back from pages. */
  inlineScriptHashes: string[];
  files: OutputFile[];
}
