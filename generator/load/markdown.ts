import matter from "gray-matter";
import type { Root } from "mdast";
import type RemarkHtml from "remark-html";
import type { unified as Unified } from "unified";
import { telHref } from "../../model/contact.ts";
import type { MarkdownLink } from "../../model/content.ts";
import { ContentError, placeAt, type Loaded } from "../errors.ts";
import {
  imageHandler,
  pictureSchema,
  textSchema,
  type MarkdownImages,
  type MarkdownPlace,
} from "../images/markdown.ts";
import { plainTypography, remarkTypography, type Typography } from "./typography.ts";
import { readYaml, type YamlNode, type YamlReader } from "../io/yaml.ts";
import type { markdownTree as MarkdownTreeOf } from "./markdown-tree.ts";

/** A markdown file split into its located front matter and its body. */
export interface MarkdownSource {
  front: YamlNode | undefined;
  body: string;
  /** Line of the file on which the body starts, for locating problems in it. */
  bodyLine: number;
  /** The front matter is in a language other than YAML: nothing of the file was read. */
  refused?: boolean;
}

/** The least of an mdast node this module reads. */
interface MdNode {
  type: string;
  url?: string;
  title?: string | null;
  value?: string;
  identifier?: string;
  children?: MdNode[];
  position?: { start: { offset?: number; line?: number; column?: number }; end: { offset?: number } };
  data?: { hProperties?: Record<string, string> };
}

/**
 * The markdown engine: markdown-it's parser giving remark's tree (markdown-tree.ts), and unified with
 * remark-html making the HTML. Loaded when a body is first parsed (`loadMarkdownEngine`), not as the CLI
 * starts: a build whose every markdown body comes from the project's cache (a warm build, a watch save of a
 * dictionary) never evaluates their modules: a warm build of the real site ran 1.3 % fewer instructions
 * when this was remark (2.095 → 2.066 billion, every thread, callgrind, two runs each).
 */
let engine: { unified: typeof Unified; remarkHtml: typeof RemarkHtml; markdownTree: typeof MarkdownTreeOf } | undefined;

/** Loads the markdown engine; the functions below that parse or render need it first. */
export async function loadMarkdownEngine(): Promise<void> {
  if (engine) return;
  const [{ unified }, { default: remarkHtml }, { markdownTree }] = await Promise.all([
    import("unified"),
    import("remark-html"),
    import("./markdown-tree.ts"),
  ]);
  engine ??= { unified, remarkHtml, markdownTree };
}

function loaded() {
  if (!engine) throw new Error("The markdown engine is used before loadMarkdownEngine() loaded it");
  return engine;
}

/** One processor per typography (a language's): that typography on text nodes, then HTML. */
const processors = new Map<string, ReturnType<typeof textProcessor>>();
const textProcessor = (typography: Typography) => {
  const { unified, remarkHtml } = loaded();
  return unified().use(markLanguageLinks).use(remarkTypography, typography).use(remarkHtml, { sanitize: textSchema });
};

/**
 * A link title that is a language code (`"en"`) marks a link that leads to another language on
 * purpose. It is written as the link's `hreflang` (what the attribute means), not as a tooltip.
 */
const languageTitle = /^[a-z]{2}$/;
const markLanguageLinks = () => (tree: MdNode) => {
  visit(tree, (node) => {
    if (node.type === "link" && node.title && languageTitle.test(node.title)) {
      node.data = { ...node.data, hProperties: { ...node.data?.hProperties, hrefLang: node.title } };
      node.title = null;
    }
  });
};

/** What the HTML of a body depends on besides its text, the base path and the package versions: part of every cache key. */
export const markdownOptions = "markdown-it+languageLinks+remark-html:pictureSchema+tel+factsAsText/4";

function visit(node: MdNode, action: (node: MdNode) => void) {
  action(node);
  for (const child of node.children ?? []) visit(child, action);
}

/** What the link check needs of a markdown body: pure data, so it is cached beside the rendered HTML. */
export interface LinkScan {
  links: MarkdownLink[];
  /** `[text][label]` whose label is never defined: it would show as bracketed text. */
  undefinedReferences: { label: string; line: number; column: number }[];
  /** Where quotes and lists nest deeper than the parser reads (markdown-tree.ts `nestingLimit`). */
  nestedTooDeep?: { line: number; limit: number };
}

