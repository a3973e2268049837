/**
 * A save from the web editor changes only what the editor changed: Decap sends the whole file written
 * anew (no comments, its own quoting), and the merge keeps every other byte of the file as it was.
 */
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { isBlankVersion, mergeMarkdown, mergeYaml } from "../../generator/editor/content-edit.ts";

const site = `# Facts of the site.
name: Deichhof Sales Ranch

contact:
  email: training@deichhof-sales-ranch.de
  phone: "+49 4671 930 41 20"

claims:
  trainingDays: 3
  # A figure with a plus.
  animals: 25+

dates:
  - start: 2027-03-15
    seatsLeft: 4
  - start: 2027-04-26
    seatsLeft: 7
`;

/** What Decap sends for the file: its data, written without comments by a YAML library. */
const asSent = (edit: (data: Record<string, any>) => void) => {
  const data: Record<string, any> = {
    name: "Deichhof Sales Ranch",
    contact: { email: "training@deichhof-sales-ranch.de", phone: "+49 4671 930 41 20" },
    claims: { trainingDays: "3", animals: "25+" },
    dates: [
      { start: "2027-03-15", seatsLeft: 4 },
      { start: "2027-04-26", seatsLeft: 7 },
    ],
  };
  edit(data);
  return stringify(data);
};

describe("saving an edit into a YAML file", () => {
  it("changes the one value, keeping comments, quotes, blank lines and a figure the form sends as text", () => {
    const merged = mergeYaml(
      site,
      asSent((data) => (data["dates"][0].seatsLeft = 3)),
    );
    expect(merged).toBe(site.replace("seatsLeft: 4", "seatsLeft: 3"));
  });

  it("keeps the quoting of a changed quoted text", () => {
    const merged = mergeYaml(
      site,
      asSent((data) => (data["contact"].phone = "+49 4671 930 41 21")),
    );
    expect(merged).toBe(site.replace('"+49 4671 930 41 20"', '"+49 4671 930 41 21"'));
  });

  it("adds a date and removes one, keeping the comments", () => {
    const added = mergeYaml(
      site,
      asSent((data) => data["dates"].push({ start: "2027-09-13", seatsLeft: 12 })),
    );
    expect(added).toBe(`${site}  - start: 2027-09-13\n    seatsLeft: 12\n`);
    const removed = mergeYaml(
      site,
      asSent((data) => data["dates"].pop()),
    );
    expect(removed).toBe(site.replace("  - start: 2027-04-26\n    seatsLeft: 7\n", ""));
  });

  it("does not add an optional field the editor left empty, and removes one emptied", () => {
    expect(
      mergeYaml(
        site,
        asSent((data) => (data["dates"][0].offer = "")),
      ),
    ).toBe(site);
    const emptied = mergeYaml(
      site,
      asSent((data) => (data["contact"].phone = "")),
    );
    expect(emptied).toBe(site.replace('  phone: "+49 4671 930 41 20"\n', ""));
  });
});

describe("saving an edit into a markdown file", () => {
  const testimonial =
    "---\nname: Svenja Hollmann\n# Her role.\nrole: Head of Sales\n---\nDas Pferd hat mich ignoriert.\n";

  it("changes the text and keeps the front matter byte for byte", () => {
    const sent = "---\nname: Svenja Hollmann\nrole: Head of Sales\n---\n\nDas Pferd hat mich jedes Mal ignoriert.";
    expect(mergeMarkdown(testimonial, sent)).toBe(testimonial.replace("mich ignoriert", "mich jedes Mal ignoriert"));
  });

  it("leaves an unchanged text as it was, line ends and all", () => {
    const sent = "---\nname: Svenja Hollmann\nrole: Head of Sales\n---\nDas Pferd hat mich ignoriert.";
    expect(mergeMarkdown(testimonial, sent)).toBe(testimonial);
  });
});

describe("saving the list of dates emptied", () => {
  it('writes `dates: []`, the "no dates planned" state, and keeps the rest of the file', () => {
    const merged = mergeYaml(
      site,
      asSent((data) => (data["dates"] = [])),
    );
    expect(merged).toContain("\ndates: []\n");
    expect(merged.replace(/\ndates: \[\]\n$/, "")).toBe(site.replace(/\ndates:\n[\s\S]*$/, ""));
  });
});

describe("saving a one-word edit of a page's body", () => {
  const page = [
    "---",
    "title: Training details",
    "---",
    "",
    "Three days on the dike:",
    "",
    "- *Day one*: the herd",
    "  - leading, with **calm**",
    "- Day two: the group",
    "",
    "<!-- keep -->",
    "",
  ].join("\n");

  it("changes the one line in each language, keeping list markers, emphasis, spacing and comments", () => {
    for (const [before, after] of [
      ["the herd", "the whole herd"],
      ["the group", "die Gruppe"],
    ] as const) {
      // Decap's raw mode sends the text as typed, trimmed, after its own front matter.
      const sent = `---\ntitle: Training details\n---\n${page.split("---\n")[2]!.trim().replace(before, after)}`;
      const merged = mergeMarkdown(page, sent);
      expect(merged).toBe(page.replace(before, after));
      const changed = merged.split("\n").filter((line, index) => line !== page.split("\n")[index]);
      expect(changed).toHaveLength(1);
    }
  });
});

describe("saving the first photo into images.yaml, which holds only comments", () => {
  it("keeps every comment and adds the slot the form filled, without the empty ones", () => {
    const comments = "# The owner's photos.\n#\n# Example:\n# trainer:\n#   file: katrin-jessen.jpg\n";
    const sent = stringify({
      hero: { file: "", alt: { en: "", de: "" } },
      trainer: { file: "katrin.jpg", alt: { en: "Katrin at the gate", de: "Katrin am Tor" } },
    });
    expect(mergeYaml(comments, sent)).toBe(
      `${comments}\ntrainer:\n  file: katrin.jpg\n  alt:\n    en: Katrin at the gate\n    de: Katrin am Tor\n`,
    );
  });
});

describe("a language version of a new entry left empty", () => {
  it("is recognised as blank, so the German-only testimonial writes no English file", () => {
    expect(isBlankVersion("content/testimonials/x.en.md", '---\nname: ""\nrole: ""\nlinkedin: ""\n---\n')).toBe(true);
    expect(isBlankVersion("content/testimonials/x.en.md", "---\nname: Maren\n---\n")).toBe(false);
    expect(isBlankVersion("content/testimonials/x.en.md", "---\n---\nA text.\n")).toBe(false);
    expect(isBlankVersion("content/site.yaml", "")).toBe(false);
  });
});
