/**
 * The shipped host configuration (design.md §2, §3): one host-neutral set of header rules (CSP, cache,
 * security headers), which each host's file is written from by a module of its own (`headers-file.ts` and
 * `redirects-file.ts` for Netlify and Cloudflare Pages, `nginx.ts`; `files.ts` lists them), so that every
 * host serves the same cache and security headers and the locale's own 404 page.
 */
import type { FormMode } from "../../model/contact.ts";
import { adminPolicy, isAdminFile } from "./admin-policy.ts";
import { outputMarker } from "../../model/output.ts";

/**
 * Cloudflare Pages' limits, as its own parser applies them (generator/hosts/limits.ts says where from):
 * the header rules are written to stay inside them, and check fails where the content would cross one.
 */
export const cloudflareLimits = { headerRules: 100, staticRedirects: 2000, dynamicRedirects: 100, lineLength: 2000 };

export interface HostConfigInput {
  /** Path the site is hosted under, with leading and trailing slash (`/` or `/ranch/`). */
  basePath: string;
  /** Languages in site order; the default one has an empty prefix. */
  locales: readonly { code: string; prefix: string }[];
  /**
   * Addresses pages no longer have, each with the page's address now (root-relative, base path included):
   * every host answers the old one with one permanent redirect (write/old-addresses.ts).
   */
  redirects?: readonly { from: string; to: string }[];
  /** `'sha256-…'` sources of every inline script the pages run: the head script and the speculation rules. */
  scriptHashes: string[];
  /** Origin of the consent-gated fonts stylesheet, e.g. `https://fonts.googleapis.com`. */
  fontsOrigin: string;
  /** Origin the stylesheet loads font files from, e.g. `https://fonts.gstatic.com`. */
  fontFilesOrigin: string;
  /** Where the contact form may submit besides the site itself: `mailto:`, or its endpoint's origin (none for Netlify Forms). */
  formAction: string;
  /** The form endpoint's origin, which the form's script posts to with fetch (connect-src); none without one. */
  formConnect?: string;
  /**
   * `'sha256-…'` sources of inline `<style>` elements: each page's stylesheet (generator/bundle/assets.ts),
   * and in `watch` also the styles of its error overlay and error page.
   */
  styleHashes?: string[];
  /**
   * Output-relative paths of every file the build writes. `_headers` names each file outside
   * `assets/` so that no header is ever set twice for one path (see `headersFile`).
   */
  files: readonly string[];
  /** The web editor's policy for the Git host it saves to (admin-policy.ts); `adminPolicy` unless given. */
  adminPolicy?: string;
}

/**
 * Types of files the site ships that the hosts do not all know: nginx's mime.types has no `.ics` and
 * would send it as application/octet-stream. `_headers` and nginx.conf set these; `serve` knows them too.
 */
export const extraContentTypes: Readonly<Record<string, string>> = { ".ics": "text/calendar; charset=utf-8" };

/** The extra type of an output file, by its extension, if it has one. */
export function extraTypeOf(file: string): string | undefined {
  const extension = /\.[a-z0-9]+$/i.exec(file)?.[0].toLowerCase();
  return extension === undefined ? undefined : extraContentTypes[extension];
}

/** HTML and other unhashed files: fresh for 5 minutes, then served stale while revalidating for 30 (design.md §3). */
export const shortCache = "max-age=300, stale-while-revalidate=1800";
/** Content-hashed files under assets/: a new build gives them new names. */
export const immutableCache = "public, max-age=31536000, immutable";

/**
 * A policy the site satisfies without 'unsafe-inline': its only inline scripts are allowed by
 * hash. JSON-LD blocks are data, not scripts, so script-src does not apply to them; speculation
 * rules are inline scripts and need their hash. No upgrade-insecure-requests: the tests serve the
 * site over plain http on 127.0.0.1, and HTTPS is the host's business.
 */
export function contentSecurityPolicy(input: HostConfigInput): string {
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...input.scriptHashes.map(quoteHash)],
    ["style-src", "'self'", ...(input.styleHashes ?? []).map(quoteHash), input.fontsOrigin],
    ["font-src", "'self'", input.fontFilesOrigin],
    ["img-src", "'self'", "data:"],
    ["connect-src", "'self'", input.formConnect ?? ""],
    ["form-action", "'self'", input.formAction],
    ["base-uri", "'self'"],
    ["frame-ancestors", "'none'"],
    ["object-src", "'none'"],
  ];
  return directives.map((sources) => sources.filter(Boolean).join(" ")).join("; ");
}

