/**
 * Links editors write in markdown, checked the way a visitor would follow them: root-relative,
 * relative and reference-style links resolve against the page they stand on, must reach a page or a
 * file of public/, stay in their language unless marked, and a #fragment must name an element of the
 * rendered target page (checkFragments, after rendering). Images are the image pipeline's to check.
 */
import type { Locale } from "../config.ts";
import { ContentError } from "../errors.ts";
import { ContentWarning } from "../warnings.ts";
import type { Place } from "../../model/problem.ts";
import type { LoadedContent, MarkdownOrigin } from "../load/content.ts";
import type { AddressLock, PageDefinition } from "../../model/route.ts";
import { pathIn } from "../routes.ts";
import { everyTime, type RememberCheck } from "./unchanged.ts";

/** A link whose #fragment can only be checked against the rendered target page. */
export interface FragmentLink {
  place: Place;
  url: string;
  /** The target page as linked (`/de/pricing/`) and the output file it is written to. */
  page: string;
  file: string;
  fragment: string;
}

interface Target {
  /** The language of a page; undefined for a file of public/, which every language shares. */
  locale?: string;
  page?: PageDefinition;
  file?: string;
}

const origin = "https://site.invalid";
const prefixed = (locale: Locale, path: string) => `/${locale.prefix ? `${locale.prefix}/` : ""}${path}`;
/** A page's address in a language, or the language's home when there is no such page. */
const pathOf = (page: PageDefinition | undefined, locale: Locale) => (page ? pathIn(page, locale.code) : "");

/**
 * Checks every markdown link and image of the content; returns the problems and the fragments left for later.
 * The links of a file are checked again only when the file or the site's addresses changed (`remember`): in
 * `watch`, a save of one page checks that page's links, not every page's: at 226 pages 0.3 ms of CPU a save
 * instead of 3.2 (in-process, the bench's corpus).
 */
export function checkLinks(
  content: LoadedContent,
  pages: readonly PageDefinition[],
  locales: readonly Locale[],
  remember: RememberCheck = everyTime,
): { problems: ContentError[]; fragments: FragmentLink[]; warnings: ContentWarning[] } {
  const targets = new Map<string, Target>();
  for (const locale of locales)
    // Every page at an address (a noindex one such as the programme sheet too), not the not-found file.
    for (const page of pages.filter((candidate) => candidate.path === "" || candidate.path.endsWith("/")))
      targets.set(prefixed(locale, pathIn(page, locale.code)), {
        locale: locale.code,
        page,
        file: `${locale.prefix ? `${locale.prefix}/` : ""}${pathIn(page, locale.code)}index.html`,
      });
  for (const file of content.publicFiles) targets.set(`/${file.path}`, {});
  // What a link's verdict depends on besides its file: every address, its language and output file.
  const addresses = [...targets]
    .map(([path, target]) => `${path} ${target.locale ?? ""} ${target.file ?? ""}`)
    .join("\n");

  const problems: ContentError[] = [];
  const fragments: FragmentLink[] = [];
  const warnings: ContentWarning[] = [];
  const context = { targets, pages, movedPages: oldAddresses(content.addressLock, pages, locales) };
  const pageOf = firstBy(pages, (page) => page.markdown);
  for (const localeContent of content.locales) {
    const locale = locales.find((candidate) => candidate.code === localeContent.locale)!;
    const sources: [MarkdownOrigin, string][] = [
      ...Object.entries(localeContent.pages).map(([id, page]): [MarkdownOrigin, string] => [
        page.origin,
        prefixed(locale, pathOf(pageOf.get(id), locale)),
      ]),
      // Testimonials show on the home and references pages: their relative links resolve from the home page.
      ...localeContent.testimonials.map((testimonial): [MarkdownOrigin, string] => [
        testimonial.origin,
        prefixed(locale, ""),
      ]),
    ];
    for (const [source, base] of sources) {
      // A file's verdict is remembered whole: its problems, the fragments it leaves and the warnings it gives.
      const found = remember(
        `links\0${locale.code}\0${source.file}`,
        [source, base, addresses, content.addressLock],
        () => {
          const found = {
            ...context,
            problems: [] as ContentError[],
            fragments: [] as FragmentLink[],
            oldLinks: new Map<string, OldLink>(),
          };
          for (const link of source.links) {
            const place = { file: source.file, line: link.line, column: link.column };
            const problem = checkLink(link, { ...found, base, locale, place });
            if (problem) found.problems.push(problem);
          }
          // One warning per old address the file links to (oldAddressWarning).
          const moved = [...found.oldLinks.values()].map(oldAddressWarning);
          return { problems: found.problems, fragments: found.fragments, warnings: moved };
        },
      );
      problems.push(...found.problems);
      fragments.push(...found.fragments);
      warnings.push(...found.warnings);
    }
  }
  return { problems, fragments, warnings };
}

