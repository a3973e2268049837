/**
 * The order of the testimonials: site.yaml's `testimonials:` names them in the order the pages show them
 * (the web editor's list, reordered by dragging); those it does not name follow in the order of their file
 * names, so a new testimonial shows last until it is listed. A name no testimonial has, or a name listed
 * twice, is a located problem: the list would promise an order the site cannot show.
 */
import { ContentError } from "../errors.ts";
import type { Position } from "../io/yaml.ts";

/** A name of the list, where it is written. */
export interface ListedName {
  name: string;
  at: Position;
}

/**
 * Each language's testimonials in the listed order, and the problems of the list. `known` holds the name
 * of every testimonial in any language (a German-only one may be listed before its English exists).
 */
export function orderTestimonials<T extends { id: string; name: string }>(
  byLocale: readonly (readonly T[])[],
  order: readonly ListedName[] | undefined,
  known: readonly string[],
  file: string,
): { value: T[][]; problems: ContentError[] } {
  if (!order) return { value: byLocale.map((list) => [...list]), problems: [] };
  const problems: ContentError[] = [];
  const rank = new Map<string, number>();
  const personOf = (id: string) => byLocale.flat().find((testimonial) => testimonial.id === id)?.name ?? id;
  for (const [index, listed] of order.entries()) {
    const place = { file, line: listed.at.line, column: listed.at.column };
    if (!known.includes(listed.name))
      problems.push(
        new ContentError(place, `No testimonial is named "${listed.name}"`, {
          hint: `Name one of content/testimonials/ without its language: ${known.join(", ")}; or remove the line.`,
          kind: "unknownTestimonial",
          values: { name: listed.name },
        }),
      );
    else if (rank.has(listed.name))
      problems.push(
        new ContentError(place, `"${listed.name}" is listed twice`, {
          hint: "Keep it once, at the place it should show.",
          kind: "testimonialTwice",
          values: { name: personOf(listed.name) },
        }),
      );
    else rank.set(listed.name, index);
  }
  // Array sort is stable: the testimonials not listed keep the order of their file names, after the others.
  const place = (testimonial: T) => rank.get(testimonial.id) ?? order.length;
  return { value: byLocale.map((list) => [...list].sort((a, b) => place(a) - place(b))), problems };
}
