import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { typedFigures } from "../../generator/check/typed-figures.ts";
import { RenderCache } from "../../generator/cache/render.ts";
import { resolveConfig } from "../../generator/config.ts";
import { loadContent, type LoadedContent } from "../../generator/load/content.ts";

const root = path.resolve(import.meta.dirname, "../..");
let site: LoadedContent;
beforeAll(async () => {
  site = await loadContent(resolveConfig({ root }));
});

/** The site with one German page's body changed, as a save in `watch` loads it: a new origin for that page. */
function withFaqBody(change: (body: string) => string): LoadedContent {
  return {
    ...site,
    locales: site.locales.map((locale) => {
      const faq = locale.pages.faq;
      if (locale.locale !== "de" || !faq) return locale;
      return {
        ...locale,
        pages: { ...locale.pages, faq: { ...faq, origin: { ...faq.origin, body: change(faq.origin.body) } } },
      };
    }),
  };
}

describe("typedFigures() in a watch session", () => {
  it("refuses a figure typed after a clean save, and keeps a language's verdict only while its texts stay", async () => {
    const session = await RenderCache.open("/nonexistent", false, true);
    let computed = 0;
    const remember = <T>(key: string, inputs: readonly unknown[], compute: () => T) =>
      session.rememberWhile(key, inputs, () => (computed++, compute()));
    expect(typedFigures(site, remember)).toEqual([]);
    const first = computed;
    expect(first).toBe(site.locales.length);
    expect(typedFigures(site, remember)).toEqual([]);
    expect(computed).toBe(first);

    const typed = withFaqBody((body) => body.replace("kostenfrei;", "kostenfrei, spätestens bis 10 Tage vor Beginn;"));
    const [refusal, ...more] = typedFigures(typed, remember);
    expect(more).toEqual([]);
    expect(refusal?.reason).toMatch(/^The text (says|types) 10 /);
    expect(refusal?.place.file).toMatch(/faq\.de\.md$/);
    // Only German changed: English kept its verdict.
    expect(computed).toBe(first + 1);
    expect(typedFigures(site, remember)).toEqual([]);
  });
});
