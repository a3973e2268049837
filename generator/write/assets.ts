import { createHash } from "node:crypto";
import path from "node:path";
import * as esbuild from "esbuild";
import { defaults } from "../config.ts";
import type { Site } from "../load/site.ts";
import type { OutputFile } from "./writer.ts";

/** The bundled stylesheet and browser script, and the inline scripts every page carries. */
export interface Assets {
  css: string;
  js: string;
  /** The inline head script that applies a stored consent choice before first paint. */
  headScript: string;
  /** The inline speculation rules: prefetch same-origin pages on intent (design.md §3). */
  speculationRules: string;
  /** `sha256-…` of each inline script above, for the Content-Security-Policy: known here, never read back from pages. */
  inlineScriptHashes: string[];
  files: OutputFile[];
}

/**
 * Bundles templates/styles and templates/client with esbuild into content-hashed files under assets/,
 * and writes the inline scripts, so that their hashes are known before any page is rendered.
 */
export async function bundleAssets(root: string, site: Site, basePath: string): Promise<Assets> {
  const consent = { fontsUrl: site.consent?.fontsUrl ?? "", prefetchHost: site.consent?.prefetchHost ?? "" };
  const common = {
    // Hashes in file names depend on paths relative to the working folder: the project's, wherever it is run from.
    absWorkingDir: root,
    bundle: true,
    write: false,
    minify: true,
    logLevel: "silent",
    define: { __CONSENT__: JSON.stringify(consent) },
  } as const;
  const [bundles, head] = await Promise.all([
    esbuild.build({
      ...common,
      entryPoints: {
        site: path.join(root, defaults.folders.templates, "styles/site.css"),
        app: path.join(root, defaults.folders.templates, "client/main.ts"),
      },
      outdir: path.join(root, "assets"),
      entryNames: "[name].[hash]",
      assetNames: "[name].[hash]",
      format: "esm",
      target: ["es2020", "chrome100", "firefox100", "safari15"],
      loader: { ".svg": "file", ".woff2": "file" },
    }),
    esbuild.build({
      ...common,
      entryPoints: [path.join(root, defaults.folders.templates, "client/head.ts")],
      format: "iife",
      target: ["es2018"],
    }),
  ]);
  const files = bundles.outputFiles.map((file) => ({
    path: path.relative(root, file.path).split(path.sep).join("/"),
    contents: file.contents,
  }));
  const find = (extension: string) => files.find((file) => file.path.endsWith(extension))!.path;
  const headScript = head.outputFiles[0]!.text.trim();
  const rules = speculationRules(basePath);
  return {
    css: find(".css"),
    js: find(".js"),
    headScript,
    speculationRules: rules,
    inlineScriptHashes: [headScript, rules].map(sha256),
    files,
  };
}

/** Prefetch same-origin pages on intent, except the language switch and links that ask not to be followed. */
function speculationRules(basePath: string): string {
  // Inside a <script>: "<" is escaped, so no value can close the element (the base path is checked too).
  return escapeScript({
    prefetch: [
      {
        where: {
          and: [{ href_matches: `${basePath}*` }, { not: { selector_matches: "[data-lang-switch], [rel~=nofollow]" } }],
        },
        eagerness: "moderate",
      },
    ],
  });
}

/** JSON for an inline script: `<` as \u003c, which JSON reads the same and HTML cannot take for a tag. */
const escapeScript = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** A CSP hash source, as browsers compute it over the exact text of an inline script. */
const sha256 = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
