/**
 * The shipped host configuration (design.md §2, §3): one set of header rules, written out for
 * Netlify and Cloudflare Pages (`_headers`, `_redirects`) and for nginx (`nginx.conf`), so that
 * every host serves the same cache and security headers and the locale's own 404 page.
 */
import type { FormMode } from "../../model/contact.ts";
import { adminPolicy, isAdminFile } from "../editor/admin-files.ts";
import { outputMarker } from "../write/out-dir.ts";
import type { OutputFile } from "../../model/output.ts";

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
}

/**
 * Types of files the site ships that the hosts do not all know: nginx's mime.types has no `.ics` and
 * would send it as application/octet-stream. `_headers` and nginx.conf set these; `serve` knows them too.
 */
export const extraContentTypes: Readonly<Record<string, string>> = { ".ics": "text/calendar; charset=utf-8" };

/** The extra type of an output file, by its extension, if it has one. */
function extraTypeOf(file: string): string | undefined {
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
  // The web editor at /admin/ (shipped on request) has a policy of its own: write/admin.ts says why.
  return isAdminFile(file) ? { ...headers, "content-security-policy": adminPolicy } : headers;
}

/** Whether an output-relative file is content-hashed (everything esbuild writes under assets/). */
function isHashedAsset(file: string): boolean {
  return file.replace(/^\/+/, "").startsWith("assets/");
}

/** The headers for one output file, lower-case names: `headersFor` over the site's rules. */
export function responseHeaders(input: HostConfigInput, file: string): Record<string, string> {
  return headersFor(headerRules(input), file);
}

/** The three host files, for the root of the output folder. */
export function createHostConfigs(input: HostConfigInput): OutputFile[] {
  return [
    { path: "_headers", contents: headersFile(input) },
    { path: "_redirects", contents: redirectsFile(input) },
    { path: "nginx.conf", contents: nginxConf(input) },
  ];
}

/** The host files themselves: never served. */
export const hostConfigFiles = ["_headers", "_redirects", "nginx.conf"] as const;

/**
 * Files of the output folder that are not part of the site: the host files and the build's marker. Cloudflare
 * Pages and Netlify serve every file of the folder they publish (Netlify's deploy skips dotfiles and its own
 * `_headers`/`_redirects`, Cloudflare's skips neither dotfiles nor nginx.conf), so `_redirects` refuses each.
 */
export const unpublishedFiles = [...hostConfigFiles, outputMarker] as const;

/** The locales with a URL prefix: every one but the default. */
function prefixedLocales(input: HostConfigInput) {
  return input.locales.filter((locale) => locale.prefix !== "");
}

/** Output-relative files named in `_headers`: what the build writes, the host files themselves aside. */
function namedFiles(input: HostConfigInput): string[] {
  return input.files.filter((file) => !(hostConfigFiles as readonly string[]).includes(file));
}

/** Header names as the hosts' documentation spells them (HTTP itself does not care). */
function displayName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());
}

/** One block of `_headers`: a URL pattern and what it sets; `source` is the output path it stands for. */
export interface HeaderBlock {
  pattern: string;
  headers: Record<string, string>;
  comment?: string;
  /** The top-level file or folder of the output (`favicon.svg`, `de/`) whose short cache this block sets. */
  source?: string;
  /** Headers of other blocks this one removes (Cloudflare's `! Name`; Netlify ignores the line). */
  detach?: string[];
}

/**
 * The blocks of Netlify and Cloudflare Pages `_headers`, by pattern. Both hosts apply every block whose
 * pattern matches a request and join a header set by two matching blocks with a comma ("max-age=300, …,
 * public, max-age=31536000, immutable" would be ambiguous to caches). Cloudflare could detach the first with
 * a `! Cache-Control` line; Netlify's parser skips such lines. So no header is set by two blocks that match
 * one path, on either host:
 *  - `/*` sets the security headers, and only those, for every response (404s included);
 *  - `/assets/*` sets only the immutable Cache-Control;
 *  - the short Cache-Control comes from one block per top-level entry of the output besides assets/:
 *    `/` for the home page, `/about-me/*` for a folder (its page and all below it), `/robots.txt` for a file.
 * So the count grows with the top level of public/, not with its files: Cloudflare Pages reads 100 rules and
 * ignores the rest, and `check` refuses a site that would cross that (generator/hosts/limits.ts).
 * Responses for unknown paths carry the security headers and the host's default cache.
 */
