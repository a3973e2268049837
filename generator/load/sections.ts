import { headingTexts, sectionSlug } from "../../model/sections.ts";
import { ContentError } from "../errors.ts";
import type { YamlNode } from "../io/yaml.ts";

/**
 * A page's `folded` list (front matter) names `##` headings of its text: one that names none would fold
 * nothing and say nothing, so it is a located problem that lists the headings there are.
 */
export function foldedProblems(front: YamlNode | undefined, html: string, file: string): ContentError[] {
  if (front?.kind !== "map") return [];
  const list = front.entries.find((entry) => entry.key === "folded")?.node;
  if (list?.kind !== "list") return [];
  const headings = headingTexts(html);
  const known = new Set(headings.map(sectionSlug));
  return list.items.flatMap((item) => {
    if (item.kind !== "scalar" || typeof item.value !== "string" || known.has(sectionSlug(item.value))) return [];
    return [
      new ContentError(
        item.at.line ? { file, ...item.at } : { file },
        `"${item.value}" is not a "##" heading of this page`,
        {
          hint: headings.length
            ? `Name a heading as it is written below the front matter: ${headings.map((text) => `"${text}"`).join(", ")}.`
            : 'Give the text a "## Heading" for each section, or leave out folded.',
          kind: "notAHeading",
          values: { heading: item.value },
        },
      ),
    ];
  });
}
