/**
 * Apache's `.htaccess`, for shared hosting (the most common way a small German business publishes a site):
 * the customer uploads the contents of dist/ by FTP or rsync, this file included, and Apache reads it in every
 * request for the folder. It sets what the other host files set, from the same header rules
 * (generator/hosts/host-config.ts): each language's 404 page, the security and cache headers, the `.br` and `.gz`
 * files the build writes served to clients that accept them, and no host file served.
 *
 * Shared hosts differ in which modules they enable and what `AllowOverride` lets a `.htaccess` do, and a
 * directive Apache does not know answers every request with 500. So, as H5BP's server-configs-apache does,
 * every block that needs a module is guarded by `<IfModule>`, and nothing needs more than the modules every
 * shared host enables (core, mod_mime, mod_dir, mod_rewrite, mod_headers) or an `Options` override: a site
 * whose host lacks mod_headers still serves every page, without those headers. `<If>` expressions need
 * Apache 2.4, which every maintained host runs.
 */
import { extraContentTypes, headerRules, headersFor, unpublishedFiles, type HostConfigInput } from "./host-config.ts";
import { isAdminFile } from "./admin-policy.ts";

/** A literal for a regular expression of Apache (PCRE; `#` delimits the expressions of `<If>`). */
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\#]/g, "\\$&");

/** A value in double quotes, as Apache's directives read it. */
const quoted = (value: string) => `"${value.replace(/["\\]/g, "\\$&")}"`;

/** Header names as the specifications spell them (HTTP itself does not care). */
const displayName = (name: string) =>
  name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());

/** The `.htaccess` for the root of the output folder. */
export function htaccess(input: HostConfigInput): string {
  const base = input.basePath;
  const admin = input.files.some(isAdminFile);
  const types = Object.entries(extraContentTypes).flatMap(([extension, type]) => {
    const [mediaType, charset] = type.split(/;\s*charset=/);
    return [`    AddType ${mediaType} ${extension}`, ...(charset ? [`    AddCharset ${charset} ${extension}`] : [])];
  });

  return `# Apache (shared hosting) configuration for the site, written by ranch-site build. Generated: edit generator/hosts/htaccess.ts.
# Upload everything in dist/, this file included, into the folder the site is served from${base === "/" ? "" : ` (as ${base.slice(1, -1)}/)`}.
# Each block needs only a module every shared host enables, and is skipped where the module is missing.

# Each language's not-found page, with status 404. (Apache's own error page would be English.)
${errorDocuments(input)}

AddDefaultCharset utf-8
<IfModule mod_dir.c>
    DirectoryIndex index.html
</IfModule>

<IfModule mod_mime.c>
    AddCharset utf-8 .css .js .mjs .json .svg .xml .txt .webmanifest
${types.join("\n")}
    # The build's precompressed files: x.css.br is x.css (text/css), encoded. Many hosts' mime.types give .gz a
    # type of its own (application/gzip), which would win over the .css.
    RemoveType .gz .br
    AddEncoding br .br
    AddEncoding gzip .gz
</IfModule>

${rewriteRules(input)}

<IfModule mod_headers.c>
    # Security headers on every response, 404s included; pages and other unhashed files fresh 5 minutes, then
    # stale while revalidating for 30; content-hashed files under assets/ immutable for a year.${admin ? "\n    # The web editor at admin/ has a policy of its own." : ""}
${headerLines(input, admin).join("\n")}
    # Caches keep the compressed and the plain variant apart.
    <FilesMatch "\\.(html|css|js|mjs|svg|xml|txt|ics|br|gz)$">
        Header merge Vary Accept-Encoding
    </FilesMatch>
</IfModule>
`;
}

/** Whether a request's path is below a folder of the site: a condition of Apache's `expr`. */
const below = (base: string, folder: string) => `%{REQUEST_URI} =~ m#^${escapeRegex(base + folder)}#`;
const notBelow = (base: string, folder: string) => `%{REQUEST_URI} !~ m#^${escapeRegex(base + folder)}#`;

