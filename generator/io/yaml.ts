import { isMap, isScalar, isSeq, LineCounter, parseDocument, visit, type Node } from "yaml";
import { ContentError } from "../errors.ts";
import { indentationSlip, type IndentationSlip } from "./indentation.ts";

/** A place in a file, 1-based. */
export interface Position {
  line: number;
  column: number;
}

/** A parsed YAML value that remembers where it stood, so later checks can point at it. */
export type YamlNode =
  | { kind: "map"; entries: YamlEntry[]; at: Position }
  | { kind: "list"; items: YamlNode[]; at: Position }
  | {
      kind: "scalar";
      value: string | number | boolean | null;
      at: Position;
      quoted: boolean;
      source: string;
      comment?: string;
    };

export interface YamlEntry {
  key: string;
  keyAt: Position;
  node: YamlNode;
}

/** readYaml's shape, so a loader can be handed the cached one. */
export type YamlReader = typeof readYaml;

/**
 * A memory for text made from a text: what `make` returns for `(kind, input)`, kept where a later call
 * finds it (the project's cache, cache/render.ts `getNow`); undefined, and nothing kept, when `make`
 * says so. The readers stand below the caches, so they are handed one rather than import it.
 */
export type Remember = (kind: string, input: string, make: (input: string) => string | undefined) => string | undefined;

/**
 * readYaml through a memory: a text that parses without a problem is kept as its located tree and read
 * back without parsing (JSON reads ten times faster than YAML). A text with problems, or a value JSON
 * cannot hold (`.nan`, `.inf`), is parsed every time.
 */
export function cachedYaml(remember: Remember | undefined): YamlReader {
  if (!remember) return readYaml;
  return (source, file, lineOffset = 0) => {
    let parsed: ReturnType<typeof readYaml> | undefined;
    const kept = remember(`yaml/1\0${lineOffset}`, source, () => {
      parsed = readYaml(source, file, lineOffset);
      return parsed.errors.length === 0 ? storable(parsed.root) : undefined;
    });
    if (parsed) return parsed;
    return { root: (JSON.parse(kept!) as YamlNode | null) ?? undefined, errors: [] };
  };
}

/** A tree as JSON, or undefined when JSON would change a value of it. */
function storable(root: YamlNode | undefined): string | undefined {
  let exact = true;
  const text = JSON.stringify(root ?? null, (_, value: unknown) => {
    if (typeof value === "number" && (!Number.isFinite(value) || Object.is(value, -0))) exact = false;
    return value;
  });
  return exact ? text : undefined;
}

/** The only place that parses YAML: every syntax problem becomes a located ContentError. */
export function readYaml(
  source: string,
  file: string,
  lineOffset = 0,
): { root: YamlNode | undefined; errors: ContentError[] } {
  const lines = new LineCounter();
  // yaml's own duplicate-key check compares every key with every other (quadratic: minutes for a
  // dictionary of 30,000 keys); duplicateKeys() does the same with a set, in one pass.
  const doc = parseDocument(source, { lineCounter: lines, uniqueKeys: false, prettyErrors: false });
  const place = (offset: number): Position => {
    const { line, col } = lines.linePos(offset);
    return { line: line + lineOffset, column: col };
  };
  // After the first syntax error the parser's recovery reports echoes of it; duplicate keys stand on their own.
  const firstSyntaxError = doc.errors.find((error) => error.code !== "DUPLICATE_KEY");
  const rootErrors = doc.errors.filter((error) => error.code === "DUPLICATE_KEY" || error === firstSyntaxError);
  const errors = rootErrors.map((error) => {
    const offset = openingQuote(source, error.message, error.pos[0]);
    const lineText = source.slice(source.lastIndexOf("\n", offset - 1) + 1).split("\n")[0]!;
    const slip = mayBeIndentation(error, lineText) ? indentationSlip(source, error.pos[0]) : undefined;
    if (slip) {
      const { line, column } = place(slip.offset);
      return new ContentError({ file, line, column }, `YAML syntax error: ${slipReason(slip)}`, {
        hint: slipHint(slip),
      });
    }
    const { line, column } = place(offset);
    return describeSyntaxError(
      { file, line, column },
      { code: error.code, message: error.message, text: /^[^:\n]*/.exec(source.slice(offset))![0], lineText },
    );
  });
  if (doc.errors.length === 0 && doc.contents) errors.push(...duplicateKeys(doc.contents as Node, place, file));
  // An alias is written `*name`: a file without a `*` holds none, and is not walked again for them.
  if (doc.errors.length === 0 && source.includes("*")) errors.push(...aliases(doc, place, file));
  if (errors.length > 0) return { root: undefined, errors };
  return { root: doc.contents ? toNode(doc.contents as Node, place) : undefined, errors };
}

