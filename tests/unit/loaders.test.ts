import { cp, mkdtemp, mkdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { resolveConfig } from "../../generator/config.ts";
import { Facts } from "../../generator/i18n.ts";
import { loadContent } from "../../generator/load/content.ts";
import {
  loadMarkdownEngine,
  parseMarkdown,
  renderMarkdown,
  renderTree,
  splitMarkdown,
} from "../../generator/load/markdown.ts";
import { loadDictionary } from "../../generator/load/translations.ts";
import { cachedYaml, readYaml } from "../../generator/io/yaml.ts";
import { RenderCache } from "../../generator/cache/render.ts";

// The engine loads when a build first parses a body (load/markdown.ts); these tests call it directly.
beforeAll(() => loadMarkdownEngine());

async function tree(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), "ranch-loader-"));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return root;
}

describe("the YAML reader", () => {
  it("locates a syntax error by line and column", () => {
    const { errors } = readYaml('a: 1\nb: "open\n', "x.yaml");
    expect(errors[0]!.message).toMatch(/^x\.yaml:2:4: YAML syntax error/);
  });

  it("rejects a duplicate key at the second one", () => {
    const { errors } = readYaml("hero:\n  title: A\n  title: B\n", "x.yaml");
    expect(errors.map((error) => error.message)).toEqual(['x.yaml:3:3: Duplicate key "title"']);
  });

  it("through the cache, gives what parsing gives: trees, values JSON cannot hold, and problems", async () => {
    const root = await tree({});
    const plain = "title: Guide\nprice: 2490\nsteps:\n  - one # first\n";
    const nan = "title: Guide\nfree: .nan\n";
    const broken = 'a: "open\n';
    const cache = await RenderCache.open(root, true);
    const read = cachedYaml(cache.rememberText);
    expect(read(plain, "x.yaml", 1)).toEqual(readYaml(plain, "x.yaml", 1));
    expect(read(broken, "x.yaml").errors).toHaveLength(1);
    read(nan, "x.yaml");
    await cache.save();
    const again = cachedYaml((await RenderCache.open(root, true)).rememberText);
    const parsed = JSON.parse(JSON.stringify(readYaml(plain, "x.yaml", 1)));
    expect(again(plain, "x.yaml", 1)).toEqual(parsed);
    const free = again(nan, "x.yaml").root;
    expect(free?.kind === "map" && free.entries[1]!.node.kind === "scalar" && free.entries[1]!.node.value).toBeNaN();
    expect(again(broken, "y.yaml").errors[0]!.message).toMatch(/^y\.yaml:1:4: YAML syntax error/);
  });
});

describe("the translation loader", () => {
  it("flattens nested keys and fills site facts", async () => {
    const root = await tree({
      "content/i18n/en.yaml": 'hero:\n  badges:\n    animals: "{claims.animals} Farm Animals"\n',
    });
    const { value: dictionary, problems } = await loadDictionary(
      root,
      "en",
      new Facts(new Map([["claims.animals", "25+"]])),
    );
    expect(problems).toEqual([]);
    expect(dictionary.get("hero.badges.animals")).toEqual({
      text: "25+ Farm Animals",
      file: "content/i18n/en.yaml",
      line: 3,
      column: 5,
      // As written, for the translation checks (placeholder parity, stale translations).
      source: "{claims.animals} Farm Animals",
    });
  });

  it("reports numbers, lists and empty values where text belongs, each at its place", async () => {
    const root = await tree({ "content/i18n/en.yaml": "a: 3\nb:\n  - x\nc:\n" });
    const { problems } = await loadDictionary(root, "en", new Facts());
    expect(problems.map((problem) => problem.message)).toEqual([
      'content/i18n/en.yaml:1:4: "a" must be text, found a number',
      'content/i18n/en.yaml:3:3: "b" must be text, found a list',
      'content/i18n/en.yaml:4:1: "c" is empty',
    ]);
  });
});

