/**
 * The figures of the terms (site.yaml `booking:`) are quoted, never typed (design.md §11 "figures of the terms
 * are settings"): a text that types one, or states it differently, is refused at the number. The check learns
 * how each language words a figure from the texts that quote it: "bis {booking.freeCancellationDays} Tage vor"
 * teaches that a number between "bis" and "Tage vor" is that figure, so "bis 10 Tage vor Trainingsbeginn" in any
 * text of that language is caught, and a third language brings its own wording without code.
 */
import { ContentError, placeAt } from "../errors.ts";
import type { LoadedContent, LocaleContent } from "../load/content.ts";
import { siteFile } from "../load/site.ts";
import { everyTime, type RememberCheck } from "./unchanged.ts";

/** Words, numbers, per cent signs and placeholders: the tokens a figure's wording is made of. */
const token = /\{[A-Za-z][\w.]*\}|\d+(?:[.,]\d+)?|%|\p{L}[\p{L}\p{N}-]*/gu;
const figure = /^\{(booking\.[A-Za-z]+)\}$/;

/** A text of one language, where it stands. */
interface Text {
  text: string;
  file: string;
  start: { line: number; column: number };
}

/**
 * Every typed booking figure in every language's texts, one refusal each. In `watch`, `remember` keeps a
 * language's refusals while its texts, their places and the figures stay as they were: the check tokenises
 * every text, about half of a markdown save's CPU on the real site before it was kept.
 */
export function typedFigures(content: LoadedContent, remember: RememberCheck = everyTime): ContentError[] {
  const booking = (content.site.booking ?? {}) as Record<string, unknown>;
  const figures = JSON.stringify(booking);
  return content.locales.flatMap((locale) => {
    const texts = textsOf(locale);
    const places = texts.map(({ file, start }) => `${file}:${start.line}:${start.column}`);
    const inputs = [figures, ...texts.map(({ text }) => text), ...places];
    return remember(`typed figures ${locale.locale}`, inputs, () => refusals(texts, booking, reader(locale.locale)));
  });
}

/** What one text teaches and what it may type, worked out from its words alone. */
interface Reading {
  /** Each quoted figure with its wording: "bis {booking.freeCancellationDays} Tage vor" teaches "bis … tage vor". */
  teaches: { wording: string; fact: string }[];
  /** Each number with the wording around it. */
  numbers: { word: string; offset: number; wording: string }[];
}

/** Each language's readings by text, from the last time its refusals were worked out. */
const lastReadings = new Map<string, Map<string, Reading>>();

/**
 * A language's readings, taken from its last pass where a text is unchanged: a save in `watch` changes one
 * text, and reading every other one again was nearly all of this check (both languages of the real site, a
 * pass with nothing changed, the fastest of 50 under load: 3.6–5.3 ms read afresh, 0.22–0.46 ms kept). A
 * reading depends on its text alone, so a kept one cannot go stale; only this pass's texts are kept.
 */
function reader(language: string): (text: string) => Reading {
  const before = lastReadings.get(language);
  const now = new Map<string, Reading>();
  lastReadings.set(language, now);
  return (text) => {
    const reading = now.get(text) ?? before?.get(text) ?? readingOf(text);
    now.set(text, reading);
    return reading;
  };
}

/** A language's texts: its dictionary's entries as written, and each page's body and front matter. */
function textsOf(locale: LocaleContent): Text[] {
  return [
    ...[...locale.dictionary.values()].map((entry) => ({
      text: entry.source ?? entry.text,
      file: entry.file,
      start: { line: entry.line, column: entry.column },
    })),
    ...Object.values(locale.pages).flatMap(({ origin }) => [
      { text: origin.body, file: origin.file, start: { line: origin.bodyLine, column: 1 } },
      ...(origin.front ? [{ text: origin.front, file: origin.file, start: { line: 1, column: 1 } }] : []),
    ]),
  ];
}

/** The refusals of one language's texts: learn how each figure is worded, then find numbers worded so. */
function refusals(
  texts: readonly Text[],
  booking: Record<string, unknown>,
  read: (text: string) => Reading,
): ContentError[] {
  // Only a text with a digit can type a figure, and only one with a placeholder can teach a wording.
  const readings = texts
    .filter(({ text }) => /\d|\{booking\./.test(text))
    .map((text) => ({ ...text, ...read(text.text) }));
  // A wording may serve more than one figure ("bis {booking.freeCancellationDays} Tage vor", "bis {booking.feeDays} Tage vor").
  const wordings = new Map<string, Set<string>>();
  for (const { teaches } of readings)
    for (const { wording, fact } of teaches) wordings.set(wording, new Set([...(wordings.get(wording) ?? []), fact]));
  if (wordings.size === 0) return [];
  const problems: ContentError[] = [];
  for (const { text, file, start, numbers } of readings) {
    for (const { word, offset, wording } of numbers) {
      const facts = [...(wordings.get(wording) ?? [])];
      if (facts.length === 0) continue;
      const valueOf = (fact: string) => booking[fact.slice("booking.".length)];
      const place = { file, ...placeAt(text, offset, start) };
      const same = facts.find((fact) => String(valueOf(fact)) === word);
      const quote = facts.map((fact) => `{${fact}}`).join(" or ");
      problems.push(
        same
          ? new ContentError(place, `The text types ${word}, the figure of ${same} in ${siteFile}`, {
              hint: `Quote it as {${same}}: a typed figure would not change with ${siteFile}.`,
            })
          : new ContentError(
              place,
              `The text says ${word} where ${siteFile} sets ${facts.map((fact) => `${fact} to ${String(valueOf(fact) ?? "nothing")}`).join(" and ")}`,
              { hint: `Quote the figure as ${quote}, so the text says what the terms say.` },
            ),
      );
    }
  }
  return problems;
}

/** A text's figures and numbers, each with its wording. */
function readingOf(text: string): Reading {
  const matches = [...text.matchAll(token)];
  const tokens = matches.map((match) => match[0]);
  const reading: Reading = { teaches: [], numbers: [] };
  for (const [index, word] of tokens.entries()) {
    const fact = figure.exec(word)?.[1];
    if (fact) reading.teaches.push({ wording: wordingAt(tokens, index), fact });
    else if (/^\d/.test(word))
      reading.numbers.push({ word, offset: matches[index]!.index, wording: wordingAt(tokens, index) });
  }
  return reading;
}

/** How a figure at `index` is worded: the word before it and the two after it, in lower case. */
function wordingAt(tokens: readonly string[], index: number): string {
  const word = (at: number) => tokens[at]?.toLowerCase() ?? "";
  return `${word(index - 1)}\u0000${word(index + 1)}\u0000${word(index + 2)}`;
}
