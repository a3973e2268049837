/**
 * A markdown body's syntax tree (mdast, as remark would give it), parsed by markdown-it. Both follow
 * CommonMark; remark's own parser (micromark) was 38 % of a new page's CPU, and this is 8 % (CPU profiles
 * of cold builds, issue 37): a cold page costs 1.83× Eleventy's CPU, not 3.29×. What reads the tree
 * afterwards, the link scan, the facts filled in, the typography and remark-html's sanitised HTML, is the
 * same as before.
 *
 * The tree carries what remark's does where the build reads it: reference links and images as
 * references with their definitions, and the source offsets of links, images, definitions and texts,
 * which locate the problems found in them. Other nodes carry no position.
 */
import markdownIt, { type MarkdownIt, type Ruler, type Token } from "markdown-it";
import type { Root } from "mdast";

/** A node as this module builds it: the fields of mdast's node of its type. */
interface Built {
  type: string;
  children?: Built[];
  [field: string]: unknown;
}

/** What the rules below note on a token, besides markdown-it's own `label`. */
interface Noted {
  label?: string;
  /** A link's or image's first and last character + 1, in its inline text. */
  start?: number;
  end?: number;
  /** A definition's own destination and title (markdown-it keeps only the first of a label's). */
  url?: string;
  title?: string;
}

/**
 * Quotes and lists nested deeper than this are not read: markdown-it leaves out what stands deeper, so a
 * tree that reaches it says where (`data.nestedTooDeep`), and the link scan makes that a located problem.
 */
const nestingLimit = 100;

const parser = markdownParser();

/** The tree of a body. */
export function markdownTree(body: string): Root {
  const tokens = parser.parse(body, {});
  const lines = lineStarts(body);
  const deepest = tokens.find((token) => token.level >= nestingLimit - 1);
  const root: Built = {
    type: "root",
    children: [],
    ...(deepest?.map ? { data: { nestedTooDeep: { line: deepest.map[0] + 1, limit: nestingLimit } } } : {}),
  };
  const stack: Built[] = [root];
  const top = () => stack.at(-1)!;
  const open = (node: Built) => {
    add(top(), node);
    stack.push(node);
  };
  const tight: boolean[] = [];
  for (const [index, token] of tokens.entries()) {
    switch (token.type) {
      case "paragraph_open":
        // A tight list's paragraphs too: remark-html leaves out their <p> because the list is not spread.
        open({ type: "paragraph", children: [] });
        break;
      case "heading_open":
        open({ type: "heading", depth: Number(token.tag.slice(1)), children: [] });
        break;
      case "blockquote_open":
        open({ type: "blockquote", children: [] });
        break;
      case "bullet_list_open":
      case "ordered_list_open": {
        const loose = !listIsTight(tokens, index);
        tight.push(!loose);
        const ordered = token.type === "ordered_list_open";
        open({
          type: "list",
          ordered,
          start: ordered ? Number(token.attrGet("start") ?? 1) : null,
          spread: loose,
          children: [],
        });
        break;
      }
      case "list_item_open":
        open({ type: "listItem", spread: !tight.at(-1), checked: null, children: [] });
        break;
      case "bullet_list_close":
      case "ordered_list_close":
        tight.pop();
        stack.pop();
        break;
      case "paragraph_close":
      case "heading_close":
      case "blockquote_close":
      case "list_item_close":
        stack.pop();
        break;
      case "inline":
        top().children!.push(...inlineNodes(token, body, lines));
        break;
      case "fence": {
        // The info string as remark reads it: escapes and character references decoded.
        const info = parser.utils.unescapeAll(token.info).trim();
        const lang = /^\S*/.exec(info)![0];
        add(top(), {
          type: "code",
          lang: lang || null,
          meta: info.slice(lang.length).trim() || null,
          value: withoutLastLineEnd(token),
        });
        break;
      }
      case "code_block":
        add(top(), { type: "code", lang: null, meta: null, value: withoutLastLineEnd(token) });
        break;
      case "hr":
        add(top(), { type: "thematicBreak" });
        break;
      case "html_block":
        add(top(), { type: "html", value: withoutLastLineEnd(token) });
        break;
      case "reference_definition": {
        const noted = token.meta as Noted;
        // The definition starts at its label, after the marks of any quote or list it stands in.
        const start = body.indexOf("[", lines[token.map![0]]!);
        const end = (lines[token.map![1]] ?? body.length + 1) - 1;
        const label = /^\[((?:[^\\\]]|\\.)*)\]/s.exec(body.slice(start, end))?.[1] ?? noted.label!;
        add(top(), {
          type: "definition",
          identifier: noted.label!.toLowerCase(),
          label,
          url: noted.url ?? "",
          title: noted.title || null,
          position: positionOf(lines, start, end),
        });
        break;
      }
    }
  }
  return root as unknown as Root;
}