/**
 * The header rules of a site, as data: what every response carries, and the Cache-Control by kind
 * of file. `_headers` and `nginx.conf` are written from it, and `serve` and `watch` answer with it,
 * so no host and no local server can disagree about a header.
 */
export interface HeaderRules {
  /** Headers every response carries, pages, files, redirects and 404s alike (lower-case names). */
  security: Record<string, string>;
  /** Cache-Control of the content-hashed files under assets/, and of every other file. */
  cache: { hashed: string; other: string };
  /** The Content-Security-Policy of /admin/, in place of the site's (admin-policy.ts). */
  admin: string;
}

/** The one pure function from a site's host configuration to its header rules. */
export function headerRules(input: HostConfigInput): HeaderRules {
  return {
    security: {
      "content-security-policy": contentSecurityPolicy(input),
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
      "x-frame-options": "DENY",
      "cross-origin-opener-policy": "same-origin",
    },
    cache: { hashed: immutableCache, other: shortCache },
    admin: input.adminPolicy ?? adminPolicy,
  };
}

/**
 * The headers the rules give one output file (`de/about-me/index.html`, `assets/app.X1Y2.js`): with its
 * Content-Type only where the hosts would not know it (`extraContentTypes`).
 */
export function headersFor(rules: HeaderRules, file: string): Record<string, string> {
  const type = extraTypeOf(file);
  const headers = {
    "cache-control": isHashedAsset(file) ? rules.cache.hashed : rules.cache.other,
    ...(type && { "content-type": type }),
    ...rules.security,
  };
  // The web editor at /admin/ (shipped on request) has a policy of its own: hosts/admin-policy.ts says why.
  return isAdminFile(file) ? { ...headers, ...adminHeaders(rules) } : headers;
}

/**
 * What /admin/ sets in place of the site's headers: its own policy, and a Cross-Origin-Opener-Policy that
 * keeps the window it opens to log in to GitHub (Decap's OAuth popup answers it by postMessage to its opener,
 * which the site's `same-origin` would cut off).
 */
export function adminHeaders(rules: HeaderRules): Record<string, string> {
  return { "content-security-policy": rules.admin, "cross-origin-opener-policy": "same-origin-allow-popups" };
}

/** Whether an output-relative file is content-hashed (everything esbuild writes under assets/). */
export function isHashedAsset(file: string): boolean {
  return file.replace(/^\/+/, "").startsWith("assets/");
}

/** The headers for one output file, lower-case names: `headersFor` over the site's rules. */
export function responseHeaders(input: HostConfigInput, file: string): Record<string, string> {
  return headersFor(headerRules(input), file);
}

/**
 * The host files themselves, the one list of their names: the build writes each (hosts/files.ts), no
 * server serves one, and `watch` reloads no tab for one (dev/live-reload.ts).
 */
export const hostConfigFiles = ["_headers", "_redirects", "nginx.conf", ".htaccess"] as const;

/**
 * Files of the output folder that are not part of the site: the host files and the build's marker. Cloudflare
 * Pages and Netlify serve every file of the folder they publish (Netlify's deploy skips dotfiles and its own
 * `_headers`/`_redirects`, Cloudflare's skips neither dotfiles nor nginx.conf), so `_redirects` refuses each.
 */
export const unpublishedFiles = [...hostConfigFiles, outputMarker] as const;

/** The locales with a URL prefix: every one but the default. */
export function prefixedLocales(input: HostConfigInput) {
  return input.locales.filter((locale) => locale.prefix !== "");
}

/** Output-relative files named in `_headers`: what the build writes, the host files themselves aside. */
export function namedFiles(input: HostConfigInput): string[] {
  return input.files.filter((file) => !(hostConfigFiles as readonly string[]).includes(file));
}

function quoteHash(hash: string): string {
  const bare = hash.replace(/^'|'$/g, "");
  return `'${bare}'`;
}

/**
 * Where the contact form may send (CSP form-action, and connect-src for its script): the endpoint's origin,
 * the site itself for Netlify Forms, or the visitor's mail program for the `mailto:` form (design.md §6).
 */
export function formSources(form: FormMode): Pick<HostConfigInput, "formAction" | "formConnect"> {
  switch (form.kind) {
    case "endpoint":
      return { formAction: form.origin, formConnect: form.origin };
    case "netlify":
      return { formAction: "" };
    case "mailto":
      return { formAction: "mailto:" };
  }
}
