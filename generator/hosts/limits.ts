/**
 * The hosts' limits on their configuration files, checked before anything is written: a host that
 * meets more rules than it reads ignores the rest without a word, with their Cache-Control and 404s.
 *
 * Cloudflare Pages (the parsers in wrangler 4.164's workers-shared, MAX_HEADER_RULES,
 * MAX_STATIC_REDIRECT_RULES, MAX_DYNAMIC_REDIRECT_RULES, MAX_LINE_LENGTH; the same numbers in
 * developers.cloudflare.com/pages/configuration/headers/ and …/redirects/): `_headers` 100 rules,
 * `_redirects` 2,000 static and 100 dynamic rules (a splat or placeholder makes a rule dynamic, and
 * lines it refuses, such as status 404, do not count), any line of either at most 2,000 characters.
 * Netlify (docs.netlify.com/routing/redirects and …/routing/headers) documents no count for either
 * file: it advises wildcards past 10,000 redirects and says a deploy whose serialized rules are too
 * large may fail. Cloudflare's limits are the tighter ones, so they are the ones checked.
 */
import { ContentError } from "../errors.ts";
import type { Place } from "../../model/problem.ts";
import { cloudflareLimits } from "./host-config.ts";
import { type HeaderBlock } from "./headers-file.ts";
import { type RedirectRule } from "./redirects-file.ts";

export { cloudflareLimits };

/** Statuses Cloudflare Pages accepts in `_redirects`; it skips other lines and does not count them. */
const cloudflareStatuses = new Set(["200", "301", "302", "303", "307", "308"]);

/** Where a rule comes from: a top-level entry of public/ is the editor's to move, anything else is the site's own. */
function placeOf(source: string | undefined, publicTops: ReadonlySet<string>): Place {
  if (source && publicTops.has(source)) return { file: `public/${source}` };
  return { file: "generator/hosts/host-config.ts" };
}

/**
 * One problem for each limit the host files would cross, located at the source of the first rule past it.
 * `publicFiles` are the output paths of public/'s files, which name the top-level entries an editor controls.
 */
export function hostLimitProblems(
  blocks: readonly HeaderBlock[],
  redirects: readonly RedirectRule[],
  publicFiles: readonly string[],
): ContentError[] {
  const limits = cloudflareLimits;
  const publicTops = new Set(publicFiles.map((file) => (file.includes("/") ? `${file.split("/")[0]}/` : file)));
  const problems: ContentError[] = [];
  if (blocks.length > limits.headerRules) {
    const first = blocks[limits.headerRules]!;
    const fromPublic = blocks.filter((block) => block.source && publicTops.has(block.source)).length;
    problems.push(
      new ContentError(
        placeOf(first.source, publicTops),
        `_headers would have ${blocks.length} rules, and Cloudflare Pages reads only the first ${limits.headerRules}: ` +
          `this one's rule (${first.pattern}) would be rule ${limits.headerRules + 1}, its Cache-Control ignored`,
        {
          hint:
            `Each file and folder at the top of public/ is one rule (${fromPublic} now): ` +
            `put the files of public/ into a few folders, such as public/images/.`,
        },
      ),
    );
  }
  const counted = redirects.filter((rule) => cloudflareStatuses.has(rule.status));
  const dynamic = counted.filter((rule) => /\*|:[A-Za-z]/.test(rule.from));
  const staticRules = counted.length - dynamic.length;
  if (staticRules > limits.staticRedirects || dynamic.length > limits.dynamicRedirects)
    problems.push(
      new ContentError(
        placeOf(undefined, publicTops),
        `_redirects would have ${staticRules} static and ${dynamic.length} dynamic rules, and Cloudflare Pages reads ` +
          `at most ${limits.staticRedirects} static and ${limits.dynamicRedirects} dynamic ones`,
        { hint: "Write the rules with a splat (*) or a placeholder (:name) where many paths share one target." },
      ),
    );
  const lines = [
    ...blocks.flatMap((block) => [
      { text: block.pattern, source: block.source },
      ...Object.entries(block.headers).map(([name, value]) => ({ text: `  ${name}: ${value}`, source: block.source })),
    ]),
    ...redirects.map((rule) => ({ text: `${rule.from}  ${rule.to}  ${rule.status}`, source: undefined })),
  ];
  const long = lines.find((line) => line.text.length > limits.lineLength);
  if (long)
    problems.push(
      new ContentError(
        placeOf(long.source, publicTops),
        `A line of the host files would be ${long.text.length} characters long, and Cloudflare Pages skips lines over ${limits.lineLength}: ` +
          `"${long.text.slice(0, 60)}…"`,
        { hint: "Shorten the name, or fewer inline scripts and styles make a shorter Content-Security-Policy." },
      ),
    );
  return problems;
}