function toNode(node: Node, place: (offset: number) => Position): YamlNode {
  const at = place(node.range?.[0] ?? 0);
  if (isMap(node)) {
    const entries = node.items.map((pair) => {
      const key = pair.key as Node;
      const value = (pair.value ?? null) as Node | null;
      return {
        key: String(isScalar(key) ? key.value : key),
        keyAt: place(key.range?.[0] ?? 0),
        node: value
          ? toNode(value, place)
          : ({ kind: "scalar", value: null, at: place(key.range?.[1] ?? 0), quoted: false, source: "" } as const),
      };
    });
    return { kind: "map", entries, at };
  }
  if (isSeq(node)) return { kind: "list", items: node.items.map((item) => toNode(item as Node, place)), at };
  const value = isScalar(node) ? node.value : null;
  const quoted = isScalar(node) && (node.type === "QUOTE_DOUBLE" || node.type === "QUOTE_SINGLE");
  // The text as written: `2.490` and `2.49` are the same number, but only one is a German thousands separator.
  const source = isScalar(node) && typeof node.source === "string" ? node.source : String(value ?? "");
  const comment = isScalar(node) && node.comment ? node.comment.trim() : undefined;
  return { kind: "scalar", value: value as string | number | boolean | null, at, quoted, source, comment };
}

/**
 * For a file that must hold keys (site.yaml, a dictionary) and parsed to nothing: every line is a comment
 * or blank. Said once, at its first line, instead of every key it lacks (images.yaml may be all comments).
 */
export function noKeys(file: string): ContentError {
  return new ContentError(
    { file, line: 1, column: 1 },
    "Every line of this file is a comment or blank, so it holds no keys",
    {
      hint: "Remove the # at the start of the lines with keys and texts, or restore the file from git.",
    },
  );
}

/** Every key that repeats one before it in the same group, located at the repeat. */
function duplicateKeys(node: Node, place: (offset: number) => Position, file: string): ContentError[] {
  const found: ContentError[] = [];
  const visit = (current: unknown) => {
    if (isMap(current)) {
      const seen = new Set<unknown>();
      for (const pair of current.items) {
        const key = isScalar(pair.key) ? pair.key.value : pair.key;
        if (seen.has(key)) {
          const { line, column } = place((pair.key as Node).range?.[0] ?? 0);
          found.push(
            describeSyntaxError(
              { file, line, column },
              { code: "DUPLICATE_KEY", message: "", text: String(key), lineText: "" },
            ),
          );
        }
        seen.add(key);
        visit(pair.value);
      }
    } else if (isSeq(current)) current.items.forEach(visit);
  };
  visit(node);
  return found;
}

/**
 * Whether a syntax error may come from a line indented wrongly: the parser found a group not lined up
 * (BAD_INDENT), a key where a list item belongs (MISSING_CHAR), a value "with a nested key" (a line indented
 * further than its group, or a text with ": " in it), a key running over two lines, or a scalar where a key
 * belongs. A key without its colon, the likelier reading of its line, is told as that (describeSyntaxError).
 */
function mayBeIndentation(error: { code: string; message: string }, lineText: string): boolean {
  if (["MULTILINE_IMPLICIT_KEY", "MISSING_CHAR"].includes(error.code) && keyWithoutColon.test(lineText)) return false;
  if (error.code === "MISSING_CHAR") return /without - indicator/.test(error.message);
  return ["BAD_INDENT", "BLOCK_AS_IMPLICIT_KEY", "MULTILINE_IMPLICIT_KEY", "UNEXPECTED_TOKEN"].includes(error.code);
}