/** What a link scan depends on besides the body: part of its cache key. */
export const linkScanOptions = "links/3+nesting";

/**
 * Every link and image of a markdown body, reference-style ones at their definition, with the line
 * and column of the address, counted from `bodyLine`.
 */
export function scanLinks(body: string, bodyLine: number, tree: MarkdownTree = parseMarkdown(body)): LinkScan {
  const scan: LinkScan = { links: [], undefinedReferences: [] };
  const nested = (tree.data as { nestedTooDeep?: LinkScan["nestedTooDeep"] } | undefined)?.nestedTooDeep;
  if (nested) scan.nestedTooDeep = { line: bodyLine + nested.line - 1, limit: nested.limit };
  // A place counted from the node's own start, which the tree knows: counting from the body's start for
  // every link took a minute for a paragraph of 20,000 linked lines.
  const at = (node: MdNode, offset: number) => {
    const { offset: from = 0, line, column } = node.position?.start ?? {};
    return line === undefined || column === undefined
      ? placeAt(body, offset, { line: bodyLine, column: 1 })
      : placeAt(body.slice(from, offset), offset - from, { line: bodyLine + line - 1, column });
  };
  // A definition that an image refers to (`![The herd][herd]`) names an image, not a page.
  const imageLabels = new Set<string>();
  visit(tree as MdNode, (node) => {
    if (node.type === "imageReference" && node.identifier) imageLabels.add(node.identifier);
  });
  visit(tree as MdNode, (node) => {
    const start = node.position?.start.offset ?? 0;
    if ((node.type === "link" || node.type === "image" || node.type === "definition") && node.url !== undefined) {
      const source = body.slice(start, node.position?.end.offset ?? start);
      const opening = node.type === "definition" ? source.indexOf("]:") : source.lastIndexOf("](");
      const urlAt = source.indexOf(node.url, Math.max(0, opening));
      scan.links.push({
        kind:
          node.type === "image" || (node.type === "definition" && imageLabels.has(node.identifier ?? ""))
            ? "image"
            : "link",
        url: node.url,
        ...at(node, start + Math.max(0, urlAt)),
        ...(node.title && languageTitle.test(node.title) ? { hreflang: node.title } : {}),
      });
    }
    if (node.type === "text" && node.value) {
      for (const match of node.value.matchAll(/\[[^\]\n]+\]\[([^\]\n]*)\]/g)) {
        const label = match[1] || match[0].slice(1, match[0].indexOf("]"));
        scan.undefinedReferences.push({ label, ...at(node, start + match.index) });
      }
    }
  });
  return scan;
}

/** The problems of a scan, located in `file`. */
export function linkProblems(scan: LinkScan, file: string): ContentError[] {
  const nested = scan.nestedTooDeep;
  return [
    ...(nested
      ? [
          new ContentError(
            { file, line: nested.line, column: 1 },
            `Quotes and lists nest more than ${nested.limit} deep from here: what stands deeper would not show`,
            { hint: "Nest fewer quotes (`>`) and lists inside each other." },
          ),
        ]
      : []),
    ...scan.undefinedReferences.map(
      ({ label, line, column }) =>
        new ContentError({ file, line, column }, `The link reference [${label}] is not defined`, {
          hint: "Define it on a line of its own below the text, such as `[label]: /de/pricing/`, or check the spelling.",
        }),
    ),
  ];
}

/** Front matter languages other than YAML: gray-matter would `eval` JavaScript, so every one of them refuses. */
const refused = () => {
  throw new Error("Only YAML front matter is read");
};
const otherEngines = Object.fromEntries(
  ["javascript", "js", "json", "toml", "coffee", "coffeescript", "cson"].map((name) => [name, refused]),
);

