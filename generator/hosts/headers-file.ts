/**
 * Netlify's and Cloudflare Pages' `_headers`: the host-neutral header rules (host-config.ts) as blocks by
 * URL pattern, inside Cloudflare's limits (limits.ts).
 */
import { isAdminFile } from "./admin-policy.ts";
import {
  adminHeaders,
  cloudflareLimits,
  extraContentTypes,
  headerRules,
  headersFor,
  isHashedAsset,
  namedFiles,
  type HostConfigInput,
} from "./host-config.ts";

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
 * With the web editor shipped, the headers /admin/ sets otherwise (its policy, `adminHeaders`) move from `/*`
 * into `/assets/*` and each top-level block, which then all stay past the limit, and `/admin/*` sets its own:
 * a miss outside the site's top-level entries then has no Content-Security-Policy.
 */
export function headerBlocks(input: HostConfigInput): HeaderBlock[] {
  const rules = headerRules(input);
  const { "cache-control": _html, ...security } = headersFor(rules, "index.html");
  // With the web editor shipped, the headers /admin/ sets otherwise (its policy) cannot come from `/*`: both
  // hosts would join them with the site's, under which the editor cannot run. They come with each block below.
  const admin = input.files.some(isAdminFile);
  const own = admin ? Object.keys(adminHeaders(rules)) : [];
  const everywhere = Object.fromEntries(Object.entries(security).filter(([name]) => !own.includes(name)));
  const sitePolicy = Object.fromEntries(Object.entries(security).filter(([name]) => own.includes(name)));
  const blocks: HeaderBlock[] = [
    {
      pattern: `${input.basePath}*`,
      headers: everywhere,
      comment: admin
        ? "Security headers: every response, 404s included; the site's policy comes with each block below, /admin/ has its own."
        : "Security headers: every response, 404s included. Set here only.",
    },
    {
      pattern: `${input.basePath}assets/*`,
      headers: { "cache-control": headersFor(rules, "assets/x")["cache-control"]!, ...sitePolicy },
      comment: "Content-hashed files: a new build gives them new names.",
    },
  ];
  blocks.push(...contentTypeBlocks(input));
  if (admin) {
    const { "cache-control": cache } = headersFor(rules, "admin/index.html");
    blocks.push({
      pattern: `${input.basePath}admin/*`,
      headers: { "cache-control": cache!, ...adminHeaders(rules) },
      comment: "The web editor: its own policy, from no other block.",
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
  // The home page by its file name too, where the site's policy comes per block: `netlify dev` matches `/` as
  // `/index.html`. No path matches both patterns, so no header is set twice.
  const home = tops.get("index.html");
  if (admin && home)
    all.splice(all.findIndex(([source]) => source === "index.html") + 1, 0, [
      "index.html",
      { ...home, pattern: `${input.basePath}index.html` },
    ]);
  // Past the limit, pages give up their short cache; with the editor they keep their block, which carries the
  // site's policy, and `check` refuses a site past the limit (limits.ts).
  const fits = admin || blocks.length + all.length <= cloudflareLimits.headerRules;
  const kept = fits ? all : all.filter(([, top]) => !top.pages);
  kept.forEach(([source, { pattern }], index) =>
    blocks.push({
      pattern,
      headers: { ...short, ...sitePolicy },
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
export function headersFile(input: HostConfigInput): string {
  const block = ({ pattern, headers, comment }: HeaderBlock) =>
    `${comment ? `# ${comment}\n` : ""}${pattern}\n${[
      ...Object.entries(headers).map(([name, value]) => `  ${displayName(name)}: ${value}`),
    ].join("\n")}\n`;
  return [
    "# Netlify and Cloudflare Pages headers, written by ranch-site build. Generated: edit generator/hosts/headers-file.ts.",
    "# No header is set by two blocks that match the same path: both hosts would join the values.",
    "",
    headerBlocks(input).map(block).join("\n"),
  ].join("\n");
}