describe("the markdown loader", () => {
  it("splits front matter from the body and knows the body's first line", async () => {
    const { value: source, problems } = splitMarkdown("---\nname: Anna\nrole: CEO\n---\nGreat *days*.\n", "t.md");
    expect(problems).toEqual([]);
    expect(source.front?.kind).toBe("map");
    expect(source.bodyLine).toBe(5);
    expect(await renderMarkdown(source.body)).toBe("<p>Great <em>days</em>.</p>");
  });

  it("shows a fact's value as text, never as markdown, in the text and in a link's address", () => {
    const fill = (text: string) => text.replace("{note}", "*not emphasis*").replace("{mail}", "team@example.org");
    const tree = parseMarkdown("A {note} and *this*: [write]({mail}).");
    expect(renderTree(tree, fill)).toBe(
      '<p>A *not emphasis* and <em>this</em>: <a href="team@example.org">write</a>.</p>',
    );
  });

  it("sanitises raw HTML in markdown", async () => {
    expect(await renderMarkdown('Hi <script>alert(1)</script><img src=x onerror="alert(1)">')).not.toMatch(
      /<script|onerror/,
    );
  });

  it("keeps tap-to-call and mail links, the number without its spaces, and drops every other scheme (issue 35)", async () => {
    const html = await renderMarkdown("Call [+49 4671 930 41 20](<tel:+49 4671 930 41 20>) or [mail](mailto:a@b.de).");
    expect(html).toContain('<a href="tel:+4946719304120">');
    expect(html).toContain('<a href="mailto:a@b.de">mail</a>');
    for (const url of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,alert(1)", "vbscript:x"])
      expect(await renderMarkdown(`[x](<${url}>)`), url).toBe("<p><a>x</a></p>");
    // Nothing but digits and a plus survives in a tel: address, so it cannot carry another scheme or markup.
    expect(await renderMarkdown('[x](<tel:1"onclick="alert(1)>)')).toBe('<p><a href="tel:11">x</a></p>');
  });

  it("locates a front matter syntax error on the file's own line", () => {
    const { problems } = splitMarkdown("---\nname: Anna\nrole: [CEO\n---\nText\n", "t.md");
    expect(problems[0]!.message).toBe("t.md:3:7: YAML syntax error: This bracket is never closed");
  });
});

describe("loadContent() on a small fixture project (tests/fixtures/small-site)", () => {
  const root = path.join(import.meta.dirname, "../fixtures/small-site");

  it("loads both locales, fills site facts into texts, front matter and bodies, without problems", async () => {
    const content = await loadContent(resolveConfig({ root }));
    expect(content.problems.map((problem) => problem.message)).toEqual([]);
    expect(content.site.name).toBe("Fixture Ranch");
    const [en, de] = content.locales;
    expect(en!.dictionary.get("hero.title")?.text).toBe("A ranch with 7+\u00a0animals");
    expect(de!.dictionary.get("hero.title")?.text).toBe("Eine Ranch mit 7+\u00a0Tieren");
    expect(de!.testimonials.map(({ id, name, role, headline, html }) => ({ id, name, role, headline, html }))).toEqual([
      {
        id: "01-anna-berg",
        name: "Anna Berg",
        role: "CEO, Beispiel GmbH",
        headline: "Die Reise wert",
        html: "<p>Drei Tage, die unseren <em>Vertrieb</em> verändert haben.</p>",
      },
    ]);
    expect(Object.keys(en!.pages).sort()).toEqual([
      "about-me",
      "cookie-policy",
      "imprint",
      "not-found",
      "pricing",
      "privacy-policy",
      "terms-of-service",
      "training-details",
    ]);
    expect(en!.pages["imprint"]!.html).toBe("<p>Write to training@fixture-ranch.de.</p>");
    expect(de!.pages["pricing"]!.offers).toEqual({
      open: {
        name: "Offenes Training",
        unit: "pro Person",
        summary: "Ein Platz für drei Tage" /* the fact, then German typography (generator/load/typography.ts) */,
        features: ["Verpflegung"],
        cta: "Anfragen",
        at: expect.any(Object),
      },
    });
    // The figures are site.yaml's, printed per language; a date long past has dropped out.
    expect(content.site.offers["open"]).toMatchObject({
      price: 990,
      currency: "EUR",
      per: "person",
      highlighted: true,
    });
    expect([en!.facts.get("offers.open.price"), de!.facts.get("offers.open.price")]).toEqual(["€990", "990\u00a0€"]);
    expect(content.site.dates.map((date) => date.start)).toEqual(["2099-01-05"]);
  });
  it("keeps a slug as written: an address, never set in the language's typography", async () => {
    // "so-geht-es" has a part of two letters, which running text binds with a no-break hyphen (typography.ts).
    const root = await mkdtemp(path.join(os.tmpdir(), "ranch-slug-"));
    await cp(path.join(import.meta.dirname, "../fixtures/small-site/content"), path.join(root, "content"), {
      recursive: true,
    });
    const file = path.join(root, "content/pages/about-me.de.md");
    await writeFile(file, (await readFile(file, "utf8")).replace("slug: ueber-mich", "slug: so-geht-es"));
    const content = await loadContent(resolveConfig({ root }));
    expect(content.problems.map((problem) => problem.message)).toEqual([]);
    expect(content.locales[1]!.pages["about-me"]!.slug).toBe("so-geht-es");
  });
});

describe("the schema reader", () => {
  it("returns numbers and booleans as they are, and locates a wrong type", async () => {
    const { readWithSchema } = await import("../../generator/load/schema.ts");
    const { root } = readYaml("price: 2490\nhighlighted: true\nname: 12\n", "o.md", 1);
    const { value: data, problems } = readWithSchema(
      root,
      { fields: { price: "number", highlighted: "boolean", name: "text" } },
      "o.md",
      "",
    );
    expect(data).toEqual({ price: 2490, highlighted: true, name: undefined });
    expect(problems.map((problem) => problem.message)).toEqual(['o.md:4:7: "name" must be text, found a number']);
  });
});