function add(parent: Built, node: Built) {
  parent.children!.push(node);
}

/** A block's text without its last line end, as remark keeps code and HTML. */
const withoutLastLineEnd = (token: Token) => token.content.replace(/\n$/, "");

/** markdown-it hides the paragraphs of a tight list: the list at `at` is tight when its items' own paragraphs are. */
function listIsTight(tokens: readonly Token[], at: number): boolean {
  const list = tokens[at]!;
  for (let index = at + 1; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.level === list.level) break;
    // An item's own paragraph stands two levels in: list, item, paragraph.
    if (token.type === "paragraph_open" && token.level === list.level + 2) return token.hidden;
  }
  return true;
}

/** The inline nodes of a paragraph or heading, their positions counted in `body`. */
function inlineNodes(block: Token, body: string, lines: readonly number[]): Built[] {
  const content = block.content;
  const at = inBody(content, body, lines, block.map![0]);
  const place = (start: number, end: number) => positionOf(lines, at(start), at(end));
  const root: Built = { type: "paragraph", children: [] };
  const stack: Built[] = [root];
  const linkEnds: number[] = [];
  // Where in `content` the next token's text is looked for: texts are located by finding them in order.
  let cursor = 0;
  const find = (text: string) => {
    const found = content.indexOf(text, cursor);
    if (found >= 0) cursor = found + text.length;
    return found >= 0 ? found : cursor;
  };
  const push = (node: Built) => add(stack.at(-1)!, node);
  const children = block.children ?? [];
  for (let index = 0; index < children.length; index++) {
    const token = children[index]!;
    const noted = (token.meta ?? {}) as Noted;
    switch (token.type) {
      case "text":
      case "softbreak": {
        // remark keeps a paragraph's line ends inside its text: one text node from one construct to the next.
        const start = token.type === "text" ? find(token.content) : cursor;
        let value = token.type === "text" ? token.content : "\n";
        while (children[index + 1]?.type === "text" || children[index + 1]?.type === "softbreak") {
          const next = children[++index]!;
          if (next.type === "text") find(next.content);
          value += next.type === "text" ? next.content : "\n";
        }
        push({ type: "text", value, position: place(start, cursor) });
        break;
      }
      case "hardbreak":
        push({ type: "break" });
        break;
      case "code_inline":
        find(token.content);
        push({ type: "inlineCode", value: token.content });
        break;
      case "html_inline":
        find(token.content);
        push({ type: "html", value: token.content });
        break;
      case "em_open":
      case "strong_open": {
        const node: Built = { type: token.type === "em_open" ? "emphasis" : "strong", children: [] };
        push(node);
        stack.push(node);
        break;
      }
      case "em_close":
      case "strong_close":
        stack.pop();
        break;
      case "link_open": {
        const position = noted.start === undefined ? undefined : place(noted.start, noted.end!);
        const node: Built = noted.label
          ? { type: "linkReference", ...reference(noted.label), children: [], position }
          : {
              type: "link",
              url: token.attrGet("href") ?? "",
              title: token.attrGet("title") || null,
              children: [],
              position,
            };
        push(node);
        stack.push(node);
        if (noted.start !== undefined) cursor = noted.start + 1;
        linkEnds.push(noted.end ?? cursor);
        break;
      }
      case "link_close":
        stack.pop();
        cursor = Math.max(cursor, linkEnds.pop()!);
        break;
      case "image": {
        const position = noted.start === undefined ? undefined : place(noted.start, noted.end!);
        const alt = plainText(token.children ?? []);
        push(
          noted.label
            ? { type: "imageReference", ...reference(noted.label), alt, position }
            : { type: "image", url: token.attrGet("src") ?? "", title: token.attrGet("title") || null, alt, position },
        );
        if (noted.end !== undefined) cursor = noted.end;
        break;
      }
    }
  }
  return root.children!;
}

/** A reference's fields: markdown-it's label is remark's identifier in capitals. */
const reference = (label: string) => ({ identifier: label.toLowerCase(), label, referenceType: "full" }) as const;

/** An image's alt text: the plain text of its description, as remark's `toString`. */
function plainText(tokens: readonly Token[]): string {
  return tokens
    .map((token) =>
      token.type === "softbreak" || token.type === "hardbreak"
        ? "\n"
        : token.type === "image"
          ? plainText(token.children ?? [])
          : token.type === "text" || token.type === "code_inline"
            ? token.content
            : "",
    )
    .join("");
}