export function headerBlocks(input: HostConfigInput): HeaderBlock[] {
  const rules = headerRules(input);
  const { "cache-control": _html, ...security } = headersFor(rules, "index.html");
  const blocks: HeaderBlock[] = [
    {
      pattern: `${input.basePath}*`,
      headers: security,
      comment: "Security headers: every response, 404s included. Set here only.",
    },
    {
      pattern: `${input.basePath}assets/*`,
      headers: { "cache-control": headersFor(rules, "assets/x")["cache-control"]! },
      comment: "Content-hashed files: a new build gives them new names.",
    },
  ];
  blocks.push(...contentTypeBlocks(input));
  if (input.files.some(isAdminFile)) {
    // Cloudflare detaches the site's policy with "! Content-Security-Policy"; Netlify skips that line and
    // joins both policies, under which the editor cannot run: there, serve /admin/ from its own site.
    const { "cache-control": cache, "content-security-policy": policy } = headersFor(rules, "admin/index.html");
    blocks.push({
      pattern: `${input.basePath}admin/*`,
      headers: { "cache-control": cache!, "content-security-policy": policy! },
      detach: ["Content-Security-Policy"],
      comment: "The web editor: its own policy.",
    });
  }
  // The short cache, by top-level file or folder. Page folders come first in the file list but are given up
  // first: past the host's rule limit, pages keep the hosts' own default (revalidated on every visit), so a
  // site of any number of pages deploys; the files of public/ are the editor's to keep in a few folders.
  const short = { "cache-control": rules.cache.other };
  const tops = new Map<string, { pattern: string; pages: boolean }>();
  for (const file of namedFiles(input).filter((name) => !isHashedAsset(name) && !isAdminFile(name))) {
    const [top, ...below] = file.split("/");
    const source = below.length > 0 ? `${top}/` : top!;
    const page = file.endsWith(".html");
    const known = tops.get(source);
    if (known) {
      known.pages &&= page;
      continue;
    }
    tops.set(source, {
      pattern: input.basePath + (source === "index.html" ? "" : below.length > 0 ? `${source}*` : source),
      pages: page,
    });
  }
  const all = [...tops];
  const kept = blocks.length + all.length <= cloudflareLimits.headerRules ? all : all.filter(([, top]) => !top.pages);
  kept.forEach(([source, { pattern }], index) =>
    blocks.push({
      pattern,
      headers: short,
      source,
      comment:
        index === 0
          ? "Pages and other unhashed files, by top-level file or folder: fresh 5 minutes, then stale while revalidating for 30."
          : undefined,
    }),
  );
  return blocks;
}

/**
 * The types the hosts do not know by extension (calendar files): by folder where every file of the folder has
 * that type, else by file. They set Content-Type only, so no header comes from two blocks.
 */
function contentTypeBlocks(input: HostConfigInput): HeaderBlock[] {
  const files = namedFiles(input);
  const blocks: HeaderBlock[] = [];
  for (const [extension, type] of Object.entries(extraContentTypes)) {
    const typed = files.filter((file) => file.endsWith(extension));
    const folders = new Set(typed.map((file) => file.slice(0, file.lastIndexOf("/") + 1)));
    for (const folder of folders) {
      const all = folder !== "" && files.every((file) => !file.startsWith(folder) || file.endsWith(extension));
      const paths = all ? [`${folder}*`] : typed.filter((file) => file.slice(0, file.lastIndexOf("/") + 1) === folder);
      for (const path of paths) blocks.push({ pattern: input.basePath + path, headers: { "content-type": type } });
    }
  }
  return blocks;
}

