import matter from "gray-matter";
import { remark } from "remark";
import remarkHtml from "remark-html";
import { ContentError } from "../errors.ts";
import { readYaml, type YamlNode } from "./yaml.ts";

/** A markdown file split into its located front matter and its body. */
export interface MarkdownSource {
  front: YamlNode | undefined;
  body: string;
  /** Line of the file on which the body starts, for locating problems in it. */
  bodyLine: number;
  /** The front matter is in a language other than YAML: nothing of the file was read. */
  refused?: boolean;
}

const processor = remark().use(remarkHtml);

/** Front matter languages other than YAML: gray-matter would `eval` JavaScript, so every one of them refuses. */
const refused = () => {
  throw new Error("Only YAML front matter is read");
};
const otherEngines = Object.fromEntries(
  ["javascript", "js", "json", "toml", "coffee", "coffeescript", "cson"].map((name) => [name, refused]),
);

/** The only place that reads front matter (gray-matter) and markdown (remark). Content never runs code: YAML only. */
export function splitMarkdown(text: string, file: string, problems: ContentError[]): MarkdownSource {
  const language = /^---[ \t]*([^\s-][^\n]*)?\n/.exec(text)?.[1]?.trim();
  if (language && !["yaml", "yml"].includes(language.toLowerCase())) {
    problems.push(
      new ContentError({ file, line: 1, column: 4 }, `Front matter in "${language}" is not read: only YAML is`, {
        hint: "Start the file with a line of just `---` and write the fields as YAML (`title: …`), as in the other pages.",
      }),
    );
    return { front: undefined, body: "", bodyLine: 1, refused: true };
  }
  let front: YamlNode | undefined;
  // An options object on every call: gray-matter caches option-less results, broken ones included (gray-matter #166).
  const parsed = matter(text, {
    language: "yaml",
    engines: {
      ...otherEngines,
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
export function renderMarkdown(body: string): string {
  return String(processor.processSync(body)).trim();
}
