/**
 * The testimonials' order is a fact of site.yaml (`testimonials:`), which the web editor's list reorders:
 * the loader shows them in that order in every language, those not listed after them in the order of their
 * file names, and refuses a list that names a testimonial twice or one that does not exist, at its line.
 */
import { describe, expect, it } from "vitest";
import { orderTestimonials } from "../../generator/load/testimonial-order.ts";

const person = (id: string, name: string) => ({ id, name });
const english = [person("01-anna", "Anna"), person("02-ben", "Ben"), person("03-cleo", "Cleo"), person("dora", "Dora")];
// Dora wrote in German only so far.
const german = [person("01-anna", "Anna"), person("02-ben", "Ben"), person("03-cleo", "Cleo")];
const known = ["01-anna", "02-ben", "03-cleo", "dora"];
const listed = (...names: string[]) => names.map((name, index) => ({ name, at: { line: 10 + index, column: 5 } }));
const ids = (list: readonly { id: string }[]) => list.map((one) => one.id);

describe("the order of the testimonials", () => {
  it("keeps the order of the file names without a list", () => {
    const { value, problems } = orderTestimonials([english, german], undefined, known, "content/site.yaml");
    expect(value.map(ids)).toEqual([ids(english), ids(german)]);
    expect(problems).toEqual([]);
  });

  it("shows them as listed in every language, and those not listed after them in file-name order", () => {
    const order = listed("03-cleo", "01-anna");
    const { value, problems } = orderTestimonials([english, german], order, known, "content/site.yaml");
    expect(value.map(ids)).toEqual([
      ["03-cleo", "01-anna", "02-ben", "dora"],
      ["03-cleo", "01-anna", "02-ben"],
    ]);
    expect(problems).toEqual([]);
  });

  it("takes a testimonial that exists in one language only", () => {
    const { value } = orderTestimonials([english, german], listed("dora", "02-ben"), known, "content/site.yaml");
    expect(value.map(ids)).toEqual([
      ["dora", "02-ben", "01-anna", "03-cleo"],
      ["02-ben", "01-anna", "03-cleo"],
    ]);
  });

  it("refuses a name no testimonial has, and one listed twice, each at its line, and keeps the first place", () => {
    const order = listed("02-ben", "01-ana", "02-ben");
    const { value, problems } = orderTestimonials([english], order, known, "content/site.yaml");
    expect(problems.map((problem) => problem.message)).toEqual([
      'content/site.yaml:11:5: No testimonial is named "01-ana"',
      'content/site.yaml:12:5: "02-ben" is listed twice',
    ]);
    // The editor says them in the owner's words: the person's name, not the file's.
    expect(problems.map((problem) => [problem.kind, problem.values])).toEqual([
      ["unknownTestimonial", { name: "01-ana" }],
      ["testimonialTwice", { name: "Ben" }],
    ]);
    expect(ids(value[0]!)).toEqual(["02-ben", "01-anna", "03-cleo", "dora"]);
  });
});
