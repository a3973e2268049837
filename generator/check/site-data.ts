/**
 * Checks of content/site.yaml against the rest of the content (issue 12, items 1 and 2): every link of the
 * header and footer names a page that exists and a label every dictionary has; every offer has its wording
 * in every language's pricing page, and no wording is left without its offer.
 */
import { ContentError } from "../errors.ts";
import type { LoadedContent } from "../load/content.ts";
import { siteFile, type Navigation, type NavigationLink } from "../load/site.ts";
import type { PageDefinition } from "../../model/route.ts";

const blocks = ["about", "contact", "social"];

/** Problems between site.yaml and the pages and dictionaries, each at its place in the file that must change. */
export function checkSiteData(content: LoadedContent, pages: readonly PageDefinition[]): ContentError[] {
  const navigation = content.site.navigation;
  const problems: ContentError[] = [];
  if (!navigation) return problems;
  const linkable = pages.filter((page) => page.indexable).map((page) => page.id);
  const checkLink = (link: NavigationLink | undefined) => {
    if (!link?.page || !link.label) return;
    if (!linkable.includes(link.page))
      problems.push(
        new ContentError({ file: siteFile, ...link.at["page"] }, `Unknown page "${link.page}"`, {
          hint: `Name one of the pages: ${linkable.join(", ")}. A new page needs content/pages/${link.page}.<language>.md in every language.`,
        }),
      );
    problems.push(...checkLabel(content, link.label, link.at["label"]));
    if (link.section !== undefined && !/^[A-Za-z][\w-]*$/.test(link.section))
      problems.push(
        new ContentError({ file: siteFile, ...link.at["section"] }, `"${link.section}" is not a section name`, {
          hint: "Write the section's id without #, such as `section: about`.",
        }),
      );
  };
  for (const link of navigation.header ?? []) checkLink(link);
  checkLink(navigation.button);
  for (const link of navigation.menu ?? []) checkLink(link);
  for (const column of navigation.footer ?? []) {
    if (!column) continue;
    const place = { file: siteFile, ...(column.at["block"] ?? column.at["title"] ?? column.at["links"]) };
    if (column.block !== undefined) {
      if (!blocks.includes(column.block))
        problems.push(
          new ContentError(place, `Unknown footer block "${column.block}"`, {
            hint: `Write one of ${blocks.join(", ")}, or a column with \`title:\` and \`links:\`.`,
          }),
        );
      if (column.links || column.title)
        problems.push(
          new ContentError(place, "A footer column is either a block or a list of links, not both", {
            hint: "Move the links into a column of their own, with its `title:`.",
          }),
        );
      continue;
    }
    if (!column.title || !column.links)
      problems.push(
        new ContentError(place, "A footer column of links needs `title:` and `links:`", {
          hint: "Give the column a title (a key of content/i18n/*.yaml, such as footer.legal) and its links, or name a `block:`.",
        }),
      );
    if (column.title) problems.push(...checkLabel(content, column.title, column.at["title"]));
    for (const link of column.links ?? []) checkLink(link);
  }
  problems.push(...checkOfferWording(content));
  return problems;
}

/** The dictionary keys that site.yaml's navigation uses as labels: templates read them through site data. */
export function navigationLabels(navigation: Navigation | undefined): string[] {
  if (!navigation) return [];
  const links = [
    ...(navigation.header ?? []),
    navigation.button,
    ...(navigation.menu ?? []),
    ...(navigation.footer ?? []).flatMap((column) => column?.links ?? []),
  ];
  const titles = (navigation.footer ?? []).map((column) => column?.title);
  return [...new Set([...links.map((link) => link?.label), ...titles].filter((key): key is string => !!key))];
}

/** A label is a dictionary key that every language defines. */
function checkLabel(
  content: LoadedContent,
  key: string,
  at: { line: number; column: number } | undefined,
): ContentError[] {
  const lacking = content.locales.filter((locale) => locale.dictionary.size > 0 && !locale.dictionary.has(key));
  if (lacking.length === 0) return [];
  const files = lacking.map((locale) => `content/i18n/${locale.locale}.yaml`).join(", ");
  return [
    new ContentError({ file: siteFile, ...at }, `Unknown label "${key}": no such key in ${files}`, {
      hint: `Use a key of the dictionaries, such as nav.contact, or add "${key}" to every file in content/i18n/.`,
    }),
  ];
}

/** Each offer of site.yaml has its wording in every pricing page, and each wording has its offer. */
function checkOfferWording(content: LoadedContent): ContentError[] {
  const problems: ContentError[] = [];
  const figures = content.site.offers;
  if (!figures) return problems;
  for (const locale of content.locales) {
    const page = locale.pages["pricing"];
    if (!page) continue;
    // A front matter that did not load is its one error: the offers' wording in it is unread, not missing.
    const { file, bodyLine } = page.origin;
    if (content.problems.some(({ place }) => place.file === file && (place.line ?? 1) < bodyLine)) continue;
    const wording = page.offers ?? {};
    for (const [name, offer] of Object.entries(wording)) {
      const figure = figures[name];
      if (!figure)
        problems.push(
          new ContentError(
            { file: page.origin.file, ...offer?.at["name"] },
            `The offer "${name}" is not in ${siteFile}`,
            {
              hint: `Name one of the offers of ${siteFile} (${Object.keys(figures).join(", ")}), or add "${name}" there with its price.`,
            },
          ),
        );
      // A price that was written but refused is reported once, where it stands: not again as a missing note.
      else if (figure.price === undefined && !figure.at?.["price"] && !offer?.priceNote)
        problems.push(
          new ContentError({ file: page.origin.file, ...offer?.at["name"] }, `The offer "${name}" needs a priceNote`, {
            hint: `${siteFile} gives it no price: write what the visitor reads instead, such as \`priceNote: Price on request\`.`,
            kind: "offerNeedsPriceNote",
            values: { offer: offer?.name ?? name },
          }),
        );
      // A group price says what it comes to a head: by team size (its `sizes`), or in a line of its own.
      else if (perGroup(figure) && !offer?.perPerson && !figure.sizes?.length)
        problems.push(
          new ContentError(
            { file: page.origin.file, ...offer?.at["name"] },
            `The offer "${name}" needs a perPerson line`,
            {
              hint: `Its price is for the whole group: add a line such as \`perPerson: "{offers.${name}.perPerson} per person"\`, or the team sizes to price a head for as \`sizes:\` in ${siteFile}.`,
            },
          ),
        );
    }
    for (const name of Object.keys(figures).filter((candidate) => !(candidate in wording)))
      problems.push(
        new ContentError({ file: page.origin.file, line: 1, column: 1 }, `The offer "${name}" has no wording here`, {
          hint: `Add \`${name}:\` under \`offers:\` with its name, unit, summary, features and cta, written like the offers beside it.`,
        }),
      );
  }
  return problems;
}

const perGroup = (figure: { price?: number; per: string }) => figure.price !== undefined && figure.per === "group";
