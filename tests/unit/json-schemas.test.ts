/**
 * The JSON Schemas editors get in VS Code: made from the loaders' own definitions (the committed
 * files are exactly what the generator makes), accepting the real content, and rejecting a broken
 * copy at the path of the mistake, as checked by a real JSON Schema validator (Ajv).
 */
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { siteLanguageCodes } from "../support/languages.ts";
import { createJsonSchemas, schemaFolder, schemaText } from "../../generator/editor/json-schemas.ts";
import { projectRoot } from "../support/site.ts";

const read = (file: string) => readFile(path.join(projectRoot, file), "utf8");
const frontMatter = (markdown: string) => parse(/^---\n([\s\S]*?)\n---/.exec(markdown)![1]!) as unknown;
const markdownFiles = async (folder: string) =>
  (await readdir(path.join(projectRoot, folder)))
    .filter((file) => file.endsWith(".md"))
    .map((file) => `${folder}/${file}`);

let validators: Record<string, ValidateFunction>;

beforeAll(async () => {
  const ajv = new Ajv({ allErrors: true, strict: true });
  validators = {};
  for (const name of ["site", "dictionary", "writing-rules", "page", "testimonial"])
    validators[name] = ajv.compile(JSON.parse(await read(`${schemaFolder}/${name}.schema.json`)));
});

/** Where the validator found mistakes: `/contact/email must match pattern …`. */
function mistakes(validate: ValidateFunction, data: unknown): string[] {
  if (validate(data)) return [];
  return validate.errors!.map((error) => {
    const extra = (error.params as { additionalProperty?: string }).additionalProperty;
    return `${error.instancePath || "/"} ${error.message}${extra ? `: ${extra}` : ""}`;
  });
}

describe("JSON Schemas for editors", () => {
  it("are committed exactly as the loaders' schema definitions make them (run `node bin/ranch-site.js schemas`)", async () => {
    const committed = (await readdir(path.join(projectRoot, schemaFolder)))
      .filter((name) => name.endsWith(".json"))
      .sort();
    const made = createJsonSchemas();
    expect(committed).toEqual([...made.keys()].sort());
    for (const [name, schema] of made) expect(await read(`${schemaFolder}/${name}`), name).toBe(schemaText(schema));
  });

  it("accept the real content: site.yaml, every language's dictionary and writing rules, every page's and testimonial's front matter", async () => {
    expect(mistakes(validators["site"]!, parse(await read("content/site.yaml")))).toEqual([]);
    for (const code of siteLanguageCodes) {
      const dictionary = `content/i18n/${code}.yaml`;
      expect(mistakes(validators["dictionary"]!, parse(await read(dictionary))), dictionary).toEqual([]);
      const rules = `content/languages/${code}.yaml`;
      expect(mistakes(validators["writing-rules"]!, parse(await read(rules))), rules).toEqual([]);
    }
    const pages = await markdownFiles("content/pages");
    const testimonials = await markdownFiles("content/testimonials");
    expect(pages.length).toBeGreaterThanOrEqual(16);
    for (const file of pages) expect(mistakes(validators["page"]!, frontMatter(await read(file))), file).toEqual([]);
    for (const file of testimonials)
      expect(mistakes(validators["testimonial"]!, frontMatter(await read(file))), file).toEqual([]);
  });

  it("reject a broken site.yaml at the path of each mistake", async () => {
    const site = parse(await read("content/site.yaml")) as Record<string, Record<string, unknown>>;
    site["contact"]!["email"] = "hello at deichhof";
    site["social"]!["linkedin"] = "linkedin.com/in/someone";
    site["legal"]!["vatId"] = 123;
    site["contact"]!["fax"] = "04671 0000";
    delete site["location"]!["mapsUrl"];
    const found = mistakes(validators["site"]!, site);
    expect(found).toContainEqual(expect.stringMatching(/^\/contact\/email must match pattern/));
    expect(found).toContainEqual(expect.stringMatching(/^\/social\/linkedin must match pattern/));
    expect(found).toContainEqual("/legal/vatId must be string");
    expect(found).toContainEqual("/contact must NOT have additional properties: fax");
    expect(found).toContainEqual("/location must have required property 'mapsUrl'");
  });

  it("reject a dictionary with a list or an empty text where a text belongs", async () => {
    const dictionary = parse(await read("content/i18n/de.yaml")) as Record<string, Record<string, unknown>>;
    dictionary["hero"]!["title"] = ["Professionelles", "Verkaufstraining"];
    dictionary["hero"]!["subtitle"] = "";
    const found = mistakes(validators["dictionary"]!, dictionary);
    expect(found).toContainEqual("/hero/title must be string");
    expect(found).toContainEqual("/hero/subtitle must NOT have fewer than 1 characters");
  });

  it("reject front matter with a wrong type or an unknown field at its path", async () => {
    const page = frontMatter(await read("content/pages/pricing.en.md")) as {
      offers: Record<string, Record<string, unknown>>;
    };
    page.offers["open"]!["features"] = "Meals, childcare and an experience of choice";
    // Prices live in content/site.yaml, once: a price in the wording of an offer is refused.
    page.offers["team"]!["price"] = 9800;
    const found = mistakes(validators["page"]!, page);
    expect(found).toContain("/offers/open/features must be array");
    expect(found).toContain("/offers/team must NOT have additional properties: price");
    const testimonial = frontMatter(await read("content/testimonials/01-svenja-hollmann.de.md")) as Record<
      string,
      unknown
    >;
    testimonial["company"] = "Nordwind GmbH";
    expect(mistakes(validators["testimonial"]!, testimonial)).toEqual([
      "/ must NOT have additional properties: company",
    ]);
  });
});
