/**
 * A page's address in one language (design.md §11): `slug:` in the front matter of its text file
 * (content/pages/pricing.de.md: `slug: preise` → /de/preise/), or, for a page without one, in the language's
 * writing rules (`slugs:`). A slug is checked like a page name: it becomes one segment of the address.
 */
import { ContentError } from "../errors.ts";
import type { Place } from "../../model/problem.ts";
import { addressLike, isSafeAddress } from "./content-files.ts";
import type { YamlNode } from "../io/yaml.ts";

/** A slug that cannot be an address, at its place; undefined when it can. */
export function slugProblem(slug: string, place: Place): ContentError | undefined {
  if (isSafeAddress(slug)) return undefined;
  const suggestion = addressLike(slug);
  return new ContentError(place, `The slug "${slug}" cannot be a web address`, {
    hint: `Write it in lowercase letters, digits and hyphens${suggestion ? `, such as ${suggestion}` : ""}: it becomes the page's address in this language.`,
  });
}

/** The front matter's `slug:`, if it cannot be an address (its type is the schema's to check). */
export function slugProblems(front: YamlNode | undefined, file: string): ContentError[] {
  if (front?.kind !== "map") return [];
  const node = front.entries.find((entry) => entry.key === "slug")?.node;
  if (node?.kind !== "scalar" || typeof node.value !== "string" || node.value === "") return [];
  const problem = slugProblem(node.value, { file, ...node.at });
  return problem ? [problem] : [];
}

/** Where `slug:` stands in a page's front matter as written (the file's first line is `---`). */
export function slugPlace(file: string, front: string | undefined): Place {
  const index = (front ?? "").split("\n").findIndex((line) => /^slug\s*:/.test(line));
  return index === -1 ? { file, line: 1, column: 1 } : { file, line: index + 1, column: 1 };
}