/** A language's not-found page: `404.html` in its folder (`prefix`), the first language's at the base. */
const notFoundPage = (base: string, prefix: string) => `${base}${prefix ? `${prefix}/` : ""}404.html`;

/** The first language's not-found page for every miss, and each other language's for the misses in its folder. */
function errorDocuments(input: HostConfigInput): string {
  const base = input.basePath;
  const prefixed = input.locales.filter((locale) => locale.prefix !== "");
  return `ErrorDocument 404 ${notFoundPage(base, "")}
${prefixed
  .map(
    (locale) => `<If "${below(base, `${locale.prefix}/`)}">
    ErrorDocument 404 ${notFoundPage(base, locale.prefix)}
</If>`,
  )
  .join("\n")}`;
}

/**
 * What mod_rewrite answers: a 404 for the host files and dotfiles, a 301 for each old address of a page, a 404
 * for a folder without a page, and the precompressed copy of a file to a client that accepts it.
 */
function rewriteRules(input: HostConfigInput): string {
  const base = input.basePath;
  const hidden = unpublishedFiles.map(escapeRegex).join("|");
  const redirects = input.redirects ?? [];
  return `<IfModule mod_rewrite.c>
    RewriteEngine On
    RewriteBase ${base}

    # The host files, the build's marker and every other dotfile are not part of the site.
    RewriteRule (^|/)(${hidden})$ - [R=404,L]
    RewriteRule (^|/)\\. - [R=404,L]
${
  redirects.length > 0
    ? `    # Old addresses of pages (content/addresses.lock.yaml): one permanent redirect each to the address now,
    # with or without the trailing slash; the query string is kept.
${redirects
  .map(
    ({ from, to }) => `    RewriteRule ^${escapeRegex(from.slice(base.length).replace(/\/$/, ""))}/?$ ${to} [R=301,L]`,
  )
  .join("\n")}
`
    : ""
}    # A folder without a page: not found, rather than a listing of its files.
    RewriteCond %{REQUEST_FILENAME} -d
    RewriteCond %{REQUEST_FILENAME}/index.html !-f
    RewriteRule ^ - [R=404,L]

    # The build writes x.br and x.gz beside every text file over 1 KiB: to a client that accepts one, it is
    # served in place of x, as it is (mod_deflate, where enabled, must not compress it again).
    RewriteRule \\.(br|gz)$ - [E=no-gzip:1,E=no-brotli:1]
    RewriteCond %{HTTP:Accept-Encoding} \\bbr\\b
    RewriteCond %{REQUEST_FILENAME}.br -f
    RewriteRule ^(.+)$ $1.br [L]
    RewriteCond %{HTTP:Accept-Encoding} \\bgzip\\b
    RewriteCond %{REQUEST_FILENAME}.gz -f
    RewriteRule ^(.+)$ $1.gz [L]
</IfModule>`;
}

/**
 * The headers of every answer. Those whose value depends on where a file is come twice, each with its condition:
 * Cache-Control (assets/) and, with the web editor, its policy (admin/).
 */
function headerLines(input: HostConfigInput, admin: boolean): string[] {
  const base = input.basePath;
  const rules = headerRules(input);
  const page = headersFor(rules, "index.html");
  const asset = headersFor(rules, "assets/x");
  const editor = headersFor(rules, "admin/index.html");
  return Object.entries(page).flatMap(([name, value]) => {
    const set = (headerValue: string, condition?: string) =>
      `    Header always set ${displayName(name)} ${quoted(headerValue)}${condition ? ` ${quoted(`expr=${condition}`)}` : ""}`;
    if (name === "cache-control")
      return [set(asset[name]!, below(base, "assets/")), set(value, notBelow(base, "assets/"))];
    if (admin && editor[name] !== value)
      return [set(editor[name]!, below(base, "admin/")), set(value, notBelow(base, "admin/"))];
    return [set(value)];
  });
}
