/**
 * Typography applied by the build, per locale (design.md §9): editors type plain spaces, dots and
 * straight quotes; pages get non-breaking spaces, real ellipses, dashes and the locale's quotation marks.
 * It works on prose only: the loaders hand it dictionary values, front matter texts and the text nodes of
 * markdown, never URLs, code or attributes that are not text. What differs between languages (marks,
 * numbers spelt out, month names) comes from each language's writing rules (load/writing-rules.ts); the
 * rest holds in every language the site writes.
 */
import type { Plugin } from "unified";
import type { WritingRules } from "./writing-rules.ts";

const nbsp = "\u00a0";

/** One language's typography, made once from its writing rules. */
export interface Typography {
  /** The rules it was made from, as one string: what caches of typeset texts are keyed by. */
  key: string;
  /** Opening and closing double and single marks; none: straight quotes stay as typed. */
  quotes?: WritingRules["quotes"];
  /** Spells out the counted numbers of running text, where the language does. */
  spellNumbers?: (text: string) => string;
  /** `20. Juli`: a day with its dot, before one of the language's month names. */
  dayBeforeMonth: RegExp;
}

/** Typography with no language's own rules: marks as typed, figures as figures (markdown rendered outside a build). */
export const plainTypography = (): Typography =>
  typographyOf({ formats: "und", numberWords: new Map(), figuresAfter: [] });

/** The rules typography reads. */
export type TypographyRules = Pick<WritingRules, "formats" | "quotes" | "numberWords" | "figuresAfter">;

const typographies = new Map<string, Typography>();

/** The typography of a language's writing rules: one per distinct set of rules, made when first asked for. */
export function typographyOf(rules: TypographyRules): Typography {
  const key = JSON.stringify([rules.formats, rules.quotes ?? null, [...rules.numberWords], rules.figuresAfter]);
  let typography = typographies.get(key);
  if (!typography) {
    typography = {
      key,
      quotes: rules.quotes,
      spellNumbers: rules.numberWords.size > 0 ? numberSpeller(rules.numberWords, rules.figuresAfter) : undefined,
      dayBeforeMonth: dayBeforeMonthOf(rules.formats),
    };
    typographies.set(key, typography);
  }
  return typography;
}

/** Units and signs that belong to the number before them (DIN 5008; the Chicago Manual of Style 9.16). */
const units = [
  "km",
  "m",
  "cm",
  "mm",
  "kg",
  "g",
  "h",
  "min",
  "Min\\.",
  "Std\\.",
  "Uhr",
  "%",
  "‰",
  "°C",
  "€",
  "EUR",
  "ha",
];
const unitAfterNumber = new RegExp(`(\\d) (?=(?:${units.join("|")})(?![\\p{L}\\d]))`, "gu");
/**
 * A figure and the word it counts stay on one line: "3 Tage", "4 Plätze frei", "25+ Tiere", "12 Personen"
 * (DIN 5008 keeps a number with what it measures; a line that starts with "Tage" reads as a new thought).
 */
const figureBeforeWord = /(\d\+?) (?=\p{L})/gu;
/** Binds each figure of `text` to the word after it with a no-break space; the page pass runs it too (typeset-page.ts). */
export const bindFigures = (text: string) => (digit.test(text) ? text.replace(figureBeforeWord, `$1${nbsp}`) : text);
/** Currency before the amount: `€ 2.490`. */
const signBeforeNumber = /([€$£§]|EUR) (?=\d)/g;
/** `§ 5`, `Art. 6`, `Abs. 1`, `Nr. 2`, `lit. a`, `S. 12`, `St. Peter`: the abbreviation and what it refers to. */
const abbreviationBeforeReference = /(?<![\p{L}])(§§?|Art\.|Abs\.|Nr\.|lit\.|S\.|St\.|Dr\.|Prof\.) (?=[\p{L}\d])/gu;
/** `z. B.`, `d. h.`, `u. a.`, `i. d. R.`: one-letter abbreviations stay together. */
const letterAbbreviation = /(?<![\p{L}])(\p{L}\.) (?=\p{L}\.)/gu;
/** `20. Juli 2025`: the day and its month, by the month names the language writes (ICU's, for its regional form). */
function dayBeforeMonthOf(formats: string): RegExp {
  const format = new Intl.DateTimeFormat(formats, { month: "long", timeZone: "UTC" });
  const months = Array.from({ length: 12 }, (_, month) => format.format(Date.UTC(2001, month, 1)));
  const names = months.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
  return new RegExp(`(?<!\\d)(\\d{1,2}\\.) (?=(?:${names})(?![\\p{L}\\d]))`, "gu");
}
/**
 * A hyphen beside a part of one or two letters does not break (U+2011): no line ends on "Go-" or "to-" of
 * "Go-to-Market", nor starts with "in" of "Check-in". Longer compounds ("Market-Strategie") still may.
 * Words with `@`, `/` or `{` are addresses, paths or placeholders and keep their characters.
 */
