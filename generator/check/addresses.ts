/**
 * The pages' addresses per language (design.md §11): each page has one address in each language, no two
 * pages share one, and a writing rules file's `slugs:` name pages that have no text file (a page with one
 * gives its address in its front matter).
 */
import type { Locale } from "../../model/content.ts";
import type { Place } from "../../model/problem.ts";
import type { PageDefinition } from "../../model/route.ts";
import { ContentError, formatPlace } from "../errors.ts";
import type { LoadedContent } from "../load/content.ts";
import { slugPlace } from "../load/slugs.ts";
import { contactSentPage, fixedPages, pathIn } from "../routes.ts";
import { defaults } from "../config.ts";

/** The pages whose address a writing rules file gives: those with an address and no text file. */
const templatePages = [...fixedPages, contactSentPage].filter(
  (page) => !page.markdown && page.path !== "" && page.path.endsWith("/"),
);

/** Every problem of the pages' addresses: slugs of no such page, and two pages at one address in a language. */
export function checkAddresses(
  content: LoadedContent,
  pages: readonly PageDefinition[],
  languages: readonly Locale[],
): ContentError[] {
  return [...unknownSlugs(content), ...clashes(content, pages, languages)];
}

/** `slugs:` entries of the writing rules that name no page without a text file. */
function unknownSlugs(content: LoadedContent): ContentError[] {
  const problems: ContentError[] = [];
  const markdown = new Set(fixedPages.map((page) => page.markdown).filter(Boolean));
  for (const locale of content.locales) for (const id of Object.keys(locale.pages)) markdown.add(id);
  for (const rules of content.writingRules)
    for (const id of Object.keys(rules.slugPlaces)) {
      const place = rules.slugPlaces[id]!;
      if (markdown.has(id))
        problems.push(
          new ContentError(place, `The page "${id}" has a text file, which gives its address`, {
            hint: `Write \`slug: ${rules.slugs[id] ?? "…"}\` in the front matter of ${defaults.folders.content}/pages/${id}.${rules.code}.md, and remove this line.`,
          }),
        );
      else if (!templatePages.some((page) => page.id === id))
        problems.push(
          new ContentError(place, `There is no page "${id}" without a text file`, {
            hint: `Give the address of one of ${templatePages.map((page) => page.id).join(", ")}; a page with a text file gives its own as \`slug:\` in its front matter.`,
          }),
        );
    }
  return problems;
}

/** Where a page's address in a language is given: its `slug:` line, its rules' line, or its text file. */
function addressPlace(content: LoadedContent, page: PageDefinition, locale: string): { place: Place; own: boolean } {
  if (page.markdown) {
    const text = content.locales.find((candidate) => candidate.locale === locale)?.pages[page.markdown];
    const file = text?.origin.file ?? `${defaults.folders.content}/pages/${page.markdown}.${locale}.md`;
    return text?.slug ? { place: slugPlace(file, text.origin.front), own: true } : { place: { file }, own: false };
  }
  const rules = content.writingRules.find((candidate) => candidate.code === locale);
  const place = rules?.slugPlaces[page.id];
  return place ? { place, own: true } : { place: { file: `templates/${page.template}` }, own: false };
}

/**
 * Two pages at one address in a language, reported at the one whose own slug made it so; in the default
 * language, at the root, an address is also refused where it would be another language's folder or the
 * bundled files' (`/de/`, `/assets/`).
 */
function clashes(
  content: LoadedContent,
  pages: readonly PageDefinition[],
  languages: readonly Locale[],
): ContentError[] {
  const problems: ContentError[] = [];
  const [first] = languages;
  for (const language of languages) {
    const shown = (address: string) => `/${language.prefix ? `${language.prefix}/` : ""}${address}`;
    const reserved = new Map<string, string>();
    if (language === first) {
      for (const other of languages.filter((candidate) => candidate.prefix))
        reserved.set(other.prefix, `the folder of the "${other.code}" pages`);
      reserved.set("assets", "the folder of the bundled styles and scripts");
    }
    const taken = new Map<string, PageDefinition>();
    for (const page of pages) {
      const address = pathIn(page, language.code);
      if (address === "" || !address.endsWith("/")) continue;
      const mine = addressPlace(content, page, language.code);
      const folder = reserved.get(address.split("/")[0]!);
      if (folder && mine.own) {
        problems.push(
          new ContentError(mine.place, `The address ${shown(address)} is taken by ${folder}`, {
            hint: "Give the page another slug.",
          }),
        );
        continue;
      }
      const holder = taken.get(address);
      if (!holder) {
        taken.set(address, page);
        continue;
      }
      const theirs = addressPlace(content, holder, language.code);
      const [blamed, other] =
        !mine.own && theirs.own ? [theirs, { page, ...mine }] : [mine, { page: holder, ...theirs }];
      problems.push(
        new ContentError(
          blamed.place,
          `The address ${shown(address)} is taken by the page "${other.page.id}" (${formatPlace(other.place)})`,
          { hint: "Give each page an address of its own in every language: change one of the two slugs." },
        ),
      );
    }
  }
  return problems;
}
