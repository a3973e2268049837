/**
 * Which line of a YAML text is indented wrongly, and by how many spaces it should be. The parser reports
 * where it lost its way, which is often not the line an editor slipped on: `   price: 2490` indented by 3
 * instead of 4 is valid on its own (it opens a group at 3), and the parser stumbles only over the line
 * after it, which is right. So the lines around the parser's place are each tried at the indents of the
 * lines near them, and a move counts only if the file then parses, with no key twice in a group, and the
 * moved line is a key (or a list item) of the result: a hint found here mends the file when it is followed.
 *
 * Of the moves that mend it, the best leaves no group empty (`contact:` with its keys moved out), then
 * nests every group by the file's own step (two spaces in ours; a list under its key by its own step,
 * which some files write as none), then lines the line up with one right above or below it, moves it the
 * least, and lies nearest the parser's place (candidateMoves).
 */
import { isMap, isScalar, isSeq, parseDocument, visit, type Node } from "yaml";

/** A line indented wrongly: where its text starts, how far it is indented, and how far it should be. */
export interface IndentationSlip {
  /** The offset in the text of the line's first character after its indentation. */
  offset: number;
  indent: number;
  expected: number;
  /** The key the line holds (`price`), or `-` for a list item. */
  key: string;
}

/** A line of the text: where it starts, its indentation in spaces, and the text after it. */
interface Line {
  start: number;
  indent: number;
  text: string;
}

/** A line (by its index) at another indent. */
interface Move {
  index: number;
  indent: number;
}

/** How many lines of its run before the parser's place may hold the slip: a group of keys is rarely longer. */
const linesBefore = 12;
/** Lines of a block beyond which it is cut closer around the window. */
const longBlock = 400;
/** Moves tried at most: the block around the place is parsed once for each. */
const maxTries = 40;

/**
 * The slip near `offset` (where the parser reported a problem), or undefined when no single line, moved to
 * the indent of a line near it, mends the text.
 */
export function indentationSlip(source: string, offset: number): IndentationSlip | undefined {
  const lines = linesOf(source);
  const structural = lines.flatMap((line, index) => (line.text !== "" && !line.text.startsWith("#") ? [index] : []));
  const reported = lines.findLastIndex((line) => line.start <= offset);
  const at = structural.findIndex((index) => index >= reported);
  if (at < 0) return undefined;
  // The lines of the run of the parser's place (a blank line ends a run: a slip above one is seldom reported below it).
  let first = at;
  while (first > 0 && at - first < linesBefore && !startsRun(lines, structural[first]!)) first--;
  const window = structural.slice(first, at + 2).filter((index) => isKeyOrItem(lines[index]!));
  if (window.length === 0) return undefined;
  const block = enclosingBlock(lines, structural, window[0]!, window.at(-1)!);
  const steps = nestingSteps(lines, structural);
  // The block parses as it is: the problem is not an indentation in it.
  if (judge(lines, block, undefined, steps)) return undefined;

  let best: { move: Move; score: [number, number] } | undefined;
  for (const move of candidateMoves(lines, structural, window, block, reported).slice(0, maxTries)) {
    const score = judge(lines, block, move, steps);
    if (!score || (best && !better(score, best.score)) || !parsesWhole(lines, move)) continue;
    best = { move, score };
    // The moves come in the order of the later rules: none after this one can do better.
    if (score[0] === 0 && score[1] === 0) break;
  }
  if (!best) return undefined;
  const line = lines[best.move.index]!;
  return {
    offset: line.start + line.indent,
    indent: line.indent,
    expected: best.move.indent,
    key: line.text.startsWith("-") ? "-" : /^([^:]*):/.exec(line.text)![1]!.trim(),
  };
}

function linesOf(source: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const text of source.split("\n")) {
    const indent = /^ */.exec(text)![0].length;
    lines.push({ start, indent, text: text.slice(indent).trimEnd() });
    start += text.length + 1;
  }
  return lines;
}

/** Whether the line starts a run of lines: it follows a blank line (comments between do not count), or opens the text. */
function startsRun(lines: readonly Line[], index: number): boolean {
  let other = index - 1;
  while (other >= 0 && lines[other]!.text.startsWith("#")) other--;
  return other < 0 || lines[other]!.text === "";
}

