import matter from "gray-matter";
import { ContentError } from "../errors.ts";
import { imageHandler, pictureSchema, type MarkdownImages, type MarkdownPlace } from "../images/markdown.ts";
import { readYaml, type YamlNode } from "./yaml.ts";

/** A markdown file split into its located front matter and its body. */
export interface MarkdownSource {
  front: YamlNode | undefined;
  body: string;
  /** Line of the file on which the body starts, for locating problems in it. */
  bodyLine: number;
}

/** remark and its plugins load on the first page a build renders, and never when the cache has every page. */
let remarkModules: Promise<{ remark: Remark; remarkHtml: RemarkHtml }> | undefined;
const loadRemark = () =>
  (remarkModules ??= Promise.all([import("remark"), import("remark-html")]).then(
    ([{ remark }, { default: remarkHtml }]) => ({
      remark,
      remarkHtml,
    }),
  ));
type Remark = typeof import("remark").remark;
type RemarkHtml = typeof import("remark-html").default;
let processor: ReturnType<typeof plainProcessor> | undefined;
const plainProcessor = (remark: Remark, remarkHtml: RemarkHtml) => remark().use(remarkHtml);

/** What the HTML of a body depends on besides its text, the base path and the package versions: part of every cache key. */
export const markdownOptions = "remark+remark-html:pictureSchema/1";

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
 * Markdown to HTML; remark-html sanitises with GitHub's schema (plus the `<picture>` of images), so no
 * raw HTML reaches a page. Root-relative links (`/de/pricing/`) go through `linkTo`, the site's own
 * href(), so they get the base path as every other link does. With `images`, images become
 * `<picture>`s of the image pipeline, their problems located in `place`.
 */
export async function renderMarkdown(
  body: string,
  linkTo: (path: string) => string = (path) => path,
  images?: MarkdownImages,
  place?: MarkdownPlace,
): Promise<string> {
  const { remark, remarkHtml } = await loadRemark();
  const used =
    images && place
      ? pictureProcessor(remark, remarkHtml, images, place)
      : (processor ??= plainProcessor(remark, remarkHtml));
  const tree = used.parse(body);
  resolveLinks(tree as MdastNode, linkTo);
  return String(used.stringify(used.runSync(tree) as typeof tree)).trim();
}

/** A processor whose images (inline and by reference) go through the image pipeline. */
function pictureProcessor(remark: Remark, remarkHtml: RemarkHtml, images: MarkdownImages, place: MarkdownPlace) {
  const image = imageHandler(images, place);
  return remark().use(remarkHtml, {
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