/** What every link of a build is checked against, and where the fragments and warnings it leaves go. */
interface LinkContext {
  targets: Map<string, Target>;
  pages: readonly PageDefinition[];
  /** Each old address of the address lock, and the page and language it now belongs to (oldAddresses). */
  movedPages: ReadonlyMap<string, MovedPage>;
  fragments: FragmentLink[];
  /** The links of one file to old addresses, by the address: each becomes one warning (oldAddressWarning). */
  oldLinks: Map<string, OldLink>;
}

/** The first link of a file to an old address, and how many links of that file lead there. */
interface OldLink {
  place: Place;
  shown: string;
  now: string;
  hint: string;
  count: number;
}

/**
 * One warning per file and old address, at its first link: a text that links there twenty times gets one
 * line that says so, not twenty lines with the same hint (400 such pages printed 8,000 lines).
 */
function oldAddressWarning({ place, shown, now, hint, count }: OldLink): ContentWarning {
  const more = count > 1 ? ` (and ${count - 1} more ${count === 2 ? "link" : "links"} to it in this file)` : "";
  return new ContentWarning(place, `The link ${shown} leads to an old address of ${now}${more}`, { hint });
}

/** Where one link stands: the page it is on (the base of a relative address), its language and its place. */
interface LinkAt extends LinkContext {
  base: string;
  locale: Locale;
  place: Place;
}

