/**
 * The typography the build applies per locale (design.md §9; issue 13 item 7), by each language's writing
 * rules as the real project writes them (content/languages/*.yaml), and the neutral rules of a language
 * without a file.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loadMarkdownEngine, renderMarkdown } from "../../generator/load/markdown.ts";
import { typeset as typesetWith, typographyOf, type Typography } from "../../generator/load/typography.ts";
import { loadWritingRules, neutralRules } from "../../generator/load/writing-rules.ts";
import { projectRoot } from "../support/site.ts";

const rulesOf = async (code: string) =>
  typographyOf((await loadWritingRules(projectRoot, { code, prefix: code }, { file: "content/site.yaml" })).value);
const typographies: Record<string, Typography> = { en: await rulesOf("en"), de: await rulesOf("de") };
/** A text as the real site sets it in English ("en") or German ("de"). */
const typeset = (text: string, code: "en" | "de") => typesetWith(text, typographies[code]!);

// The engine loads when a build first parses a body (load/markdown.ts); these tests call it directly.
beforeAll(() => loadMarkdownEngine());

/** Non-breaking spaces shown as `~`, so expectations read like the typed text. */
const shown = (text: string) => text.replaceAll("\u00a0", "~");

describe("typeset", () => {
  it("keeps numbers with their units and signs", () => {
    expect(shown(typeset("Husum, 20 km away; about 150 km from Hamburg.", "en"))).toBe(
      "Husum, 20~km away; about 150~km from Hamburg.",
    );
    expect(shown(typeset("50 % Anzahlung, Beginn 8:30 Uhr, Preis 2.490 € oder € 2.490", "de"))).toBe(
      "50~% Anzahlung, Beginn 8:30~Uhr, Preis 2.490~€ oder €~2.490",
    );
  });

  it("keeps a figure with the word it counts, as it keeps one with its unit (issue 21 item 4)", () => {
    expect(shown(typeset("3 months, 12 managers, 25+ goats", "en"))).toBe("3~months, 12~managers, 25+~goats");
    // Labels keep their figures (running prose spells two to twelve out: below).
    expect(
      ["3 Tage", "4 Plätze frei", "25 Personen", "14 Tage vor Trainingsbeginn"].map((text) =>
        shown(typeset(text, "de")),
      ),
    ).toEqual(["3~Tage", "4~Plätze frei", "25~Personen", "14~Tage vor Trainingsbeginn"]);
    // Only a figure followed by a word: not one followed by another figure, a sign or a line break.
    expect(typeset("1 2 3, 4 - 5, 6\nTage", "de")).toBe("1 2 3, 4\u00a0– 5, 6\nTage");
  });

  it("keeps legal references and one-letter abbreviations together", () => {
    expect(shown(typeset("nach § 5 DDG und Art. 6 Abs. 1 lit. a DSGVO, § 25 Abs. 2 Nr. 2 TDDDG", "de"))).toBe(
      "nach §~5~DDG und Art.~6~Abs.~1~lit.~a DSGVO, §~25~Abs.~2~Nr.~2~TDDDG",
    );
    expect(shown(typeset("z. B. Kitesurfen, d. h. bei Wind, i. d. R. nachmittags", "de"))).toBe(
      "z.~B. Kitesurfen, d.~h. bei Wind, i.~d.~R. nachmittags",
    );
    expect(shown(typeset("bei St. Peter-Ording, zum 20. Juli 2025", "de"))).toBe(
      "bei St.~Peter-Ording, zum 20.~Juli 2025",
    );
  });

  it("keeps a phone number on one line", () => {
    expect(shown(typeset("Call +49 4671 930 41 20 today", "en"))).toBe("Call +49~4671~930~41~20~today");
  });

  it("writes a real ellipsis and a spaced en dash that never starts a line", () => {
    expect(typeset("Loading...", "en")).toBe("Loading…");
    expect(typeset("Wird geladen...", "de")).toBe("Wird geladen…");
    expect(shown(typeset("the ranch - and the sea", "en"))).toBe("the ranch~– and the sea");
    expect(shown(typeset("Vom Deich in den Vertrieb – und wieder zurück", "de"))).toBe(
      "Vom Deich in den Vertrieb~– und wieder zurück",
    );
  });

  it("sets the quotation marks of the locale", () => {
    expect(typeset('kein "Soft Skill", sondern', "de")).toBe("kein \u201eSoft Skill\u201c, sondern");
    expect(typeset("kein \u201cSoft Skill\u201d, sondern", "de")).toBe("kein \u201eSoft Skill\u201c, sondern");
    expect(typeset('not a "soft skill" at all', "en")).toBe("not a \u201csoft skill\u201d at all");
    expect(typeset("don't 'guess'", "en")).toBe("don\u2019t \u2018guess\u2019");
  });

  it("leaves an unpaired quotation mark alone rather than guess", () => {
    expect(typeset('a 12" record', "en")).toBe('a 12" record');
  });

  it("spells out two to twelve in German running prose, and keeps figures where they count or label", () => {
    expect(typeset("Jede Gruppe hat höchstens 12 Teilnehmende, in 3 konzentrierten Tagen.", "de")).toBe(
      "Jede Gruppe hat höchstens zwölf Teilnehmende, in drei konzentrierten Tagen.",
    );
    const kept =
      "An Tag 2 um 8:30 Uhr, nach § 5 und Art. 6, 3-tägig, am 3. Juli, 3 km weit, (2) Absatz, 1 Tag, 13 Orte";
    expect(shown(typeset(kept, "de"))).toBe(
      "An Tag 2~um 8:30~Uhr, nach §~5~und Art.~6, 3-tägig, am 3.~Juli, 3~km weit, (2) Absatz, 1~Tag, 13~Orte",
    );
    expect(shown(typeset("3 Tage", "de"))).toBe("3~Tage");
    // At the start of the text or of a sentence the number word is capitalised, as a list item starts.
    expect(typeset("3 Trainingstage mit Katrin Jessen", "de")).toBe("Drei Trainingstage mit Katrin Jessen");
    expect(typeset("Wir sind da. 4 Hunde bellen laut.", "de")).toBe("Wir sind da. Vier Hunde bellen laut.");
    expect(shown(typeset("Over 3 days in a group of 12 people", "en"))).toBe("Over 3~days in a group of 12~people");
  });

  it("keeps the short parts of a hyphenated word on one line, and leaves long compounds breakable", () => {
    expect(typeset("Drei Tage Go-to-Market-Strategie per E-Mail", "de")).toBe(
      "Drei Tage Go\u2011to\u2011Market-Strategie per E\u2011Mail",
    );
    expect(typeset("a go-to-market motion, check-in at nine, Nordsee-Ranch, B2B-Vertrieb", "en")).toBe(
      "a go\u2011to\u2011market motion, check\u2011in at nine, Nordsee-Ranch, B2B-Vertrieb",
    );
    expect(typeset("Ein- und Ausgang, https://example.org/a-b, {x-y}, a-b@example.org", "de")).toBe(
      "Ein- und Ausgang, https://example.org/a-b, {x-y}, a-b@example.org",
    );
  });

  it("is idempotent", () => {
    const once = typeset('„Ja" - z. B. 20 km... § 5', "de");
    expect(typeset(once, "de")).toBe(once);
  });

  it("leaves {placeholders}, e-mail addresses and URLs unchanged", () => {
    const text = "Write to {contact.email}, training@example.org or https://example.org/a...b?x=1";
    expect(typeset(text, "en")).toBe(text.replace("...", "…"));
    expect(typeset("{claims.animals} Tiere", "de")).toBe("{claims.animals} Tiere");
  });
});

