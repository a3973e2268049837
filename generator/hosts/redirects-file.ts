/** Netlify's and Cloudflare Pages' `_redirects`: unpublished files and each language's not-found page. */
import { prefixedLocales, unpublishedFiles, type HostConfigInput } from "./host-config.ts";

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
 *  2. Each old address of a page (write/old-addresses.ts) answers with one permanent redirect to its address
 *     now, with and without its trailing slash. A forwarding page stands at the old address for hosts without
 *     rules, so Netlify needs the forced `301!`; Cloudflare Pages skips that line (a status it does not know)
 *     and follows the plain `301` after it, which it applies whether a file is there or not.
 *  3. For Netlify, a path that matches no file gets its language's not-found page with status 404.
 *     Cloudflare Pages serves the nearest 404.html itself (/de/… → /de/404.html).
 */
export function redirectRules(input: HostConfigInput): RedirectRule[] {
  const base = input.basePath;
  const hidden = unpublishedFiles.map((file) => `${base}${file}`);
  return [
    ...hidden.map((from) => ({ from, to: `${base}404.html`, status: "404!" })),
    ...hidden.map((from) => ({ from, to: `${base}${absentPath}`, status: "200" })),
    ...(input.redirects ?? []).flatMap(({ from, to }) =>
      [from, from.replace(/\/$/, "")].flatMap((path) => [
        { from: path, to, status: "301!" },
        { from: path, to, status: "301" },
      ]),
    ),
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

export function redirectsFile(input: HostConfigInput): string {
  return [
    "# Written by ranch-site build. Generated: edit generator/hosts/redirects-file.ts.",
    "# The host files and the build's marker are not part of the site: Netlify answers them 404 (the forced",
    "# 404! lines); Cloudflare Pages skips those lines with a warning and takes the 200 lines after them, which",
    "# rewrite to a path that does not exist, so it answers 404 with its not-found page.",
    "# Old addresses answer with one permanent redirect to the page's address now (content/addresses.lock.yaml):",
    "# Netlify takes the forced 301! line over the forwarding page there; Cloudflare Pages skips it and takes the 301.",
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
