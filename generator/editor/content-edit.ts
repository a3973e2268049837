/**
 * Saves from the web editor as an editor would make them by hand: the editor sends a whole file
 * written anew (its YAML without the comments, in its own quoting and order), and only the values
 * that changed are written into the file as it was. Every comment, quote and blank line stays, so
 * a change of one price is a change of one line in git.
 */
import { isMap, isScalar, isSeq, parse, parseDocument, stringify, type Document, Scalar } from "yaml";

/** A value replaced in place: the source range of the old scalar and the text of the new one. */
interface Splice {
  range: [number, number];
  text: string;
}

/** Whether a value the editor sent stands for "nothing here": an optional field left empty. */
function isBlank(value: unknown): boolean {
  if (value === null || value === undefined || value === "") return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.values(value as object).every(isBlank);
  return false;
}

/** A value without the groups and fields the form sent empty: what an editor would have written. */
function withoutBlanks(value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const kept = Object.entries(value as Record<string, unknown>).filter(([, child]) => !isBlank(child));
  return Object.fromEntries(kept.map(([key, child]) => [key, withoutBlanks(child)]));
}

/** The same value, where the form may have turned a number into its digits (a figure such as 3 in a text field). */
function sameScalar(old: unknown, value: unknown): boolean {
  return old === value || (typeof old === "number" && typeof value === "string" && String(old) === value);
}

/** A scalar's new source text, in the old one's quoting where it had one; undefined when it needs more than one line. */
function scalarText(node: Scalar, value: unknown): string | undefined {
  if (typeof value === "string" && value.includes("\n")) return undefined;
  const quoted = node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE;
  const text =
    typeof value === "string" && quoted
      ? stringify(value, { defaultStringType: node.type, defaultKeyType: "PLAIN" })
      : stringify(value);
  return text.trimEnd();
}

/**
 * Walks the old document and the new value side by side: scalars that changed become splices;
 * anything else that changed (a key added or removed, a list longer or shorter) is set in the document.
 */
function compare(doc: Document, path: (string | number)[], value: unknown, splices: Splice[]): boolean {
  const node = path.length === 0 ? doc.contents : doc.getIn(path, true);
  if (isMap(node) && value !== null && typeof value === "object" && !Array.isArray(value)) {
    let structural = false;
    const record = value as Record<string, unknown>;
    for (const [key, child] of Object.entries(record)) {
      if (!node.has(key)) {
        if (isBlank(child)) continue;
        doc.setIn([...path, key], child);
        structural = true;
      } else if (Array.isArray(child) && child.length === 0 && isSeq(node.get(key, true))) {
        // A list emptied in the form stays a list, `dates: []`: "no dates planned" is a state of its own.
        const list = node.get(key, true);
        if (isSeq(list) && list.items.length > 0) {
          doc.setIn([...path, key], doc.createNode([]));
          structural = true;
        }
      } else if (isBlank(child) && !isBlank(doc.getIn([...path, key]))) {
        doc.deleteIn([...path, key]);
        structural = true;
      } else structural = compare(doc, [...path, key], child, splices) || structural;
    }
    // A key the form does not show (another form of the same file) stays as it is.
    return structural;
  }
  if (isSeq(node) && Array.isArray(value)) {
    let structural = false;
    value.forEach((item, index) => {
      if (index >= node.items.length) {
        doc.addIn(path, item);
        structural = true;
      } else structural = compare(doc, [...path, index], item, splices) || structural;
    });
    for (let index = node.items.length - 1; index >= value.length; index--) {
      doc.deleteIn([...path, index]);
      structural = true;
    }
    return structural;
  }
  if (isScalar(node) && (value === null || typeof value !== "object")) {
    if (sameScalar(node.value, value)) return false;
    const text = node.range ? scalarText(node, value) : undefined;
    if (text !== undefined) splices.push({ range: [node.range![0], node.range![1]], text });
    doc.setIn(path, value);
    return text === undefined;
  }
  doc.setIn(path, value);
  return true;
}

/**
 * The old YAML text with the new data in it: value changes spliced into the old text, so the rest stays
 * byte for byte; a change of shape written through the document, which keeps comments and quoting too.
 */
export function mergeYaml(old: string, edited: string): string {
  const doc = parseDocument(old);
  // A file of comments only (images.yaml before its first photo): they stay, the new keys follow them.
  if (doc.errors.length === 0 && doc.contents === null && isMap(parseDocument(edited).contents))
    return `${old.trimEnd()}\n\n${stringify(withoutBlanks(parse(edited)), { lineWidth: 0 })}`;
  if (doc.errors.length > 0 || !isMap(doc.contents)) return edited;
  const value = parse(edited) as unknown;
  const splices: Splice[] = [];
  if (compare(doc, [], value ?? {}, splices)) return doc.toString({ lineWidth: 0 });
  let text = old;
  for (const splice of splices.sort((a, b) => b.range[0] - a.range[0]))
    text = text.slice(0, splice.range[0]) + splice.text + text.slice(splice.range[1]);
  return text;
}

const frontMatter = /^---\r?\n([\s\S]*?\r?\n)?---(?:\r?\n|$)/;

/** A markdown file with the new front matter merged into the old and the new body, keeping the old line ends of the body. */
export function mergeMarkdown(old: string, edited: string): string {
  const before = frontMatter.exec(old);
  const after = frontMatter.exec(edited);
  if (!before || !after) return edited;
  const matter = mergeYaml(before[1] ?? "", after[1] ?? "");
  const oldBody = old.slice(before[0].length);
  const newBody = edited.slice(after[0].length);
  // The editor trims the text and ends it its own way: the old text's blank lines before and after it
  // stay, and a text with Windows line ends keeps them, so a changed word is a changed line.
  const eol = /\r\n/.test(oldBody) ? "\r\n" : "\n";
  const [, lead = "", , trail = ""] = /^(\s*)([\s\S]*?)(\s*)$/.exec(oldBody) ?? [];
  const text = newBody.trim().replace(/\r?\n/g, eol);
  const body = oldBody.trim() === newBody.trim() ? oldBody : `${lead}${text}${trail || eol}`;
  return `---\n${matter}---\n${body}`;
}

/** A saved file's new text: merged into the old one for YAML and markdown, as sent for anything else. */
export function mergeEdit(file: string, old: string | undefined, edited: string): string {
  if (old === undefined) return edited;
  if (/\.ya?ml$/.test(file)) return mergeYaml(old, edited);
  if (file.endsWith(".md")) return mergeMarkdown(old, edited);
  return edited;
}

/**
 * Whether a markdown file the editor sent is a language version left untouched: every front matter value
 * empty and no text. Decap sends one for each column of a new entry; an owner who wrote only the German
 * testimonial has written no English one.
 */
export function isBlankVersion(file: string, edited: string): boolean {
  if (!file.endsWith(".md")) return false;
  const matter = frontMatter.exec(edited);
  const body = matter ? edited.slice(matter[0].length) : edited;
  let data: unknown;
  try {
    data = parse(matter?.[1] ?? "") as unknown;
  } catch {
    return false;
  }
  return isBlank(data) && body.trim() === "";
}