const shortPartHyphen = /(?<=(?:^|[^\p{L}\d])\p{L}{1,2})-(?=\p{L})|(?<=\p{L})-(?=\p{L}{1,2}(?![\p{L}\d]))/gu;
const keepShortParts = (text: string) =>
  text.replace(/[^\s]*-[^\s]*/g, (word) => (/[@/{]/.test(word) ? word : word.replace(shortPartHyphen, "\u2011")));

/** Phone numbers in international form keep their groups on one line. */
const phoneNumber = /\+\d{1,3}(?: \d{1,5}){1,6}/g;

/**
 * Running prose may spell out small numbers (German: two to twelve, Duden "Zahlen und Ziffern"): the language's
 * `numberWords`. A figure stays a figure after a word that counts (`Tag 2`, `Art. 6`: `figuresAfter`), before a
 * unit, in dates, times and ranges, and in a label of fewer than four words (the stat "3 Tage" is a figure, not
 * prose). A number word that opens the text or a sentence is capitalised: "Drei Trainingstage mit …".
 */
function numberSpeller(words: ReadonlyMap<number, string>, figuresAfter: readonly string[]): (text: string) => string {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const numbers = [...words.keys()].sort((a, b) => b - a).join("|");
  const after = figuresAfter.length > 0 ? String.raw`(?<!(?:${figuresAfter.map(escape).join("|")})\s)` : "";
  const counted = new RegExp(
    String.raw`(?<=^|[\s(])${after}(${numbers})` + String.raw`(?= (?!(?:${units.join("|")})(?![\p{L}\d]))\p{L})`,
    "gu",
  );
  return (text) =>
    text.split(/\s+/).length < 4
      ? text
      : text.replace(counted, (figure: string, _group: string, offset: number) => {
          const word = words.get(Number(figure))!;
          return /(^|[.!?]\s+)$/.test(text.slice(0, offset)) ? word[0]!.toUpperCase() + word.slice(1) : word;
        });
}

/** Sets one text in the typography of its language. Idempotent: setting a set text changes nothing. */
export function typeset(text: string, typography: Typography): string {
  const marks = typography.quotes;
  // Each rule runs only on a text holding the characters it needs: most texts need few, and the
  // rules' Unicode look-arounds cost more than a scan for a character.
  let set = typography.spellNumbers && digit.test(text) ? typography.spellNumbers(text) : text;
  if (set.includes("-")) set = keepShortParts(set);
  if (set.includes("...")) set = set.replace(/\.\.\.(?!\.)/g, "…");
  // A spaced dash never starts a line: it stays with the word before it.
  if (set.includes(" -") || set.includes(" –")) set = set.replace(/ [-–] /g, `${nbsp}– `);
  if (digit.test(set)) {
    if (set.includes("+")) set = set.replace(phoneNumber, (number) => number.replaceAll(" ", nbsp));
    set = set
      .replace(unitAfterNumber, `$1${nbsp}`)
      .replace(signBeforeNumber, `$1${nbsp}`)
      .replace(figureBeforeWord, `$1${nbsp}`);
  }
  if (set.includes(". ") || set.includes("§"))
    set = set
      .replace(abbreviationBeforeReference, `$1${nbsp}`)
      .replace(letterAbbreviation, `$1${nbsp}`)
      .replace(typography.dayBeforeMonth, `$1${nbsp}`);
  // A language without marks of its own keeps the quotes as typed: never another language's marks.
  if (!marks) return set.includes("'") ? set.replace(/(?<=\p{L})'(?=\p{L})/gu, "\u2019") : set;
  // Each language writes its own marks over another's curly ones too: “…” and „…” become „…“ in German.
  if (doubleQuote.test(set))
    set = set.replace(
      /["\u201c\u201d\u201e](?=[^"\u201c\u201d\u201e]*["\u201c\u201d\u201e])([^"\u201c\u201d\u201e]*)["\u201c\u201d\u201e]/g,
      (_, inner: string) => `${marks.double[0]}${inner}${marks.double[1]}`,
    );
  if (set.includes("'"))
    set = set
      .replace(/(?<=\p{L})'(?=\p{L})/gu, "\u2019")
      .replace(
        /(?<![\p{L}\d])'([^']*)'(?![\p{L}\d])/gu,
        (_, inner: string) => `${marks.single[0]}${inner}${marks.single[1]}`,
      );
  return set;
}

const digit = /\d/;
const doubleQuote = /["\u201c\u201d\u201e]/;

interface TextNode {
  type: string;
  value?: string;
  children?: TextNode[];
}

/** A remark plugin that typesets every text node of a markdown tree; code, URLs and HTML keep their characters. */
export const remarkTypography: Plugin<[Typography], TextNode> = (typography) => (tree) => {
  const visit = (node: TextNode) => {
    if (node.type === "text" && node.value !== undefined) node.value = typeset(node.value, typography);
    node.children?.forEach(visit);
  };
  visit(tree);
};