/** A line that starts a key (`price: 2490`, `title:`) or a list item (`- start: …`): one that can be out of line. */
const isKeyOrItem = (line: Line) => /^(-( |$)|[^\s#"'{[][^:#]*:( |$))/.test(line.text);

/** A line that opens a group: a key with nothing after it (`offers:`), or a list item. */
const opensGroup = (line: Line) => /^(-( |$)|[^\s#"'{[][^:#]*:(\s*#.*)?$)/.test(line.text);

/** The columns a line's keys start at: its indentation, and for a list item also the key after its `- `. */
function keyColumns(line: Line): number[] {
  const item = /^(- +)[^\s#]/.exec(line.text);
  return item ? [line.indent, line.indent + item[1]!.length] : [line.indent];
}

/**
 * The top-level block the window lies in: from the last line before it that starts at the first column to
 * the next one after it. Such a block parses on its own, so a move is tried on a few lines, not the file.
 * A block longer than `longBlock` lines (a dictionary's family of thousands of keys) is cut closer around
 * the window, before a key no further indented than any line between it and the window: the cut parses
 * on its own too, as the whole groups it holds.
 */
function enclosingBlock(lines: readonly Line[], structural: readonly number[], first: number, last: number) {
  let from = structural.findLast((index) => index < first && lines[index]!.indent === 0) ?? 0;
  let to = structural.find((index) => index > last && lines[index]!.indent === 0) ?? lines.length;
  const margin = longBlock / 4;
  const cut = (index: number, least: number) => lines[index]!.indent <= least && isKeyOrItem(lines[index]!);
  if (first - from > longBlock / 2) {
    let least = Infinity;
    for (const index of structural.filter((index) => index > from && index <= last).reverse()) {
      least = Math.min(least, lines[index]!.indent);
      if (index < first - margin && cut(index, least)) {
        from = index;
        break;
      }
    }
  }
  if (to - last > longBlock / 2) {
    let least = Infinity;
    for (const index of structural.filter((index) => index > last && index < to)) {
      if (index > last + margin && cut(index, least)) {
        to = index;
        break;
      }
      least = Math.min(least, lines[index]!.indent);
    }
  }
  return { from, to };
}

/**
 * Every move of a line of the window to a column a key or item of the block starts at, in the order they are
 * tried: first those that make it the sibling of a key above or below it in its run of lines (no blank line
 * between: a group is written as one run; comments and the lines nested deeper do not count), then for a
 * line that starts a run, those to the column most runs start at, then the smallest, then those to a
 * sibling nearer above it (a line more often ends the group above it than it starts the one below), then
 * those with siblings on both sides, then the nearest the parser's place.
 */
function candidateMoves(
  lines: readonly Line[],
  structural: readonly number[],
  window: readonly number[],
  block: { from: number; to: number },
  reported: number,
): Move[] {
  const columns = new Set<number>();
  for (let index = block.from; index < block.to; index++)
    if (isKeyOrItem(lines[index]!)) for (const column of keyColumns(lines[index]!)) columns.add(column);
  /** How many lines away the sibling at `indent` is, above (-1) or below (1): Infinity when there is none. */
  const sibling = (index: number, indent: number, step: -1 | 1) => {
    for (let other = index + step; other >= 0 && other < lines.length; other += step) {
      const line = lines[other]!;
      if (line.text === "") break;
      if (line.text.startsWith("#")) continue;
      if (keyColumns(line).includes(indent)) return Math.abs(other - index);
      if (line.indent < indent) break;
    }
    return Infinity;
  };
  // In most files the top-level keys start the runs, at one column.
  const runColumns = new Map<number, number>();
  for (const index of structural) {
    const column = lines[index]!.indent;
    if (startsRun(lines, index)) runColumns.set(column, (runColumns.get(column) ?? 0) + 1);
  }
  const runColumn = [...runColumns].sort((a, b) => b[1] - a[1])[0]?.[0];
  const moves = window.flatMap((index) =>
    [...columns]
      .filter((indent) => indent !== lines[index]!.indent)
      .map((indent) => {
        const [above, below] = [sibling(index, indent, -1), sibling(index, indent, 1)];
        return {
          index,
          indent,
          siblings: Number(above < Infinity) + Number(below < Infinity),
          run: startsRun(lines, index) && indent === runColumn,
          above,
          size: Math.abs(indent - lines[index]!.indent),
          distance: Math.abs(index - reported),
        };
      }),
  );
  return moves.sort(
    (a, b) =>
      Number(b.siblings > 0) - Number(a.siblings > 0) ||
      Number(b.run) - Number(a.run) ||
      a.size - b.size ||
      a.above - b.above ||
      b.siblings - a.siblings ||
      a.distance - b.distance,
  );
}

/**
 * How much further a group is indented than its key, most often, in this file: `map` for a group of keys,
 * `list` for a list (`key:` then `  - item`, or `- item` right below it in the style that indents lists by none).
 */
function nestingSteps(lines: readonly Line[], structural: readonly number[]): { map: number; list: number } {
  const counts = { map: new Map<number, number>(), list: new Map<number, number>() };
  structural.forEach((index, position) => {
    const line = lines[index]!;
    const next = lines[structural[position + 1] ?? -1];
    if (!next || !opensGroup(line) || line.text.startsWith("-")) return;
    const step = next.indent - line.indent;
    const kind = next.text.startsWith("-") ? counts.list : counts.map;
    if (step >= 0) kind.set(step, (kind.get(step) ?? 0) + 1);
  });
  const most = (counts: Map<number, number>, otherwise: number) =>
    [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? otherwise;
  return { map: most(counts.map, 2), list: most(counts.list, 2) };
}

/** Whether score `a` is better than `b`: fewer empty groups, then fewer groups nested off the file's step. */
const better = (a: [number, number], b: [number, number]) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

/** The block's text, with the line of `move` at its new indent, and where that line's text starts in it. */
function blockText(lines: readonly Line[], { from, to }: { from: number; to: number }, move: Move | undefined) {
  let text = "";
  let moved = -1;
  const opening = new Set<number>();
  for (let index = from; index < to; index++) {
    const line = lines[index]!;
    const indent = index === move?.index ? move.indent : line.indent;
    if (index === move?.index) moved = text.length + indent;
    if (opensGroup(line) && !line.text.startsWith("-")) opening.add(text.length + indent);
    text += `${" ".repeat(indent)}${line.text}\n`;
  }
  return { text, moved, opening };
}

/**
 * How good the block is with the line of `move` at its new indent: how many keys written to open a group
 * (`contact:` and nothing after it) have none, and how many groups are nested by another step than the
 * file's. Undefined when it does not parse (a key twice in a group counts as not parsing), or the moved
 * line is then no key or list item of it (a line moved into the text of the one above).
 */
function judge(
  lines: readonly Line[],
  block: { from: number; to: number },
  move: Move | undefined,
  steps: { map: number; list: number },
): [number, number] | undefined {
  const { text, moved, opening } = blockText(lines, block, move);
  // yaml's own check of unique keys compares every key with every other; a set per group does it in one pass.
  const doc = parseDocument(text, { uniqueKeys: false, prettyErrors: false });
  if (doc.errors.length > 0) return undefined;
  if (move && !startsNode(doc, text, moved, lines[move.index]!.text.startsWith("-"))) return undefined;
  const column = (offset: number) => offset - text.lastIndexOf("\n", offset - 1) - 1;
  let empty = 0;
  let offStep = 0;
  let twice = false;
  visit(doc, {
    Map(_, map) {
      const keys = new Set(map.items.map((pair) => (isScalar(pair.key) ? pair.key.value : pair.key)));
      if (keys.size < map.items.length) twice = true;
    },
    Pair(_, pair) {
      const key = (pair.key as Node | null)?.range?.[0];
      if (key === undefined) return;
      const value = pair.value as Node | null;
      if (opening.has(key) && (value === null || isScalar(value))) empty++;
      if (!isMap(value) && !isSeq(value)) return;
      if (value.flow || !value.range) return;
      // A list starts at its first dash, a group at its first key.
      const start = value.range[0];
      if (column(start) - column(key) !== (isSeq(value) ? steps.list : steps.map)) offStep++;
    },
  });
  return twice ? undefined : [empty, offStep];
}

/** Whether the whole text parses with the line of `move` at its new indent: the block alone may hide a change of root. */
function parsesWhole(lines: readonly Line[], move: Move): boolean {
  const text = lines
    .map((line, index) => `${" ".repeat(index === move.index ? move.indent : line.indent)}${line.text}`)
    .join("\n");
  return parseDocument(text, { uniqueKeys: false, prettyErrors: false }).errors.length === 0;
}

/** Whether a key of a group starts at `offset` of `text`, or (for a list item) an item's value right after the `-` there. */
function startsNode(doc: ReturnType<typeof parseDocument>, text: string, offset: number, item: boolean): boolean {
  let found = false;
  visit(doc, {
    Pair(_, pair) {
      if (!item && (pair.key as Node | null)?.range?.[0] === offset) found = true;
    },
    Seq(_, seq) {
      for (const entry of seq.items) {
        const start = (entry as Node | null)?.range?.[0];
        if (item && start !== undefined && start > offset && text.slice(offset + 1, start).trim() === "") found = true;
      }
    },
  });
  return found;
}
