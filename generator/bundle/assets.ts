import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { BuildOptions } from "esbuild";
import { cachedBundle } from "../cache/bundle.ts";
import { defaults } from "../config.ts";
import type { Site } from "../load/site.ts";
import type { Stylesheets } from "../../model/page.ts";
import type { Assets } from "../../model/output.ts";

/**
 * Bundles templates/styles and templates/client with esbuild: a stylesheet per template group, the script as a
 * content-hashed file under assets/, and the inline scripts, so that every hash is known before any page is rendered.
 * While none of their sources changed, the bundles come from the project's cache (`cache` false: always bundled).
 */
export async function bundleAssets(
  root: string,
  site: Site,
  basePath: string,
  { cache = true }: { cache?: boolean } = {},
): Promise<Assets> {
  const common = sharedOptions(root, site);
  const [outputs, head, faviconDataUrl] = await Promise.all([
    bundleFiles(root, common, cache),
    bundle("head-script", cache, {
      ...common,
      entryPoints: [path.join(root, defaults.folders.templates, "client/head.ts")],
      format: "iife",
      target: ["es2018"],
    }),
    inlineFavicon(root),
  ]);
  const sheets = { home: stylesheet(outputs, "home"), pages: stylesheet(outputs, "pages") };
  const headScript = inlineScript(head.outputFiles[0]!.text.trim(), "templates/client/head.ts");
  const appScript = inlineScript(bundled(outputs, "app", "js"), "templates/client/main.ts");
  const formScript = inlineScript(bundled(outputs, "form", "js"), "templates/client/contact-form.ts");
  const rules = speculationRules(basePath);
  return {
    styles: { home: sheets.home.path, pages: sheets.pages.path },
    appScript,
    formScript,
    headScript,
    faviconDataUrl,
    inlineScriptHashes: [headScript, appScript, formScript, rules].map(sha256),
    speculationRules: rules,
    // The stylesheets; the script is inline, and what esbuild emits beside it (files it imports) goes along.
    files: [
      sheets.home,
      sheets.pages,
      ...outputs.filter((file) => !/\.(css|js)$/.test(file.path)).map(({ path, contents }) => ({ path, contents })),
    ],
  };
}

/** The esbuild options both bundles share: minified, in memory, and the site's consent settings compiled in. */
function sharedOptions(root: string, site: Site) {
  const consent = { fontsUrl: site.consent?.fontsUrl ?? "", prefetchHost: site.consent?.prefetchHost ?? "" };
  return {
    // Hashes in file names depend on paths relative to the working folder: the project's, wherever it is run from.
    absWorkingDir: root,
    bundle: true,
    write: false,
    minify: true,
    logLevel: "silent",
    metafile: true,
    define: { __CONSENT__: JSON.stringify(consent) },
  } as const;
}

/** A file esbuild wrote, its path relative to the project (`assets/site.X1Y2.css`). */
interface BundledFile {
  path: string;
  contents: Uint8Array;
  text: string;
}

/** The stylesheets of templates/styles and the scripts of templates/client, each content-hashed under assets/. */
async function bundleFiles(
  root: string,
  common: ReturnType<typeof sharedOptions>,
  cache: boolean,
): Promise<BundledFile[]> {
  const styles = path.join(root, defaults.folders.templates, "styles");
  const bundles = await bundle("assets", cache, {
    ...common,
    entryPoints: {
      site: path.join(styles, "site.css"),
      home: path.join(styles, "home.css"),
      pages: path.join(styles, "pages.css"),
      app: path.join(root, defaults.folders.templates, "client/main.ts"),
      form: path.join(root, defaults.folders.templates, "client/contact-form.ts"),
    },
    outdir: path.join(root, "assets"),
    entryNames: "[name].[hash]",
    assetNames: "[name].[hash]",
    // A classic script: the pages carry it inline at the end of <body> (templates/Layout.tsx).
    format: "iife",
    target: ["es2020", "chrome100", "firefox100", "safari15"],
    loader: { ".svg": "file", ".woff2": "file" },
  });
  return bundles.outputFiles.map((file) => ({
    path: path.relative(root, file.path).split(path.sep).join("/"),
    contents: file.contents,
    text: file.text,
  }));
}

/** The text of one bundled entry (`app`, `home`), by its name and extension. */
const bundled = (outputs: readonly BundledFile[], name: string, extension: "css" | "js") =>
  outputs.find((file) => new RegExp(`^assets/${name}\\.[^/]+\\.${extension}$`).test(file.path))!.text.trim();

/** One stylesheet per template group, the shared styles first: the home page loads none of the others' rules. */
function stylesheet(outputs: readonly BundledFile[], group: keyof Stylesheets) {
  const text = `${bundled(outputs, "site", "css")}${bundled(outputs, group, "css")}`;
  const hash = createHash("sha256").update(text).digest("hex").slice(0, 10);
  return { path: `assets/${group}.${hash}.css`, contents: new TextEncoder().encode(text) };
}

/** One esbuild build, or its result from the cache while none of its inputs changed (generator/cache/bundle.ts). */
function bundle(
  name: string,
  cache: boolean,
  options: BuildOptions & { absWorkingDir: string; metafile: true; write: false },
) {
  return cachedBundle({ name, options }, cache, async () => ({
    result: await (await import("esbuild")).build(options),
  }));
}

/** Script text that can stand between `<script>` tags as it is: nothing in it may end the element early. */
function inlineScript(text: string, source: string): string {
  if (/<\/script|<!--/i.test(text)) throw new Error(`${source}: the bundled script contains "</script" or "<!--"`);
  return text;
}

/** Largest favicon inlined into every page; a bigger one is linked, so each page does not carry it. */
const maxInlineFavicon = 2048;

/** public/favicon.svg as a `data:` URL, if it exists and is small (see Assets.faviconDataUrl). */
async function inlineFavicon(root: string): Promise<string | undefined> {
  const svg = await readFile(path.join(root, defaults.folders.public, "favicon.svg"), "utf8").catch(() => undefined);
  if (svg === undefined || Buffer.byteLength(svg) > maxInlineFavicon) return undefined;
  // A valid URL (no spaces, quotes or angle brackets: the Nu checker holds pages to that), with the
  // characters a path may carry as they are, so it stays short and readable.
  const encoded = encodeURIComponent(svg.trim().replace(/\s+/g, " ")).replace(
    /%(2F|3A|3D|2C|3B|40)/g,
    decodeURIComponent,
  );
  return `data:image/svg+xml,${encoded}`;
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

/** A CSP hash source, as browsers compute it over the exact text of an inline script or stylesheet. */
const sha256 = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
