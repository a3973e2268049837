import { describe, expect, it } from "vitest";
import { checkContent } from "../../generator/check/across-files.ts";
import { siteLanguages } from "../support/languages.ts";
import type { Entry } from "../../generator/i18n.ts";
import type { LoadedContent } from "../../generator/load/content.ts";
import { fixedPages } from "../../generator/routes.ts";

const dictionary = (file: string, keys: string[]) =>
  new Map<string, Entry>(keys.map((key, index) => [key, { text: key, file, line: index + 1, column: 3 }]));
const content = (en: string[], de: string[]) =>
  ({
    site: {},
    publicFiles: [],
    problems: [],
    locales: [
      { locale: "en", dictionary: dictionary("en.yaml", en), testimonials: [], pages: {} },
      { locale: "de", dictionary: dictionary("de.yaml", de), testimonials: [], pages: {} },
    ],
  }) as unknown as LoadedContent;

/** `templateKeys`: the keys the templates write, as the template loader finds them. */
const messages = (en: string[], de: string[], templateKeys: string[] = []) =>
  checkContent(
    content(en, de),
    fixedPages.filter((page) => !page.markdown), // dictionaries only: no markdown pages to require
    siteLanguages,
    new Map(templateKeys.map((key) => [key, { file: "templates/pages/Home.tsx" }])),
  ).map((problem) => problem.message);

describe("key parity", () => {
  it("reports each of two neighbouring misspellings once, at the spelling no template uses", () => {
    expect(
      messages(
        ["hero.title", "hero.subtitel", "hero.badgez"],
        ["hero.title", "hero.subtitle", "hero.badges"],
        ["hero.subtitle", "hero.badges"],
      ),
    ).toEqual([
      'en.yaml:2:3: Key "hero.subtitel" looks misspelt: de.yaml has "hero.subtitle"',
      'en.yaml:3:3: Key "hero.badgez" looks misspelt: de.yaml has "hero.badges"',
    ]);
  });

  it("reports a key missing on one side where it belongs, and an extra key where it stands", () => {
    expect(messages(["nav.about", "nav.contact"], ["nav.about", "footer.extra"])).toEqual([
      'de.yaml:1:3: Missing key "nav.contact" (present in en.yaml:2)',
      'de.yaml:2:3: Key "footer.extra" is not in en.yaml',
    ]);
  });
});
