/**
 * The web editor speaks the owner's language throughout: every field of every form, every group of short
 * texts, each collection and each refusal has its words in each table of generator/editor/words/, and
 * none is left to its key. A field added to a schema or a key added to the dictionaries fails here, with
 * its name and the table that lacks it, until each table has words for it.
 */
import { describe, expect, it } from "vitest";
import { cmsContentOf, createCmsConfig } from "../../generator/editor/cms-config.ts";
import { loadEditorWords, problemInWords, type Words } from "../../generator/editor/words.ts";
import { languagesWithoutWords } from "../../generator/editor/admin-output.ts";
import { problemKinds } from "../../model/problem.ts";
import { loadContent } from "../../generator/load/content.ts";
import { resolveConfig } from "../../generator/config.ts";
import { projectRoot } from "../support/site.ts";

type Field = {
  name: string;
  label?: string;
  hint?: string;
  widget?: string;
  fields?: Field[];
  field?: Field;
  options?: unknown[];
};
type Collection = {
  name: string;
  label: string;
  files?: { name: string; label: string; file: string; fields: Field[] }[];
  fields?: Field[];
};

/** The words a table lacks for this project's forms, as `section: path`. */
async function missingWords(words: Words): Promise<string[]> {
  const content = cmsContentOf(await loadContent(resolveConfig({ root: projectRoot })), true);
  const config = createCmsConfig(content, words) as { collections: Collection[] };
  const missing: string[] = [];
  const need = (section: keyof Words, key: string) => {
    if (!(words[section] as Record<string, string>)[key]) missing.push(`${section}: ${key}`);
  };
  const walk = (section: keyof Words, fields: readonly Field[], prefix: string, skipNames = false) => {
    for (const field of fields) {
      const path = skipNames ? prefix.replace(/\.$/, "") : `${prefix}${field.name}`;
      if (!skipNames) need(section, path);
      // An offer's group is named by the offer itself (the pricing page's name for it), its fields by the table.
      const offers = field.name === "offers" && !skipNames;
      if (field.fields) walk(section, field.fields, offers ? `${path}.` : `${path}.`, offers);
      if (field.field && field.field.widget !== "object") need(section, `${path}.item`);
      if (offers) for (const offer of field.fields ?? []) walk(section, offer.fields ?? [], `${path}.`);
    }
  };
  for (const collection of config.collections) {
    need("collections", collection.name);
    if (collection.name === "site") walk("site", collection.files![0]!.fields, "");
    if (collection.name === "testimonials") walk("testimonial", collection.fields!, "");
    if (collection.name === "pages")
      for (const page of collection.files!)
        for (const field of page.fields) if (field.name !== "offers") walk("page", [field], "");
    if (collection.name === "texts") {
      const texts = (fields: readonly Field[], prefix: string) => {
        for (const field of fields) {
          // The search at the top of the form is labelled by the script's words (interface: search).
          if (field.widget === "ranch-search") continue;
          const key = `${prefix}${field.name}`;
          if (field.fields) {
            need("places", key);
            texts(field.fields, `${key}.`);
          } else need("texts", key);
        }
      };
      texts(collection.files![0]!.fields, "");
    }
    if (collection.name === "photos") for (const slot of collection.files![0]!.fields) need("photos", slot.name);
  }
  for (const refusal of ["wholeNumber", "email", "url", "figure", "notBefore"]) need("refusals", refusal);
  return [...new Set(missing)];
}

describe("the web editor's words", () => {
  it("has a table in English and in German, the site's languages", async () => {
    expect([...(await loadEditorWords()).keys()].sort()).toEqual(["de", "en"]);
  });

  it("labels every field, group and collection in each table, and none by its key", async () => {
    const tables = await loadEditorWords();
    const missing = Object.fromEntries(
      await Promise.all([...tables].map(async ([language, words]) => [language, await missingWords(words)] as const)),
    );
    expect(missing).toEqual(Object.fromEntries([...tables.keys()].map((language) => [language, []])));
  });

  it("warns once for a language of the site without a table: its browsers would get the editor in English", async () => {
    const tables = await loadEditorWords();
    const warnings = languagesWithoutWords(["en", "de", "da"], tables, (code) => `content/i18n/${code}.yaml`);
    expect(warnings.map((warning) => [warning.message, warning.hint])).toEqual([
      [
        "content/i18n/da.yaml: warning: The web editor has no words in Danish: a browser that asks for Danish gets the editor in English",
        "Add generator/editor/words/da.yaml, a copy of en.yaml with its values in Danish; tests/unit/editor-words.test.ts names any word it still lacks.",
      ],
    ]);
    expect(languagesWithoutWords(["en", "de"], tables, (code) => code)).toEqual([]);
  });

  it("gives every table the keys of the English one", async () => {
    const tables = await loadEditorWords();
    const keysOf = (words: Words) =>
      Object.entries(words)
        .filter(([section]) => section !== "language")
        .flatMap(([section, entries]) => Object.keys(entries as object).map((key) => `${section}: ${key}`))
        .sort();
    const english = keysOf(tables.get("en")!);
    for (const [language, words] of tables)
      expect(
        english.filter((key) => !keysOf(words).includes(key)),
        language,
      ).toEqual([]);
  });

  it("words every refusal of check and the place of a broken file in each language but English, quoting only the kind's values", async () => {
    const tables = await loadEditorWords();
    for (const [language, words] of tables) {
      if (language === "en") continue;
      const wanted = { ...problemKinds, where: ["file", "line"], other: [] } as Record<string, readonly string[]>;
      const missing = Object.keys(wanted).filter((kind) => !words.checks[kind]);
      if (!words.interface["brokenAt"]) missing.push("interface: brokenAt");
      expect(missing, language).toEqual([]);
      for (const [kind, wording] of Object.entries(words.checks)) {
        const quoted = [...wording.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
        expect(
          quoted.filter((name) => !wanted[kind]?.includes(name!)),
          `${language}: checks.${kind}`,
        ).toEqual([]);
      }
    }
  });

  it("says a refusal of check in German with its days and languages in German, and leaves English to the generator's line", async () => {
    const tables = await loadEditorWords();
    const problem = {
      place: { file: "content/site.yaml", line: 99, column: 10 },
      reason: "The date ends (2027-03-10) before it starts (2027-03-15)",
      kind: "endBeforeStart" as const,
      values: { start: "2027-03-15", end: "2027-03-10" },
    };
    expect(problemInWords(problem, tables.get("de")!)).toBe(
      "content/site.yaml, Zeile 99: Der Termin endet am 10. März 2027, also vor seinem ersten Tag, dem 15. März 2027. Der letzte Tag muss am ersten Tag oder danach liegen.",
    );
    expect(
      problemInWords(
        { ...problem, kind: "linkToOtherLanguage", values: { link: "/pricing/", language: "en" } },
        tables.get("de")!,
      ),
    ).toMatch(/führt auf eine Seite auf Englisch\./);
    // A problem of a kind without words of its own is still German, and says where the details are.
    expect(problemInWords({ ...problem, kind: undefined }, tables.get("de")!)).toMatch(
      /^content\/site\.yaml, Zeile 99: Die Prüfung der Website lässt diese Änderung nicht zu\./,
    );
    expect(problemInWords(problem, tables.get("en")!)).toBeUndefined();
  });
});
