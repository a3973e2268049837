/**
 * A testimonial may start in one language (an owner writes the German one first): it shows on that
 * language's pages, and `check` lists each missing version as a translation to do, a warning that the
 * build goes on past and `check --strict` fails on.
 */
import type { LoadedContent } from "../load/content.ts";
import { ContentWarning } from "../warnings.ts";

export function missingTestimonialVersions(content: LoadedContent): ContentWarning[] {
  const warnings: ContentWarning[] = [];
  const byLocale = content.locales.map((locale) => ({
    code: locale.locale,
    ids: new Set(locale.testimonials.map((testimonial) => testimonial.id)),
  }));
  const name = (code: string) => new Intl.DisplayNames("en", { type: "language" }).of(code) ?? code;
  const seen = new Set<string>();
  for (const locale of content.locales)
    for (const testimonial of locale.testimonials) {
      if (seen.has(testimonial.id)) continue;
      seen.add(testimonial.id);
      const file = testimonial.origin.file;
      for (const missing of byLocale.filter((other) => !other.ids.has(testimonial.id)))
        warnings.push(
          new ContentWarning(
            { file, line: 1, column: 1 },
            `"${testimonial.id}" has no ${name(missing.code)} version yet: it shows on the ${name(locale.locale)} pages only`,
            {
              hint: `Translate it into ${file.replace(/\.[a-z]{2,3}\.md$/, `.${missing.code}.md`)}, with the same front matter fields.`,
            },
          ),
        );
    }
  return warnings;
}