function checkLink(
  link: MarkdownOrigin["links"][number],
  { base, locale, place, targets, pages, movedPages, fragments, oldLinks }: LinkAt,
): ContentError | undefined {
  // Other sites, mailto: and tel: are not ours to check; an unfilled placeholder is refused where its fact belongs.
  if (/^[a-z][a-z0-9+.-]*:/i.test(link.url) || link.url.startsWith("//") || /\{[A-Za-z]/.test(link.url))
    return undefined;
  const resolved = new URL(link.url, origin + base);
  let path: string;
  let fragment: string;
  try {
    path = decodeURI(resolved.pathname);
    fragment = decodeURIComponent(resolved.hash.slice(1));
  } catch {
    return new ContentError(place, `The address "${link.url}" has a broken %-escape`, {
      hint: "Write the address as it reads, or escape a % sign as %25.",
    });
  }
  const written = link.url.replace(/#.*$/, "");
  const shown = written === path || written === "" ? `"${link.url}"` : `"${link.url}" (${path})`;
  let target = targets.get(path);
  // Images go through the image pipeline, which checks them against content/images/ (images/markdown.ts).
  if (link.kind === "image") return undefined;
  // An old address still answers (with a redirect): the link works, but costs every visitor a detour.
  const moved = !target && movedPages.get(path);
  if (moved) {
    const now = prefixed(moved.locale, pathIn(moved.page, moved.locale.code));
    const seen = oldLinks.get(path);
    if (seen) seen.count += 1;
    else
      oldLinks.set(path, {
        place,
        shown,
        now,
        hint: `Link to ${now}${written === link.url ? "" : link.url.slice(written.length)}: the old address only forwards there.`,
        count: 1,
      });
    path = now;
    target = targets.get(now);
  }
  if (!target) {
    return new ContentError(place, `The link ${shown} leads to no page`, {
      hint: targets.has(`${path}/`)
        ? `Write "${path}/", with the trailing slash.`
        : `Link to a page of the site, such as ${prefixed(
            locale,
            pathOf(
              pages.find((page) => page.id === "pricing"),
              locale,
            ),
          )}, with the trailing slash.`,
      kind: "linkToNoPage",
      values: { link: link.url },
    });
  }
  if (target.locale && target.locale !== locale.code && link.hreflang !== target.locale) {
    const own = prefixed(locale, pathIn(target.page!, locale.code));
    return new ContentError(
      place,
      `The link ${shown} on this "${locale.code}" page leads to a page in "${target.locale}"`,
      {
        hint: `Link to ${own}; if the other language is meant, give the link its code as title: [text](${link.url} "${target.locale}").`,
        kind: "linkToOtherLanguage",
        values: { link: link.url, language: target.locale },
      },
    );
  }
  if (fragment && target.file) fragments.push({ place, url: link.url, page: path, file: target.file, fragment });
  return undefined;
}

/** Text that is not markup: an `id="…"` inside a script, a style or a comment is no element's (the tags stay). */
const notMarkup = /(<(script|style)\b[^>]*>)[^]*?(?=<\/\2\s*>)|<!--[^]*?-->/gi;
/** A start tag with its attributes; a quoted value may hold `>`. */
const startTag = /<([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const idAttribute = /\sid\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;
/** The five characters a renderer escapes in an attribute value (React's escapeTextForBrowser), as written. */
const escaped: Record<string, string> = {
  "&amp;": "&",
  "&quot;": '"',
  "&#x27;": "'",
  "&#39;": "'",
  "&lt;": "<",
  "&gt;": ">",
};

/**
 * The element ids of a rendered page that a #fragment may name: sections and headings first (the hint
 * suggests them). A scan of the start tags, not a parse into a tree: `watch` asks this of every page a
 * fragment targets on every rebuild, and a tree of the contact page cost 2 ms a time.
 */
export function fragmentIds(html: string): string[] {
  const landmarks: string[] = [];
  const others: string[] = [];
  for (const [, tag, attributes] of html.replace(notMarkup, "$1").matchAll(startTag)) {
    const found = idAttribute.exec(attributes!);
    if (!found) continue;
    const id = (found[1] ?? found[2] ?? found[3]!).replace(
      /&(?:amp|quot|#x27|#39|lt|gt);/g,
      (entity) => escaped[entity]!,
    );
    (/^(section|article|main|h[1-6])$/i.test(tag!) ? landmarks : others).push(id);
  }
  return [...new Set([...landmarks, ...others])];
}

/**
 * The "check rendered" step: every #fragment names an element id of its rendered target page.
 * `pageIds` holds `fragmentIds` of each target page that was rendered.
 */
export function checkFragments(
  fragments: readonly FragmentLink[],
  pageIds: ReadonlyMap<string, readonly string[]>,
): ContentError[] {
  const idsOf = (file: string) => pageIds.get(file) ?? [];
  return fragments
    .filter((link) => !idsOf(link.file).includes(link.fragment))
    .map(
      (link) =>
        new ContentError(
          link.place,
          `The link "${link.url}" leads to no element with id "${link.fragment}" on ${link.page}`,
          {
            hint: `Link to a part of that page that exists, such as ${
              idsOf(link.file)
                .slice(0, 3)
                .map((id) => `#${id}`)
                .join(", ") || "the page itself"
            }, or leave out the #fragment.`,
            kind: "linkToNoAnchor",
            values: { link: link.url, anchor: link.fragment },
          },
        ),
    );
}

/** A page and the language of one of its old addresses. */
interface MovedPage {
  page: PageDefinition;
  locale: Locale;
}

/**
 * Every address of the address lock, and the page and language it belongs to (the first the lock lists, of
 * a page and language the site still has): looked up once per link to no page, where a search of the whole
 * lock for each made a site of many pages that link an old address quadratic.
 */
function oldAddresses(lock: AddressLock, pages: readonly PageDefinition[], locales: readonly Locale[]) {
  const moved = new Map<string, MovedPage>();
  const pageById = firstBy(pages, (page) => page.id);
  for (const [code, byPage] of lock) {
    const locale = locales.find((candidate) => candidate.code === code);
    for (const [id, addresses] of byPage) {
      const page = pageById.get(id);
      if (!page || !locale) continue;
      for (const address of addresses) if (!moved.has(address)) moved.set(address, { page, locale });
    }
  }
  return moved;
}

/** Each item by its key, the first of any that share one (as `find` would give). */
function firstBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T> {
  const found = new Map<K, T>();
  for (const item of items) if (!found.has(key(item))) found.set(key(item), item);
  return found;
}