/** The offset of each line's first character in `text`. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let index = text.indexOf("\n"); index >= 0; index = text.indexOf("\n", index + 1)) starts.push(index + 1);
  return starts;
}

/** A node's position from two offsets in the body: lines and columns from 1, as remark counts them. */
function positionOf(lines: readonly number[], start: number, end: number) {
  const point = (offset: number) => {
    const line = lastAtOrBefore(lines, offset);
    return { line: line + 1, column: offset - lines[line]! + 1, offset };
  };
  return { start: point(start), end: point(end) };
}

/** The index of the last of the ascending `starts` at or before `offset` (0 when none is). */
function lastAtOrBefore(starts: readonly number[], offset: number): number {
  let [low, high] = [0, starts.length - 1];
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * From an offset in a block's inline text to one in the body. markdown-it hands the text of a paragraph
 * or heading with each line's prefix taken off (indentation, `>` of a quote, `#` of a heading): a line of
 * the text is found at the end of its line in the body, trailing spaces aside.
 */
function inBody(content: string, body: string, lines: readonly number[], firstLine: number) {
  // Per line of the text: where it starts in the text, and what to add to reach the body.
  const starts: number[] = [];
  const shifts: number[] = [];
  let from = 0;
  content.split("\n").forEach((line, index) => {
    const bodyStart = lines[firstLine + index] ?? body.length;
    const bodyLine = body.slice(bodyStart, (lines[firstLine + index + 1] ?? body.length + 1) - 1).trimEnd();
    const shown = line.trimEnd();
    const column = bodyLine.endsWith(shown) ? bodyLine.length - shown.length : Math.max(0, bodyLine.indexOf(shown));
    starts.push(from);
    shifts.push(bodyStart + column - from);
    from += line.length + 1;
  });
  return (offset: number) => offset + shifts[lastAtOrBefore(starts, offset)]!;
}

/**
 * markdown-it in CommonMark mode, set to give what remark gives: every link a link (the sanitiser takes
 * out dangerous addresses, as before), addresses as written (remark-html encodes them), definitions
 * kept, and the place of each link and image noted on its token.
 */
function markdownParser(): MarkdownIt {
  const md = markdownIt("commonmark", { html: true, maxNesting: nestingLimit });
  md.validateLink = () => true;
  md.normalizeLink = (url) => url;
  md.normalizeLinkText = (text) => text;
  md.core.ruler.disable("strip_references");
  // Line ends stay as written, so every offset is the body's (files are read with \n line ends: io/files.ts).
  md.core.ruler.at("normalize", (state) => {
    state.src = state.src.replaceAll("\0", "\uFFFD");
  });
  for (const name of ["link", "image", "autolink"]) {
    const rule = ownRule(md.inline.ruler, name);
    md.inline.ruler.at(name, (state, silent) => {
      const start = state.pos;
      const from = state.tokens.length;
      if (!rule(state, silent)) return false;
      const token = state.tokens.slice(from).find((each) => each.type === "link_open" || each.type === "image");
      if (token) token.meta = { ...token.meta, start, end: state.pos } satisfies Noted;
      return true;
    });
  }
  const definition = ownRule(md.block.ruler, "reference");
  md.block.ruler.at("reference", (state, startLine, endLine, silent) => {
    // Each definition's own destination: markdown-it keeps a label's first only, remark each one's.
    // The rule records a label only while it is new, so it is handed an empty table and what it adds (one
    // entry at most) is copied over: copying the whole table each time took seconds for a thousand labels.
    const env = state.env as { references?: Record<string, { href: string; title: string }> };
    const kept = (env.references ??= {});
    const own: typeof kept = {};
    env.references = own;
    const from = state.tokens.length;
    try {
      if (!definition(state, startLine, endLine, silent)) return false;
    } finally {
      env.references = kept;
      for (const [label, found] of Object.entries(own)) kept[label] ??= found;
    }
    const token = state.tokens.slice(from).find((each) => each.type === "reference_definition");
    const found = token && own[(token.meta as Noted).label!];
    if (token && found) token.meta = { ...token.meta, url: found.href, title: found.title } satisfies Noted;
    return true;
  });
  return md;
}

/** One of markdown-it's own rules, to call from the one that notes what it found. */
function ownRule<Args extends unknown[], Result>(ruler: Ruler<Args, Result>, name: string): (...args: Args) => Result {
  const rule = ruler.__rules__.find((each) => each.name === name);
  if (!rule) throw new Error(`markdown-it has no rule "${name}": its version changed what ranch-site reads`);
  return rule.fn;
}
