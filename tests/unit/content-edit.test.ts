/**
 * A save from the web editor changes only what the editor changed: Decap sends the whole file written
 * anew (no comments, its own quoting), and the merge keeps every other byte of the file as it was.
 */
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { mergeMarkdown, mergeYaml } from "../../generator/editor/content-edit.ts";

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
