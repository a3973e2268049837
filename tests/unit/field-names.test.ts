/**
 * A refusal of `check` names its field as the form labels it, found from the located line of the file
 * the editor saved (generator/editor/field-names.ts).
 */
import { describe, expect, it } from "vitest";
import { fieldNameAt } from "../../generator/editor/field-names.ts";

const site = [
  "# Facts of the whole site.",
  "claims:",
  "  freeCancellationDays: 30",
  "dates:",
  "  - start: 2027-03-12",
  "    end: 2027-03-14",
  "  - start: 2027-05-07",
  "    # comment inside an entry",
  "    seatsLeft: 12",
  "",
].join("\n");

describe("the field at a located line, in the form's words", () => {
  it("names a key, a list entry's field by its number, and nothing for a comment line", () => {
    expect(fieldNameAt("content/site.yaml", site, 3)).toBe("Claims › Free cancellation days");
    expect(fieldNameAt("content/site.yaml", site, 6)).toBe("Dates › 1 › End");
    expect(fieldNameAt("content/site.yaml", site, 9)).toBe("Dates › 2 › Seats left");
    expect(fieldNameAt("content/site.yaml", site, 1)).toBeUndefined();
  });

  it("counts the lines of a page's front matter from the file's first line", () => {
    const page = "---\ntitle: Impressum\ndescription: Wer hinter der Seite steht\n---\n\nText\n";
    expect(fieldNameAt("content/pages/imprint.de.md", page, 3)).toBe("Description");
    expect(fieldNameAt("content/pages/imprint.de.md", page, 6)).toBeUndefined();
  });
});
