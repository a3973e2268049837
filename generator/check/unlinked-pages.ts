/**
 * Pages nothing links to: a page an editor added (content/pages/faq.en.md) becomes /faq/, but no
 * visitor finds it until the navigation, the footer or another page links to it. The links are
 * those the templates make while rendering (header, footer, calls to action: every `href()`), and
 * those written in markdown texts.
 */
import type { LoadedContent } from "../load/content.ts";
import type { Route } from "../../model/route.ts";
import { ContentWarning } from "../warnings.ts";

/** A warning for every indexable page in every locale that no template and no markdown text links to. */
export function findUnlinkedPages(
  routes: readonly Route[],
  linked: ReadonlySet<string>,
  content: LoadedContent,
  basePath: string,
): ContentWarning[] {
  const targets = new Set(linked);
  for (const locale of content.locales)
    for (const { origin } of [...Object.values(locale.pages), ...locale.testimonials])
      for (const link of origin.body.matchAll(/\]\(\/([^)\s#]*)/g)) targets.add(basePath + link[1]!);
  const warnings: ContentWarning[] = [];
  for (const route of routes) {
    if (!route.page.indexable || targets.has(route.href)) continue;
    const file = route.page.markdown
      ? `content/pages/${route.page.markdown}.${route.locale}.md`
      : `templates/${route.page.template}`;
    const written = `/${route.href.slice(basePath.length)}`;
    const title = content.locales.find((locale) => locale.locale === route.locale)?.pages[route.page.markdown ?? ""]
      ?.title;
    warnings.push(
      new ContentWarning({ file, line: 1, column: 1 }, `No page links to ${route.href}: visitors cannot find it`, {
        hint: `Link to it from another page, as [${title ?? "its title"}](${written}) in markdown, or add it to the navigation or the footer.`,
      }),
    );
  }
  return warnings;
}
