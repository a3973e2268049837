import { createElement as h, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { LocaleProps, SharedPart } from "../../model/page.ts";
import { createTranslator, type Dictionary } from "../../generator/i18n.ts";
import { SharedParts, sharedPartsOf } from "../../generator/render/shared.ts";

const dictionaries: Record<string, Dictionary> = {
  en: new Map([["footer.about", { text: "A ranch & a training", file: "en.yaml", line: 1, column: 1 }]]),
  de: new Map([["footer.about", { text: "Eine Ranch <und> ein Training", file: "de.yaml", line: 1, column: 1 }]]),
};

/** The props of a language, with a translator that reports to `onMissing`. */
function language(locale: string, onMissing: (key: string) => void = () => {}): LocaleProps {
  return {
    t: createTranslator(dictionaries[locale]!, onMissing),
    locale,
    href: (path) => `/${locale}/${path}`,
    url: (path) => `https://example.org/${locale}/${path}`,
    asset: (file) => `/${file}`,
    assetUrl: (file) => `https://example.org/${file}`,
    site: {} as LocaleProps["site"],
    content: {} as LocaleProps["content"],
    assets: {} as LocaleProps["assets"],
  };
}

/** A document around the parts, with the page's own text between them, as the layout is. */
const page = (title: string, shared: (part: SharedPart) => ReactElement, parts: SharedPart[]) =>
  h(
    "html",
    null,
    h("head", null, h("title", null, title)),
    h("body", null, h("main", null, title), ...parts.map(shared)),
  );

/** Renders a page through `parts` as renderRoute does; reports missing keys and replayed reads to `log`. */
function renderShared(parts: SharedParts, locale: string, title: string, used: SharedPart[], log: string[]): string {
  const onMissing = (key: string) => log.push(`missing ${key}`);
  const props = language(locale, (key) => {
    onMissing(key);
    parts.noteMissing(key);
  });
  const { shared, finish } = parts.page(locale, props, () => language(locale), onMissing);
  return finish(renderToStaticMarkup(page(title, shared, used)));
}

/** The same page with every part rendered in place: what the shared rendering must equal. */
function renderInPlace(locale: string, title: string, used: SharedPart[], log: string[]): string {
  const props = language(locale, (key) => log.push(`missing ${key}`));
  return renderToStaticMarkup(page(title, (part) => h(part, props), used));
}

describe("shared parts of the layout", () => {
  it("render once per language, and every page gets the same markup as rendered in place", () => {
    const calls: string[] = [];
    const Footer: SharedPart = ({ t, href, locale }) => {
      calls.push(locale);
      return h("footer", null, h("p", null, t("footer.about")), h("a", { href: href("imprint/") }, "Imprint"), "text");
    };
    const Banner: SharedPart = ({ t }) => h("section", { hidden: true }, t("footer.about"));
    const parts = new SharedParts();
    const pages = ["en", "de"].flatMap((locale) => ["One", "Two", "Three"].map((title) => [locale, title] as const));
    const inPlace = pages.map(([locale, title]) => renderInPlace(locale, title, [Footer, Banner], []));
    calls.length = 0;
    const shared = pages.map(([locale, title]) => renderShared(parts, locale, title, [Footer, Banner], []));
    expect(shared).toEqual(inPlace);
    // In place on the first page, then once on its own to check it; never again.
    expect(calls).toEqual(["en", "en", "de", "de"]);
  });

  it("report the keys a part lacks on every page that shows it, in the order rendering in place reports them", () => {
    const Footer: SharedPart = ({ t }) => h("footer", null, t("footer.missing"), t("footer.about"), t("footer.other"));
    const Own: SharedPart = ({ t }) => h("aside", null, t("aside.missing"));
    const parts = new SharedParts();
    for (const title of ["One", "Two"]) {
      const shared: string[] = [];
      const inPlace: string[] = [];
      renderShared(parts, "en", title, [Own, Footer, Own], shared);
      renderInPlace("en", title, [Own, Footer, Own], inPlace);
      expect(shared).toEqual(inPlace);
      expect(shared).toEqual([
        "missing aside.missing",
        "missing footer.missing",
        "missing footer.other",
        "missing aside.missing",
      ]);
    }
  });

  it("give each later page the reads of the content the part made when it rendered", () => {
    const replayed: string[] = [];
    const parts = new SharedParts((read) => replayed.push(read));
    const Footer: SharedPart = () => {
      parts.noteRead("dict:en:footer.about");
      parts.noteRead("site");
      return h("footer", null, "Ranch");
    };
    renderShared(parts, "en", "One", [Footer], []);
    expect(replayed).toEqual([]);
    renderShared(parts, "en", "Two", [Footer], []);
    expect(replayed).toEqual(["dict:en:footer.about", "site"]);
  });

  it("render a part with an image on every page: React adds a preload of it to the head", () => {
    let calls = 0;
    const Hero: SharedPart = () => {
      calls++;
      return h("div", null, h("img", { src: "/hero.jpg", alt: "A ranch" }));
    };
    const parts = new SharedParts();
    const titles = ["One", "Two", "Three"];
    const inPlace = titles.map((title) => renderInPlace("en", title, [Hero], []));
    calls = 0;
    const shared = titles.map((title) => renderShared(parts, "en", title, [Hero], []));
    expect(shared).toEqual(inPlace);
    for (const html of shared) expect(html).toContain('<link rel="preload" as="image" href="/hero.jpg"/>');
    // In place on each page, and once on its own, where it showed it cannot be cut out of a page.
    expect(calls).toBe(4);
  });

  it("keep a part React moves to the head out of the memo: a <meta> in the body", () => {
    const Meta: SharedPart = ({ locale }) => h("div", null, h("meta", { name: "language", content: locale }), "text");
    const parts = new SharedParts();
    for (const title of ["One", "Two"])
      expect(renderShared(parts, "en", title, [Meta], [])).toBe(renderInPlace("en", title, [Meta], []));
  });

  it("start afresh after a page whose template threw in the middle of a part", () => {
    const Footer: SharedPart = ({ t }) => h("footer", null, t("footer.about"));
    const Broken: SharedPart = () => {
      throw new Error("broken template");
    };
    const parts = new SharedParts();
    expect(() => renderShared(parts, "en", "One", [Footer, Broken], [])).toThrow("broken template");
    expect(renderShared(parts, "en", "Two", [Footer], [])).toBe(renderInPlace("en", "Two", [Footer], []));
    expect(renderShared(parts, "en", "Three", [Footer], [])).toBe(renderInPlace("en", "Three", [Footer], []));
  });

  it("are the same for every batch of one build, and new for a build with other content or other inputs", () => {
    const content = {};
    const [templates, links] = [{}, {}];
    const parts = sharedPartsOf(content, templates, links, "/assets/landscape.svg");
    expect(sharedPartsOf(content, templates, links, "/assets/landscape.svg")).toBe(parts);
    expect(sharedPartsOf({}, templates, links, "/assets/landscape.svg")).not.toBe(parts);
    expect(sharedPartsOf(content, {}, links, "/assets/landscape.svg")).not.toBe(parts);
    expect(sharedPartsOf(content, templates, links, "/assets/landscape.2.svg")).not.toBe(parts);
  });
});
