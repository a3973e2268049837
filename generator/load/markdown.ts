import matter from "gray-matter";
import { ContentError } from "../errors.ts";
import { readYaml, type YamlNode } from "./yaml.ts";

/** A markdown file split into its located front matter and its body. */
export interface MarkdownSource {
  front: YamlNode | undefined;
  body: string;
  /** Line of the file on which the body starts, for locating problems in it. */
  bodyLine: number;
}

/** remark and its plugins load on the first page a build renders, and never when the cache has every page. */
let processor: Promise<{ processSync(body: string): unknown }> | undefined;
const loadProcessor = () =>
  (processor ??= Promise.all([import("remark"), import("remark-html")]).then(([{ remark }, { default: remarkHtml }]) =>
    remark().use(remarkHtml),
  ));

/** What the rendered HTML depends on besides the text and the package versions: part of every cache key. */
export const markdownOptions = "remark+remark-html:sanitize";

/** The only place that reads front matter (gray-matter) and markdown (remark). */
export function splitMarkdown(text: string, file: string, problems: ContentError[]): MarkdownSource {
  let front: YamlNode | undefined;
  // An options object on every call: gray-matter caches option-less results, broken ones included (gray-matter #166).
  const parsed = matter(text, {
    engines: {
      yaml: (source: string) => {
        // gray-matter hands over the text after the opening `---`, its line break included.
        const result = readYaml(source, file, source.startsWith("\n") ? 0 : 1);
        problems.push(...result.errors);
        front = result.root;
        return {};
      },
    },
  });
  if (!parsed.matter.trim()) {
    problems.push(
      new ContentError({ file, line: 1, column: 1 }, "The file has no front matter", {
        hint: "Start it with a block between two `---` lines that holds its fields, as in the other language's file.",
      }),
    );
  }
  const bodyLine = text.slice(0, text.length - parsed.content.length).split("\n").length;
  return { front, body: parsed.content, bodyLine };
}

/** Markdown to HTML; remark-html keeps its default sanitising, so no raw HTML reaches a page. */
export async function renderMarkdown(body: string): Promise<string> {
  return String((await loadProcessor()).processSync(body)).trim();
}
