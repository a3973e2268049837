import { createHash } from "node:crypto";
import path from "node:path";
import * as esbuild from "esbuild";
import type { Site } from "../load/site.ts";
import type { OutputFile } from "./writer.ts";

/** The bundled stylesheet and browser script, and the inline head script. */
export interface Assets {
  css: string;
  js: string;
  headScript: string;
  /** `sha256-…` of the head script, for the Content-Security-Policy. */
  headScriptHash: string;
  files: OutputFile[];
}

/** Bundles templates/styles and templates/client with esbuild into content-hashed files under assets/. */
export async function bundleAssets(root: string, site: Site): Promise<Assets> {
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
        site: path.join(root, "templates/styles/site.css"),
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
  const files = bundles.outputFiles.map((file) => ({
    path: path.relative(root, file.path).split(path.sep).join("/"),
    contents: file.contents,
  }));
  const find = (extension: string) => files.find((file) => file.path.endsWith(extension))!.path;
  const headScript = head.outputFiles[0]!.text.trim();
  return {
    css: find(".css"),
    js: find(".js"),
    headScript,
    headScriptHash: `sha256-${createHash("sha256").update(headScript).digest("base64")}`,
    files,
  };
}
