/** The nginx snippet (`nginx.conf`), written from the host-neutral header rules (host-config.ts). */
import { isAdminFile } from "./admin-policy.ts";
import {
  extraContentTypes,
  headerRules,
  headersFor,
  hostConfigFiles,
  prefixedLocales,
  type HostConfigInput,
} from "./host-config.ts";

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
export function nginxConf(input: HostConfigInput): string {
  const base = input.basePath;
  const rules = headerRules(input);
  const page = addHeaders(headersFor(rules, "index.html"), "    ");
  const asset = addHeaders(headersFor(rules, "assets/x"), "    ");
  const moved = redirectBlocks(input, page);
  const hidden = hostConfigFiles.map((file) => `location = ${base}${file} { return 404; }`).join("\n");
  return `${prologue(base)}
# Unknown paths: the not-found page, with status 404 (directories without index.html too).
error_page 403 404 =404 ${notFoundPage(base, "")};

# Pages and other unhashed files: fresh 5 minutes, stale while revalidating for 30.
location ${base} {
    index index.html;
${page}
}

# Content-hashed files: immutable for a year.
location ${base}assets/ {
${asset}
}
${localeBlocks(input, page).join("\n")}
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
# The not-found pages answer only as error pages, always with status 404.${notFoundBlocks(input, page).join("\n")}

${
  moved.length > 0
    ? `# Old addresses of pages (content/addresses.lock.yaml): one permanent redirect each to the address now, query kept.
${moved.join("\n")}

`
    : ""
}# The host configuration files are not part of the site.
${hidden}

# Nor is any dotfile or dot-folder: the build's output marker, .DS_Store, .git/.
location ~ ^${escapeRegex(base)}(.*/)?\\. { return 404; }

# Files whose type nginx's mime.types lacks (calendar files): after the dotfile rule, which must win.${typeBlocks(base, page).join("\n")}
`;
}

/** The snippet's head: how to include it, and the charset, redirect and compression settings of every answer. */
function prologue(base: string): string {
  return `# nginx snippet for the site, written by ranch-site build. Generated: edit generator/hosts/nginx.ts.
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
`;
}

/** A language's not-found page: `404.html` in its folder (`prefix`), the first language's at the base. */
const notFoundPage = (base: string, prefix: string) => `${base}${prefix ? `${prefix}/` : ""}404.html`;

/** A location per language with a folder of its own, whose misses get that language's not-found page. */
function localeBlocks(input: HostConfigInput, page: string): string[] {
  const base = input.basePath;
  return prefixedLocales(input).map(
    (locale) => `
# ${locale.code}: misses below ${base}${locale.prefix}/ get the ${locale.code} not-found page.
location ${base}${locale.prefix}/ {
    index index.html;
    error_page 403 404 =404 ${notFoundPage(base, locale.prefix)};
${page}
}`,
  );
}

/** Each language's not-found page, reachable only as an error page. */
function notFoundBlocks(input: HostConfigInput, page: string): string[] {
  return input.locales.map(
    (locale) => `
location = ${notFoundPage(input.basePath, locale.prefix)} {
    internal;
    error_page 404 ${notFoundPage(input.basePath, locale.prefix)};
${page}
}`,
  );
}

/** The files whose type nginx's mime.types lacks, each with its type. */
function typeBlocks(base: string, page: string): string[] {
  return Object.entries(extraContentTypes).map(
    ([extension, type]) => `
location ~ ^${escapeRegex(base)}.*${escapeRegex(extension)}$ {
${page}
    types { ${type.split(";")[0]} ${extension.slice(1)}; }
}`,
  );
}

/**
 * Each old address of a page, with and without its closing slash, answered with a 301 to its address now.
 * Exact locations win over every prefix and regular expression: an old address never reaches its forwarding page.
 */
function redirectBlocks(input: HostConfigInput, page: string): string[] {
  return (input.redirects ?? []).flatMap(({ from, to }) =>
    [from, from.replace(/\/$/, "")].map(
      (path) => `location = ${path} {
    return 301 ${to}$is_args$args;
${page}
}`,
    ),
  );
}

/** A literal path for a regular expression of nginx (PCRE). */
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