/** Netlify and Cloudflare Pages `_headers`, written from `headerBlocks`. */
function headersFile(input: HostConfigInput): string {
  const block = ({ pattern, headers, comment, detach = [] }: HeaderBlock) =>
    `${comment ? `# ${comment}\n` : ""}${pattern}\n${[
      ...detach.map((name) => `  ! ${name}`),
      ...Object.entries(headers).map(([name, value]) => `  ${displayName(name)}: ${value}`),
    ].join("\n")}\n`;
  return [
    "# Netlify and Cloudflare Pages headers, written by ranch-site build. Generated: edit generator/hosts/host-config.ts.",
    "# No header is set by two blocks that match the same path: both hosts would join the values.",
    "",
    headerBlocks(input).map(block).join("\n"),
  ].join("\n");
}

/** One line of `_redirects`: `from  to  status`. */
export interface RedirectRule {
  from: string;
  to: string;
  /** `404`, `200`, `301`; a `!` forces the rule where a file exists (Netlify). */
  status: string;
}

/**
 * The rules of `_redirects`, in order (the first matching line wins on both hosts):
 *  1. The files that are not part of the site answer 404 with the not-found page. Netlify: a forced
 *     (`404!`) rule shadows the file. Cloudflare Pages takes no 404 rule (it skips those lines with a
 *     warning), but follows its redirects even where a file exists: a rewrite (`200`) to a path no build
 *     writes gets its 404 page with status 404. Netlify never reaches these, its forced rule came first.
 *  2. For Netlify, a path that matches no file gets its language's not-found page with status 404.
 *     Cloudflare Pages serves the nearest 404.html itself (/de/… → /de/404.html).
 */
export function redirectRules(input: HostConfigInput): RedirectRule[] {
  const base = input.basePath;
  const hidden = unpublishedFiles.map((file) => `${base}${file}`);
  return [
    ...hidden.map((from) => ({ from, to: `${base}404.html`, status: "404!" })),
    ...hidden.map((from) => ({ from, to: `${base}${absentPath}`, status: "200" })),
    ...prefixedLocales(input).map((locale) => ({
      from: `${base}${locale.prefix}/*`,
      to: `${base}${locale.prefix}/404.html`,
      status: "404",
    })),
    { from: `${base}*`, to: `${base}404.html`, status: "404" },
  ];
}

/** Where Cloudflare's rewrites of the unpublished files lead: a name the build never writes (claims.ts refuses every hidden file). */
export const absentPath = ".ranch-site-absent";

function redirectsFile(input: HostConfigInput): string {
  return [
    "# Written by ranch-site build. Generated: edit generator/hosts/host-config.ts.",
    "# The host files and the build's marker are not part of the site: Netlify answers them 404 (the forced",
    "# 404! lines); Cloudflare Pages skips those lines with a warning and takes the 200 lines after them, which",
    "# rewrite to a path that does not exist, so it answers 404 with its not-found page.",
    "# Then, for Netlify: unknown paths get their language's not-found page, with status 404; the first",
    "# matching line wins, so each language's line comes before the catch-all.",
    "# Cloudflare Pages needs none of this: it serves the 404.html nearest to the requested path",
    "# itself (/de/… → /de/404.html, anything else → /404.html). It accepts no 404 rules and skips",
    "# these lines with a warning; Workers static assets (wrangler deploy) refuse the file, so",
    '# delete it there and set not_found_handling = "404-page".',
    ...redirectRules(input).map(({ from, to, status }) => `${from}  ${to}  ${status}`),
    "",
  ].join("\n");
}

/** One `add_header … always;` per header, so 404 pages and redirects carry them too. */
function addHeaders(headers: Record<string, string>, indent: string): string {
  return Object.entries(headers)
    .map(([name, value]) => `${indent}add_header ${name} "${value.replace(/["\\]/g, "\\$&")}" always;`)
    .join("\n");
}

/**
 * The nginx snippet, to `include` inside a server block whose root serves the site:
 *
 *     server {
 *       listen 80;
 *       root /srv/ranch-site/dist;            # base path /: the built folder itself
 *       include /srv/ranch-site/dist/nginx.conf;
 *     }
 *
 * With a base path such as /ranch/, `root` is the folder that holds the built site as `ranch/`.
 * Clean URLs come from nginx's own directory handling: `/about-me` is a directory, so nginx
 * answers 301 to `/about-me/` (relative, with absolute_redirect off), and `/about-me/` serves its
 * index.html. add_header is not inherited by a location that has its own, so every location
 * lists all of its headers.
 */
