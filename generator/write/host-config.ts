/**
 * The shipped host configuration (design.md §2, §3): one set of header rules, written out for
 * Netlify and Cloudflare Pages (`_headers`, `_redirects`) and for nginx (`nginx.conf`), so that
 * every host serves the same cache and security headers and the locale's own 404 page.
 */
import { adminPolicy, isAdminFile } from "./admin.ts";
import type { OutputFile } from "./writer.ts";

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
  /** Where the contact form may submit besides the site itself: `mailto:`. */
  formAction: string;
  /**
   * `'sha256-…'` sources of inline `<style>` elements: each page's stylesheet (generator/write/assets.ts),
   * and in `watch` also the styles of its error overlay and error page.
   */
  styleHashes?: string[];
  /**
   * Output-relative paths of every file the build writes. `_headers` names each file outside
   * `assets/` so that no header is ever set twice for one path (see `headersFile`).
   */
  files: readonly string[];
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
    ["connect-src", "'self'"],
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

/** The headers the rules give one output file (`de/about-me/index.html`, `assets/app.X1Y2.js`). */
export function headersFor(rules: HeaderRules, file: string): Record<string, string> {
  const headers = { "cache-control": isHashedAsset(file) ? rules.cache.hashed : rules.cache.other, ...rules.security };
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

/** The locales with a URL prefix: every one but the default. */
function prefixedLocales(input: HostConfigInput) {
  return input.locales.filter((locale) => locale.prefix !== "");
}

/** Output-relative files named in `_headers`: what the build writes, the host files themselves aside. */
function namedFiles(input: HostConfigInput): string[] {
  return input.files.filter((file) => !(hostConfigFiles as readonly string[]).includes(file));
}

/** The URL path a file is served at: `about-me/index.html` → `/about-me/`. */
function urlPath(basePath: string, file: string): string {
  return basePath + file.replace(/(^|\/)index\.html$/, "$1");
}

/** Header names as the hosts' documentation spells them (HTTP itself does not care). */
function displayName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());
}

/**
 * Netlify and Cloudflare Pages `_headers`. Both apply every block whose pattern matches a request
 * and join a header set by two matching blocks with a comma ("max-age=300, …, public,
 * max-age=31536000, immutable" would be ambiguous to caches). Cloudflare could detach the
 * first with a `! Cache-Control` line; Netlify's parser skips such lines. So the blocks are
 * built so that no header is ever set twice for one path, on either host:
 *  - `/*` sets the security headers, and only those, for every response (404s included);
 *  - `/assets/*` sets only the immutable Cache-Control;
 *  - every other file gets the short Cache-Control in a block naming its exact path, which no
 *    other block with a Cache-Control matches (Cloudflare allows 100 rules: plenty for this site).
 * Responses for unknown paths carry the security headers and the host's default cache.
 */
function headersFile(input: HostConfigInput): string {
  const block = (pattern: string, headers: Record<string, string>, comment?: string) =>
    `${comment ? `# ${comment}\n` : ""}${pattern}\n${Object.entries(headers)
      .map(([name, value]) => `  ${displayName(name)}: ${value}`)
      .join("\n")}\n`;
  const rules = headerRules(input);
  const { "cache-control": _html, ...security } = headersFor(rules, "index.html");
  const asset = headersFor(rules, "assets/x");
  const blocks = [
    block(`${input.basePath}*`, security, "Security headers: every response, 404s included. Set here only."),
    block(
      `${input.basePath}assets/*`,
      { "cache-control": asset["cache-control"]! },
      "Content-hashed files: a new build gives them new names.",
    ),
  ];
  if (input.files.some(isAdminFile)) {
    // Cloudflare detaches the site's policy with "! Content-Security-Policy"; Netlify skips that line and
    // joins both policies, under which the editor cannot run: there, serve /admin/ from its own site.
    const { "cache-control": cache, "content-security-policy": policy } = headersFor(rules, "admin/index.html");
    const pattern = `${input.basePath}admin/*`;
    const admin = block(
      pattern,
      { "cache-control": cache!, "content-security-policy": policy! },
      "The web editor: its own policy.",
    );
    blocks.push(admin.replace(`${pattern}\n`, `${pattern}\n  ! Content-Security-Policy\n`));
  }
  const others = [...new Set(namedFiles(input).filter((file) => !isHashedAsset(file) && !isAdminFile(file)))];
  others.forEach((file, index) => {
    blocks.push(
      block(
        urlPath(input.basePath, file),
        { "cache-control": headersFor(rules, file)["cache-control"]! },
        index === 0
          ? "Pages and other unhashed files: fresh 5 minutes, then stale while revalidating for 30."
          : undefined,
      ),
    );
  });
  return [
    "# Netlify and Cloudflare Pages headers, written by ranch-site build. Generated: edit generator/write/host-config.ts.",
    "# No header is set by two blocks that match the same path: both hosts would join the values.",
    "",
    blocks.join("\n"),
  ].join("\n");
}

/**
 * `_redirects`, for Netlify: a path that matches no file gets its language's not-found page with
 * status 404. Netlify takes the first matching rule and applies these only where no file exists.
 */
function redirectsFile(input: HostConfigInput): string {
  const base = input.basePath;
  const rules = [
    ...prefixedLocales(input).map((locale) => `${base}${locale.prefix}/*  ${base}${locale.prefix}/404.html  404`),
    `${base}*  ${base}404.html  404`,
  ];
  return [
    "# Written by ranch-site build. Generated: edit generator/write/host-config.ts.",
    "# For Netlify: unknown paths get their language's not-found page, with status 404; the first",
    "# matching line wins, so each language's line comes before the catch-all.",
    "# Cloudflare Pages needs none of this: it serves the 404.html nearest to the requested path",
    "# itself (/de/… → /de/404.html, anything else → /404.html). It accepts no 404 rules and skips",
    "# these lines with a warning; Workers static assets (wrangler deploy) refuse the file, so",
    '# delete it there and set not_found_handling = "404-page".',
    ...rules,
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
  const hidden = hostConfigFiles.map((file) => `location = ${base}${file} { return 404; }`).join("\n");
  return `# nginx snippet for the site, written by ranch-site build. Generated: edit generator/write/host-config.ts.
# Include it inside a server block whose root serves the site:
#   server { listen 80; root /srv/ranch-site/dist; include /srv/ranch-site/dist/nginx.conf; }
# It sets charset, gzip, absolute_redirect, error_page and the locations below: leave those out of that block.
# With base path ${base === "/" ? "/some/folder/" : base}, root is the folder that holds the built site${base === "/" ? " under that path" : ` as ${base.slice(1, -1)}/`}.

charset utf-8;
charset_types text/css text/plain text/xml application/xml application/javascript text/javascript application/json image/svg+xml;
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
gzip_types text/css text/plain text/xml application/xml application/javascript text/javascript application/json application/ld+json image/svg+xml;

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
location ~ ^${base.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(.*/)?\\. { return 404; }
`;
}

function quoteHash(hash: string): string {
  const bare = hash.replace(/^'|'$/g, "");
  return `'${bare}'`;
}
