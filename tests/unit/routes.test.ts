import { describe, expect, it } from "vitest";
import { createHref, createRoutes, fixedPages, sitePages } from "../../generator/routes.ts";
import type { Locale } from "../../model/content.ts";

/** Three languages, so nothing here can pass by assuming two. */
const locales: Locale[] = [
  { code: "en", prefix: "" },
  { code: "de", prefix: "de" },
  { code: "da", prefix: "da" },
];
const config = { basePath: "/", locales };
const links = createHref(config, "https://example.org");

describe("href()", () => {
  it("puts the default locale at the root and others under their prefix, always with a trailing slash", () => {
    expect(links.href("en", "")).toBe("/");
    expect(links.href("en", "about-me/")).toBe("/about-me/");
    expect(links.href("de", "")).toBe("/de/");
    expect(links.href("de", "about-me/")).toBe("/de/about-me/");
    expect(links.url("de", "pricing/")).toBe("https://example.org/de/pricing/");
  });

  it("carries the base path into every link, asset and absolute URL", () => {
    const hosted = createHref({ basePath: "/ranch/", locales }, "https://example.org");
    expect(hosted.href("en", "")).toBe("/ranch/");
    expect(hosted.href("de", "contact/")).toBe("/ranch/de/contact/");
    expect(hosted.asset("assets/site.css")).toBe("/ranch/assets/site.css");
    expect(hosted.url("de", "")).toBe("https://example.org/ranch/de/");
  });
});

describe("the route table", () => {
  const routes = createRoutes(fixedPages, locales, links);

  it("has the 11 pages, the programme sheet and the not-found page in every locale, at the paths of design.md §2", () => {
    expect(routes.map((route) => route.file).sort()).toEqual(
      [
        "404.html",
        "index.html",
        "about-me/index.html",
        "references/index.html",
        "contact/index.html",
        "pricing/index.html",
        "faq/index.html",
        "programme/index.html",
        "training-details/index.html",
        "imprint/index.html",
        "privacy-policy/index.html",
        "terms-of-service/index.html",
        "cookie-policy/index.html",
      ]
        .flatMap((file) => [file, `de/${file}`, `da/${file}`])
        .sort(),
    );
  });

  it("gives every page the same alternates in every locale", () => {
    const about = routes.filter((route) => route.page.id === "about-me");
    expect(about.map((route) => route.alternates)).toEqual(locales.map(() => about[0]!.alternates));
    expect(about[0]!.alternates.map((alternate) => alternate.url)).toEqual([
      "https://example.org/about-me/",
      "https://example.org/de/about-me/",
      "https://example.org/da/about-me/",
    ]);
  });

  it("keeps the programme sheet (it repeats pricing and training details) and the not-found pages out of the index", () => {
    expect(routes.filter((route) => !route.page.indexable).map((route) => route.file)).toEqual([
      "programme/index.html",
      "de/programme/index.html",
      "da/programme/index.html",
      "404.html",
      "de/404.html",
      "da/404.html",
    ]);
  });
});

describe("an editor's own markdown page", () => {
  it("becomes a page at /<name>/ in every locale, after the fixed ones", () => {
    const markdownPages = Object.fromEntries(["imprint", "team-events", "about-me"].map((name) => [name, {}]));
    const pages = sitePages({ locales: [{ pages: markdownPages }] } as unknown as Parameters<typeof sitePages>[0]);
    expect(pages.slice(fixedPages.length).map((page) => [page.id, page.path, page.template])).toEqual([
      ["team-events", "team-events/", "pages/MarkdownPage.tsx"],
    ]);
    expect(
      createRoutes(pages, locales, links)
        .filter((route) => route.page.id === "team-events")
        .map((route) => route.file),
    ).toEqual(["team-events/index.html", "de/team-events/index.html", "da/team-events/index.html"]);
  });
});

describe("translated addresses", () => {
  const texts = (slugs: Record<string, string>) =>
    Object.fromEntries(["about-me", "pricing"].map((name) => [name, slugs[name] ? { slug: slugs[name] } : {}]));
  const pages = sitePages({
    locales: [
      { locale: "en", pages: texts({}) },
      { locale: "de", pages: texts({ "about-me": "ueber-mich", pricing: "preise" }) },
      { locale: "da", pages: texts({ "about-me": "om-mig" }) },
    ],
    writingRules: [{ code: "de", slugs: { contact: "kontakt", "contact-sent": "gesendet" } }],
    site: { contact: { form: { kind: "endpoint" } } } as Parameters<typeof sitePages>[0]["site"],
  } as unknown as Parameters<typeof sitePages>[0]);
  const translated = createHref({ basePath: "/ranch/", locales, pages }, "https://example.org");
  const routes = createRoutes(pages, locales, translated);

  it("puts a page at its slug in each language that gives one, and at its name in the others", () => {
    expect(routes.filter((route) => route.page.id === "about-me").map((route) => route.file)).toEqual([
      "about-me/index.html",
      "de/ueber-mich/index.html",
      "da/om-mig/index.html",
    ]);
  });

  it("writes a page below another one below that one's address: the form's sent page under /de/kontakt/", () => {
    expect(routes.find((route) => route.page.id === "contact-sent" && route.locale === "de")?.href).toBe(
      "/ranch/de/kontakt/gesendet/",
    );
  });

  it("links a page by its name to its address in the language, keeping query and fragment", () => {
    expect(translated.href("de", "pricing/#dates")).toBe("/ranch/de/preise/#dates");
    expect(translated.href("de", "contact/?offer=team#form-title")).toBe("/ranch/de/kontakt/?offer=team#form-title");
    expect(translated.href("da", "pricing/")).toBe("/ranch/da/pricing/");
    expect(translated.url("en", "pricing/")).toBe("https://example.org/ranch/pricing/");
  });

  it("gives every language version the same alternates, each at its own address", () => {
    const pricing = routes.filter((route) => route.page.id === "pricing");
    expect(pricing[1]!.alternates.map((alternate) => alternate.href)).toEqual([
      "/ranch/pricing/",
      "/ranch/de/preise/",
      "/ranch/da/pricing/",
    ]);
    expect(new Set(pricing.map((route) => JSON.stringify(route.alternates))).size).toBe(1);
  });
});