/** `  title Professionelles …`: a key, a space and a value with no colon; a list item (`- text`) is none. */
const keyWithoutColon = /^(\s*)(\w[\w-]*)\s+([^:#]*\S)\s*$/;

/** `This line is indented by 3 spaces, the other keys of its group by 4` */
function slipReason({ indent, expected, key }: IndentationSlip): string {
  const others = key === "-" ? "the other items of its list" : "the other keys of its group";
  return `This line is indented by ${spaces(indent)}, ${others} ${expected === 0 ? "not at all" : `by ${expected}`}`;
}

/** `Indent "price" by 4 spaces, like the other keys of its group.` */
function slipHint({ expected, key }: IndentationSlip): string {
  const what = key === "-" ? "its -" : `"${key}"`;
  const like = key === "-" ? "like the other items of its list" : "like the other keys of its group";
  if (expected === 0) return `Start ${what} at the beginning of the line, ${like}.`;
  return `Indent ${what} by ${spaces(expected)}, ${like}.`;
}

const spaces = (count: number) => `${count} ${count === 1 ? "space" : "spaces"}`;

/** Every alias (`*name`): the texts are written out in full, and a stray `*` would otherwise read as "empty". */
function aliases(doc: ReturnType<typeof parseDocument>, place: (offset: number) => Position, file: string) {
  const found: ContentError[] = [];
  visit(doc, {
    Alias(_, node) {
      const { line, column } = place(node.range?.[0] ?? 0);
      found.push(
        new ContentError({ file, line, column }, `YAML aliases such as *${node.source} are not allowed`, {
          hint: `Write the text itself here; if it starts with *, put it in quotes: "*${node.source}".`,
        }),
      );
    },
  });
  return found;
}

/** yaml reports an unclosed quote where the file ends; the editor needs the place it was opened. */
function openingQuote(source: string, message: string, offset: number): number {
  const quote =
    /closing (["'])quote/.exec(message)?.[1] ??
    (/end with a ([\]}])/.exec(message)?.[1] === "]" ? "[" : /end with a \}/.test(message) ? "{" : undefined);
  return quote ? Math.max(0, source.lastIndexOf(quote, offset - 1)) : offset;
}

const friendly: Record<string, [string, string]> = {
  BLOCK_AS_IMPLICIT_KEY: [
    'A value contains ": " or a line is indented too far',
    "Put the value in quotes, or line the key up with its neighbours.",
  ],
  MULTILINE_IMPLICIT_KEY: [
    "A key runs over more than one line",
    "Put the key and its value on one line, or quote a value that spans lines.",
  ],
  TAB_AS_INDENT: [
    "A tab is used for indentation",
    "Replace the tab at the start of this line with spaces: YAML indents with spaces only (two per level).",
  ],
  MULTIPLE_DOCS: [
    "The line --- starts a second document, and a file holds one document",
    "Delete the --- line: the keys after it belong to the same file as those before it.",
  ],
  BAD_INDENT: [
    "This line is not indented like its group",
    "Indent it with the same number of spaces as the keys next to it.",
  ],
};

/** What the YAML parser found, and where: its code and message, the text at the place, and the whole line. */
interface SyntaxFinding {
  code: string;
  message: string;
  text: string;
  lineText: string;
}

function describeSyntaxError(
  { file, line, column }: { file: string; line: number; column: number },
  { code, message, text, lineText }: SyntaxFinding,
) {
  const missingColon = keyWithoutColon.exec(lineText);
  if ((code === "MULTILINE_IMPLICIT_KEY" || code === "MISSING_CHAR") && missingColon) {
    const [, indent, key, value] = missingColon;
    return new ContentError(
      { file, line, column: indent!.length + 1 },
      `YAML syntax error: The key "${key}" has no colon`,
      {
        hint: `Write a colon and a space after the key: ${key}: ${value}`,
      },
    );
  }
  const colonInText = /^(\s*(?:- )?)([^\s:#"'][^:#]*):\s+([^"'\s].*: .*)$/.exec(lineText);
  if (code === "BLOCK_AS_IMPLICIT_KEY" && colonInText) {
    const [, indent, key, value] = colonInText;
    return new ContentError(
      { file, line, column: indent!.length + key!.length + 3 },
      'YAML syntax error: The text contains ": ", which YAML reads as the start of another key',
      { hint: `Put the text in double quotes: ${key}: "${value!.replace(/["\\]/g, "\\$&")}"` },
    );
  }
  if (code === "DUPLICATE_KEY") {
    return new ContentError({ file, line, column }, `Duplicate key "${text.trim().replace(/^["']|["']$/g, "")}"`, {
      hint: "Each key may appear only once in its group: remove or rename one of them.",
    });
  }
  if (/end with a [\]}]/.test(message))
    return new ContentError({ file, line, column }, "YAML syntax error: This bracket is never closed", {
      hint: "Close it at the end of the value, or put the whole value in quotes if it should contain the bracket.",
    });
  if (friendly[code])
    return new ContentError({ file, line, column }, `YAML syntax error: ${friendly[code][0]}`, {
      hint: friendly[code][1],
    });
  if (/closing ["']quote/.test(message))
    return new ContentError({ file, line, column }, "YAML syntax error: This quote is never closed", {
      hint: "Add the closing quote at the end of the value.",
    });
  const reason = message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
  return new ContentError({ file, line, column }, `YAML syntax error: ${reason}`, {
    hint: 'Check the indentation and quoting here: indent with spaces only, and put a value that contains ": " or starts with { or " in quotes.',
  });
}

/** A short name for a node's type, for messages such as "found a list". */
export function describeKind(node: YamlNode): string {
  if (node.kind === "map") return "a group of keys";
  if (node.kind === "list") return "a list";
  if (node.value === null) return "nothing";
  return typeof node.value === "string" ? "text" : `a ${typeof node.value}`;
}
