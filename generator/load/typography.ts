/**
 * Typography applied by the build, per locale (design.md §9): editors type plain spaces, dots and
 * straight quotes; pages get non-breaking spaces, real ellipses, dashes and the locale's quotation marks.
 * It works on prose only: the loaders hand it dictionary values, front matter texts and the text nodes of
 * markdown, never URLs, code or attributes that are not text.
 */
import type { Plugin } from "unified";

const nbsp = "\u00a0";

/** Opening and closing double and single quotation marks of each language; English marks for any other. */
const quoteMarks: Record<string, { double: [string, string]; single: [string, string] }> = {
  de: { double: ["\u201e", "\u201c"], single: ["\u201a", "\u2018"] },
  en: { double: ["\u201c", "\u201d"], single: ["\u2018", "\u2019"] },
};

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
/** `20. Juli 2025`: the day and its month. */
const dayBeforeMonth =
  /(?<!\d)(\d{1,2}\.) (?=(?:Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember)\b)/g;
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
 * German running prose spells out the numbers two to twelve (Duden, "Zahlen und Ziffern"). A figure stays a
 * figure after a word that counts (`Tag 2`, `Art. 6`), before a unit, in dates, times and ranges, and in a
 * label of fewer than four words (the stat "3 Tage" is a figure, not prose).
 */
const germanNumbers = [
  "",
  "",
  "zwei",
  "drei",
  "vier",
  "fünf",
  "sechs",
  "sieben",
  "acht",
  "neun",
  "zehn",
  "elf",
  "zwölf",
];
const countedFigure = new RegExp(
  String.raw`(?<=^|[\s(])(?<!(?:Tag|Tage|Woche|Seite|Kapitel|Stufe|Platz|Nummer|Art\.|Abs\.|Nr\.|§|lit\.)\s)([2-9]|1[0-2])` +
    String.raw`(?= (?!(?:${units.join("|")})(?![\p{L}\d]))\p{L})`,
  "gu",
);
/** A number word that opens the text or a sentence is capitalised: "Drei Trainingstage mit …". */
const spellNumbers = (text: string) =>
  text.split(/\s+/).length < 4
    ? text
    : text.replace(countedFigure, (figure: string, _group: string, offset: number) => {
        const word = germanNumbers[Number(figure)]!;
        return /(^|[.!?]\s+)$/.test(text.slice(0, offset)) ? word[0]!.toUpperCase() + word.slice(1) : word;
      });

/** Sets one text in the typography of its locale. Idempotent: setting a set text changes nothing. */
export function typeset(text: string, locale: string): string {
  const marks = quoteMarks[locale] ?? quoteMarks["en"]!;
  // Each rule runs only on a text holding the characters it needs: most texts need few, and the
  // rules' Unicode look-arounds cost more than a scan for a character.
  let set = locale === "de" && digit.test(text) ? spellNumbers(text) : text;
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
      .replace(dayBeforeMonth, `$1${nbsp}`);
  // German writes its own marks over English curly ones too: “…” and „…” become „…“.
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
export const remarkTypography: Plugin<[string], TextNode> = (locale) => (tree) => {
  const visit = (node: TextNode) => {
    if (node.type === "text" && node.value !== undefined) node.value = typeset(node.value, locale);
    node.children?.forEach(visit);
  };
  visit(tree);
};
