import { describe, expect, it } from "vitest";
import { createTranslator, Facts, interpolate, type Dictionary } from "../../generator/i18n.ts";

const dictionary: Dictionary = new Map([
  ["hero.title", { text: "Professionelles Verkaufstraining", file: "de.yaml", line: 3, column: 3 }],
]);

describe("t()", () => {
  it("returns the translation of a known key", () => {
    expect(createTranslator(dictionary, () => {})("hero.title")).toBe("Professionelles Verkaufstraining");
  });

  it("returns the key itself for an unknown key, and reports it", () => {
    const missing: string[] = [];
    const t = createTranslator(dictionary, (key) => missing.push(key));
    expect(t("hero.subtitle")).toBe("hero.subtitle");
    expect(missing).toEqual(["hero.subtitle"]);
  });
});

describe("interpolate()", () => {
  const facts = new Facts(
    new Map([
      ["claims.animals", "25+"],
      ["contact.email", "a@b.de"],
    ]),
  );

  it("fills placeholders from site facts", () => {
    expect(interpolate("{claims.animals} Farm Animals, write to {contact.email}", facts)).toEqual({
      text: "25+ Farm Animals, write to a@b.de",
      unknown: [],
    });
  });

  it("names unknown placeholders with their offset and leaves them visible", () => {
    expect(interpolate("Call {contact.phone}", facts)).toEqual({
      text: "Call {contact.phone}",
      unknown: [{ name: "contact.phone", offset: 5 }],
    });
  });

  it("does not report a placeholder whose group failed to load: that failure is the one error", () => {
    const broken = new Facts(new Map([["claims.animals", "25+"]]), ["contact"]);
    expect(interpolate("{contact.email} {claims.animalz}", broken).unknown.map(({ name }) => name)).toEqual([
      "claims.animalz",
    ]);
    expect(interpolate("{anything.at.all}", new Facts(new Map(), [""])).unknown).toEqual([]);
  });
});