function nginxConf(input: HostConfigInput): string {
  const base = input.basePath;
  const rules = headerRules(input);
  const page = addHeaders(headersFor(rules, "index.html"), "    ");
  const asset = addHeaders(headersFor(rules, "assets/x"), "    ");
  const notFound = (prefix: string) => `${base}${prefix ? `${prefix}/` : ""}404.html`;
  const localeBlocks = prefixedLocales(input).map(
    (locale) => `
# ${locale.code}: misses below ${base}${locale.prefix}/ get the ${locale.code} not-found page.
location ${base}${locale.prefix}/ {
    index index.html;
    error_page 403 404 =404 ${notFound(locale.prefix)};
${page}
}`,
  );
  const notFoundBlocks = input.locales.map(
    (locale) => `
location = ${notFound(locale.prefix)} {
    internal;
    error_page 404 ${notFound(locale.prefix)};
${page}
}`,
  );
  const typeBlocks = Object.entries(extraContentTypes).map(
    ([extension, type]) => `
location ~ ^${escapeRegex(base)}.*${escapeRegex(extension)}$ {
${page}
    types { ${type.split(";")[0]} ${extension.slice(1)}; }
}`,
  );
  const hidden = hostConfigFiles.map((file) => `location = ${base}${file} { return 404; }`).join("\n");
  return `# nginx snippet for the site, written by ranch-site build. Generated: edit generator/hosts/host-config.ts.
# Include it inside a server block whose root serves the site:
#   server { listen 80; root /srv/ranch-site/dist; include /srv/ranch-site/dist/nginx.conf; }
# It sets charset, gzip, absolute_redirect, error_page and the locations below: leave those out of that block.
# With base path ${base === "/" ? "/some/folder/" : base}, root is the folder that holds the built site${base === "/" ? " under that path" : ` as ${base.slice(1, -1)}/`}.

charset utf-8;
charset_types text/css text/plain text/xml application/xml application/javascript text/javascript application/json image/svg+xml text/calendar;
# Redirects keep the scheme and host the visitor used: "/about-me" → "Location: /about-me/".
absolute_redirect off;
# The build writes .gz (and .br) files beside every text file over 1 KiB: served as they are, never
# compressed again. Smaller files are compressed on the fly. gzip_vary adds "Vary: Accept-Encoding".
gzip_static on;
# Brotli: with Debian's module (apt-get install libnginx-mod-http-brotli-static), uncomment the next line.
# brotli_static on;
gzip on;
gzip_vary on;
gzip_min_length 256;
gzip_types text/css text/plain text/xml application/xml application/javascript text/javascript application/json application/ld+json image/svg+xml text/calendar;

# Unknown paths: the not-found page, with status 404 (directories without index.html too).
error_page 403 404 =404 ${notFound("")};

# Pages and other unhashed files: fresh 5 minutes, stale while revalidating for 30.
location ${base} {
    index index.html;
${page}
}

# Content-hashed files: immutable for a year.
location ${base}assets/ {
${asset}
}
${localeBlocks.join("\n")}
${
  input.files.some(isAdminFile)
    ? `
# The web editor: its own policy in place of the site's.
location ${base}admin/ {
    index index.html;
${addHeaders(headersFor(rules, "admin/index.html"), "    ")}
}
`
    : ""
}
# The not-found pages answer only as error pages, always with status 404.${notFoundBlocks.join("\n")}

# The host configuration files are not part of the site.
${hidden}

# Nor is any dotfile or dot-folder: the build's output marker, .DS_Store, .git/.
location ~ ^${escapeRegex(base)}(.*/)?\\. { return 404; }

# Files whose type nginx's mime.types lacks (calendar files): after the dotfile rule, which must win.${typeBlocks.join("\n")}
`;
}

/** A literal path for a regular expression of nginx (PCRE). */
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

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
