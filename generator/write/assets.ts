import { createHash } from "node:crypto";
import path from "node:path";
import * as esbuild from "esbuild";
import type { Site } from "../load/site.ts";
import type { OutputFile } from "./writer.ts";

/** The stylesheets each page inlines, the bundled browser script, and the inline head script. */
export interface Assets {
  /**
   * Minified CSS by template group: `home` for the home pages, `pages` for every other page; each holds the
   * shared styles first. Inline, the first paint waits for no second request (Lighthouse LCP, issue 13).
   */
  styles: InlineStyles;
  /** `sha256-…` of each inline stylesheet, for the Content-Security-Policy's style-src. */
  styleHashes: string[];
  js: string;
  headScript: string;
  /** `sha256-…` of the head script, for the Content-Security-Policy. */
  headScriptHash: string;
  files: OutputFile[];
}

/** Bundles templates/styles and templates/client with esbuild into content-hashed files under assets/. */
export async function bundleAssets(root: string, site: Site): Promise<Assets> {
  const styles = path.join(root, "templates/styles");
  const consent = { fontsUrl: site.consent?.fontsUrl ?? "", prefetchHost: site.consent?.prefetchHost ?? "" };
  const common = {
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
        site: path.join(styles, "site.css"),
        home: path.join(styles, "home.css"),
        pages: path.join(styles, "pages.css"),
        app: path.join(root, "templates/client/main.ts"),
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
      entryPoints: [path.join(root, "templates/client/head.ts")],
      format: "iife",
      target: ["es2018"],
    }),
  ]);
  const outputs = bundles.outputFiles.map((file) => ({
    path: path.relative(root, file.path).split(path.sep).join("/"),
    contents: file.contents,
    text: file.text,
  }));
  const css = (name: string) =>
    outputs.find((file) => new RegExp(`^assets/${name}\\.[^/]+\\.css$`).test(file.path))!.text.trim();
  const inline: InlineStyles = { home: `${css("site")}${css("home")}`, pages: `${css("site")}${css("pages")}` };
  const headScript = head.outputFiles[0]!.text.trim();
  return {
    styles: inline,
    styleHashes: Object.values(inline).map(sha256),
    js: outputs.find((file) => file.path.endsWith(".js"))!.path,
    headScript,
    headScriptHash: sha256(headScript),
    // The stylesheets live inline in the pages; only the script and any file they import are written.
    files: outputs.filter((file) => !file.path.endsWith(".css")).map(({ path, contents }) => ({ path, contents })),
  };
}

/** The stylesheet a page inlines, by the group of its template. */
export interface InlineStyles {
  home: string;
  pages: string;
}

/** A CSP hash source, without quotes: `sha256-…`, over the exact text between the tags. */
const sha256 = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