/** The only place that reads front matter (gray-matter) and markdown (markdown-tree.ts). Content never runs code: YAML only. */
export function splitMarkdown(text: string, file: string, yaml: YamlReader = readYaml): Loaded<MarkdownSource> {
  const problems: ContentError[] = [];
  const language = /^---[ \t]*([^\s-][^\n]*)?\n/.exec(text)?.[1]?.trim();
  if (language && !["yaml", "yml"].includes(language.toLowerCase())) {
    problems.push(
      new ContentError({ file, line: 1, column: 4 }, `Front matter in "${language}" is not read: only YAML is`, {
        hint: "Start the file with a line of just `---` and write the fields as YAML (`title: …`), as the other files do.",
      }),
    );
    return { value: { front: undefined, body: "", bodyLine: 1, refused: true }, problems };
  }
  let front: YamlNode | undefined;
  // An options object on every call: gray-matter caches option-less results, broken ones included (gray-matter #166).
  const parsed = matter(text, {
    language: "yaml",
    engines: {
      ...otherEngines,
      yaml: (source: string) => {
        // gray-matter hands over the text after the opening `---`, its line break included.
        const result = yaml(source, file, source.startsWith("\n") ? 0 : 1);
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
  return { value: { front, body: parsed.content, bodyLine }, problems };
}

/**
 * Markdown to HTML, with a language's typography on the text (never on code or URLs); remark-html
 * sanitises with GitHub's schema (plus the `<picture>` of images), so no raw HTML reaches a page.
 * Root-relative links (`/de/pricing/`) go through `linkTo`, the site's own href(), so they get the base
 * path as every other link does. With `images`, images become `<picture>`s of the image pipeline, their
 * problems located in `place`.
 */
export function renderMarkdown(body: string, options: RenderOptions = {}): string {
  return renderTree(parseMarkdown(body), (text) => text, options);
}

/** How a body becomes HTML; every field may be left out. */
export interface RenderOptions {
  /** The site's href() for root-relative links; without it they stay as written. */
  linkTo?: (path: string) => string;
  /** The image pipeline; with `place`, images become its `<picture>`s. */
  images?: MarkdownImages;
  /** Where the body is, for the images' problems. */
  place?: MarkdownPlace;
  /** The typography of the page's language (its rules file); plain by default. */
  typography?: Typography;
}

/** A markdown body's syntax tree: parsed once, it gives both the link scan and, once filled in, the HTML. */
export type MarkdownTree = Root;

/** The syntax tree of a body. Parsing is the same for every processor: their plugins only transform. */
export function parseMarkdown(body: string): MarkdownTree {
  return loaded().markdownTree(body);
}

/**
 * renderMarkdown on a parsed tree, whose texts, addresses, titles and alt texts are first passed
 * through `fill` (the site's facts in `{placeholders}`). The tree is changed: scan it before.
 */
export function renderTree(
  tree: MarkdownTree,
  fill: (text: string) => string,
  { linkTo = (path) => path, images, place, typography = plainTypography() }: RenderOptions = {},
): string {
  if (!processors.has(typography.key)) processors.set(typography.key, textProcessor(typography));
  const used = images && place ? pictureProcessor(images, place, typography) : processors.get(typography.key)!;
  fillTexts(tree as MdNode, fill);
  resolveLinks(tree as MdastNode, linkTo);
  return String(used.stringify(used.runSync(tree) as typeof tree)).trim();
}

/** Every string an editor wrote that reaches the page, passed through `fill`. */
function fillTexts(tree: MdNode, fill: (text: string) => string) {
  visit(tree, (node) => {
    const fields = node as unknown as Record<string, unknown>;
    for (const field of ["value", "url", "title", "alt"])
      if (typeof fields[field] === "string") fields[field] = fill(fields[field]);
  });
}

/** A processor whose images (inline and by reference) go through the image pipeline. */
function pictureProcessor(images: MarkdownImages, place: MarkdownPlace, typography: Typography) {
  const image = imageHandler(images, place);
  const { unified, remarkHtml } = loaded();
  return unified()
    .use(markLanguageLinks)
    .use(remarkTypography, typography)
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

/**
 * Every link and link definition of a markdown tree whose URL is root-relative, resolved. Images keep
 * the path as written: the image handler reads it as a file of the project (images/markdown.ts). A `tel:`
 * link loses the spaces of the number it quotes (`[{contact.phone}](tel:{contact.phone})`).
 */
function resolveLinks(node: MdastNode, linkTo: (path: string) => string) {
  const image = (node as { type?: string }).type === "image";
  if (!image && typeof node.url === "string" && node.url.startsWith("/") && !node.url.startsWith("//"))
    node.url = linkTo(node.url);
  else if (!image && typeof node.url === "string" && /^tel:/i.test(node.url)) node.url = telHref(node.url);
  for (const child of node.children ?? []) resolveLinks(child as MdastNode, linkTo);
}

/** The part of an mdast node that carries a URL. */
interface MdastNode {
  url?: unknown;
  children?: readonly object[];
}
