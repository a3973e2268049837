import matter from "gray-matter";
import { remark } from "remark";
import remarkHtml from "remark-html";
import { ContentError } from "../errors.ts";
import { imageHandler, pictureSchema, type MarkdownImages, type MarkdownPlace } from "../images/markdown.ts";
import { remarkTypography } from "../typography.ts";
import { readYaml, type YamlNode } from "./yaml.ts";

/** A markdown file split into its located front matter and its body. */
export interface MarkdownSource {
  front: YamlNode | undefined;
  body: string;
  /** Line of the file on which the body starts, for locating problems in it. */
  bodyLine: number;
}

/** One processor per locale: remark, the locale's typography on text nodes, then HTML. */
const processors = new Map<string, ReturnType<typeof textProcessor>>();
const textProcessor = (locale: string) => remark().use(remarkTypography, locale).use(remarkHtml);

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

/**
 * Markdown to HTML, with the typography of `locale` on the text (never on code or URLs); remark-html
 * sanitises with GitHub's schema (plus the `<picture>` of images), so no raw HTML reaches a page.
 * Root-relative links (`/de/pricing/`) go through `linkTo`, the site's own href(), so they get the base
 * path as every other link does. With `images`, images become `<picture>`s of the image pipeline, their
 * problems located in `place`.
 */
export function renderMarkdown(
  body: string,
  linkTo: (path: string) => string = (path) => path,
  images?: MarkdownImages,
  place?: MarkdownPlace,
  locale = "en",
): string {
  if (!processors.has(locale)) processors.set(locale, textProcessor(locale));
  const used = images && place ? pictureProcessor(images, place, locale) : processors.get(locale)!;
  const tree = used.parse(body);
  resolveLinks(tree as MdastNode, linkTo);
  return String(used.stringify(used.runSync(tree) as typeof tree)).trim();
}

/** A processor whose images (inline and by reference) go through the image pipeline. */
function pictureProcessor(images: MarkdownImages, place: MarkdownPlace, locale: string) {
  const image = imageHandler(images, place);
  return remark()
    .use(remarkTypography, locale)
    .use(remarkHtml, {
      sanitize: pictureSchema,
      handlers: {
        image,
        imageReference: (state, node) => {
          const definition = state.definitionById.get(node.identifier.toUpperCase());
          return definition ? image(state, { ...node, type: "image", url: definition.url }) : undefined;
        },
      },
    });
}

/** Every link, image and link definition of a markdown tree whose URL is root-relative, resolved. */
function resolveLinks(node: MdastNode, linkTo: (path: string) => string) {
  if (typeof node.url === "string" && node.url.startsWith("/") && !node.url.startsWith("//"))
    node.url = linkTo(node.url);
  for (const child of node.children ?? []) resolveLinks(child as MdastNode, linkTo);
}

/** The part of an mdast node that carries a URL. */
interface MdastNode {
  url?: unknown;
  children?: readonly object[];
}
