import { beforeAll, describe, expect, it, vi } from "vitest";
import { build, MemoryWriter, resolveConfig } from "../../generator/index.ts";
import { projectRoot } from "../support/site.ts";
import { outputFile } from "../support/addresses.ts";

/**
 * Golden pages: four built pages, byte for byte, so "the output did not change" is a test and not a
 * hand check. A deliberate change to templates or content updates them with
 *   npx vitest run tests/golden/pages.test.ts -u
 * and the diff of tests/golden/__golden__/ shows in review what visitors will see.
 */
const goldenPages = {
  "index.html": "home.en.html",
  "de/index.html": "home.de.html",
  [outputFile("pricing", "de")]: "pricing.de.html",
  "contact/index.html": "contact.en.html",
};
const update = "if the change is intended: npx vitest run tests/golden/pages.test.ts -u";

const writer = new MemoryWriter();

beforeAll(async () => {
  // A fixed config and a fixed "today": the pages depend on the templates and content only.
  vi.stubEnv("SOURCE_DATE_EPOCH", "1780000000");
  await build(resolveConfig({ root: projectRoot, baseUrl: "https://golden.example", basePath: "/" }), writer);
  vi.unstubAllEnvs();
});

describe("golden pages", () => {
  it.each(Object.entries(goldenPages))("%s", async (file, golden) => {
    const html = writer.files.get(file);
    expect(typeof html, `${file} was built`).toBe("string");
    await expect(html).toMatchFileSnapshot(`__golden__/${golden}`, update);
  });
});