describe("markdown typography", () => {
  it("sets text nodes and leaves code, link targets and inline code alone", () => {
    const html = renderMarkdown('Nach § 5 DDG, "bitte" [z. B. hier](/de/a...b/) und `a - b...`\n\n```\nx - y...\n```', {
      typography: typographies["de"],
    });
    expect(shown(html)).toBe(
      '<p>Nach §~5~DDG, \u201ebitte\u201c <a href="/de/a...b/">z.~B. hier</a> und <code>a - b...</code></p>\n<pre><code>x - y...\n</code></pre>',
    );
  });

  it("uses the page's locale: English marks on English pages", () => {
    expect(renderMarkdown('a "b"', { typography: typographies["en"] })).toBe("<p>a \u201cb\u201d</p>");
  });
});

describe("a language without writing rules", () => {
  const danish = typographyOf(neutralRules("da"));

  it("keeps the quotes as typed and its figures as figures: never another language's marks or number words", () => {
    expect(typesetWith('Vi er "helt" klar med 3 heste og 12 geder i dag.', danish)).toBe(
      'Vi er "helt" klar med 3\u00a0heste og 12\u00a0geder i dag.',
    );
  });

  it("binds a day to its month by the names ICU gives the language", () => {
    expect(shown(typesetWith("Fra 15. marts 2027", danish))).toBe("Fra 15.~marts 2027");
  });
});
