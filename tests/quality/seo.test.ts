/**
 * Search-engine metadata of the built output (issue 5; design.md §3 "search-engine metadata"):
 * hreflang sets, canonicals, noindex 404s, the sitemap's alternates, one h1, unique titles, meta
 * descriptions of a useful length, Open Graph and Twitter cards, and JSON-LD that is valid schema.org
 * and meets Google's rich-result requirements.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { HTMLElement } from "node-html-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { readPage, type BuiltPage } from "../support/html.ts";
import { checkJsonLd } from "../support/quality-schema.ts";
import { sitePages, type SitePage } from "../support/quality-site.ts";
import { builtSite, projectRoot } from "../support/site.ts";

let dist: string;
let baseUrl: string;
let pages: (SitePage & BuiltPage & { url: string })[];

beforeAll(async () => {
  baseUrl = (
    parseYaml(await readFile(path.join(projectRoot, "content/site.yaml"), "utf8")) as { baseUrl: string }
  ).baseUrl.replace(/\/$/, "");
  dist = builtSite();
  pages = await Promise.all(
    sitePages.map(async (page) => ({ ...page, ...(await readPage(dist, page.file)), url: `${baseUrl}${page.path}` })),
  );
});

const indexable = () => pages.filter((page) => page.indexable);
const notFound = () => pages.filter((page) => !page.indexable);
const head = (root: HTMLElement) => root.querySelector("head")!;
const meta = (root: HTMLElement, key: string) =>
  head(root)
    .querySelectorAll(`meta[property="${key}"], meta[name="${key}"]`)
    .map((element) => element.getAttribute("content") ?? "");

/** The page's hreflang alternates as sorted "hreflang href" lines. */
function alternates(root: HTMLElement): string[] {
  return head(root)
    .querySelectorAll("link[rel=alternate][hreflang]")
    .map((link) => `${link.getAttribute("hreflang")} ${link.getAttribute("href")}`)
    .sort();
}

/** Fails with every problem at once, so one run lists all pages that need a fix. */
function expectNone(problems: string[], what: string) {
  if (problems.length > 0) expect.fail(`${problems.length} ${what}:\n${problems.join("\n")}`);
}

describe("hreflang and canonical", () => {
  it("every indexable page has en, de and x-default (→ English), itself among them, as absolute https URLs", () => {
    const problems: string[] = [];
    for (const page of indexable()) {
      const links = head(page.root).querySelectorAll("link[rel=alternate][hreflang]");
      const byLang = new Map<string, string[]>();
      for (const link of links)
        byLang.set(link.getAttribute("hreflang")!, [
          ...(byLang.get(link.getAttribute("hreflang")!) ?? []),
          link.getAttribute("href") ?? "",
        ]);
      const langs = [...byLang.keys()].sort();
      if (langs.join() !== "de,en,x-default" || links.length !== 3)
        problems.push(
          `${page.file}: hreflang set is ${links.map((link) => link.getAttribute("hreflang")).join(", ")}; expected exactly en, de, x-default`,
        );
      for (const [lang, hrefs] of byLang)
        for (const href of hrefs)
          if (!href.startsWith(`${baseUrl}/`) || new URL(href).protocol !== "https:")
            problems.push(`${page.file}: hreflang ${lang} → ${href} is not an absolute https URL on ${baseUrl}`);
      if (byLang.get("x-default")?.[0] !== byLang.get("en")?.[0])
        problems.push(
          `${page.file}: x-default (${byLang.get("x-default")}) is not the English page (${byLang.get("en")})`,
        );
      if (byLang.get(page.locale)?.[0] !== page.url)
        problems.push(
          `${page.file}: hreflang ${page.locale} is ${byLang.get(page.locale)}, not the page itself (${page.url})`,
        );
    }
    expectNone(problems, "hreflang problems");
  });

  it("each page's hreflang set is identical to the sets of its alternates", () => {
    const problems: string[] = [];
    const byUrl = new Map(indexable().map((page) => [page.url, page]));
    for (const page of indexable()) {
      const own = alternates(page.root);
      for (const line of own) {
        const target = byUrl.get(line.split(" ")[1]!);
        if (!target) problems.push(`${page.file}: alternate ${line} is not a built indexable page`);
        else if (alternates(target.root).join("|") !== own.join("|"))
          problems.push(
            `${page.file} and ${target.file} have different hreflang sets:\n  ${own.join(", ")}\n  ${alternates(target.root).join(", ")}`,
          );
      }
    }
    expectNone(problems, "hreflang sets that differ between alternates");
  });

  it("each indexable page has exactly one canonical, the page itself", () => {
    const problems = indexable().flatMap((page) => {
      const canonicals = head(page.root)
        .querySelectorAll("link[rel=canonical]")
        .map((link) => link.getAttribute("href"));
      return canonicals.length === 1 && canonicals[0] === page.url
        ? []
        : [`${page.file}: canonical ${JSON.stringify(canonicals)}, expected ["${page.url}"]`];
    });
    expectNone(problems, "canonical problems");
  });

  it("the 404 pages are noindex, with no canonical and no hreflang", () => {
    const problems = notFound().flatMap((page) => {
      const found: string[] = [];
      if (!meta(page.root, "robots").some((content) => /\bnoindex\b/.test(content)))
        found.push(`${page.file}: no <meta name="robots" content="noindex">`);
      if (head(page.root).querySelector("link[rel=canonical]")) found.push(`${page.file}: has a canonical`);
      if (head(page.root).querySelector("link[rel=alternate][hreflang]"))
        found.push(`${page.file}: has hreflang alternates (a noindex page has no alternates)`);
      return found;
    });
    expectNone(problems, "404 problems");
  });
});

describe("sitemap.xml", () => {
  const entries = async () => {
    const xml = await readFile(path.join(dist, "sitemap.xml"), "utf8");
    return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body]) => ({
      loc: body!.match(/<loc>\s*(.*?)\s*<\/loc>/)?.[1] ?? "",
      alternates: [...body!.matchAll(/<xhtml:link\s([^>]*?)\/?>/g)]
        .map(([, attributes]) =>
          Object.fromEntries(
            [...attributes!.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, key, value]) => [
              key,
              value!.replace(/&amp;/g, "&"),
            ]),
          ),
        )
        .filter((link) => link["rel"] === "alternate")
        .map((link) => `${link["hreflang"]} ${link["href"]}`)
        .sort(),
    }));
  };

  it("lists exactly the indexable pages, once each", async () => {
    const locs = (await entries()).map((entry) => entry.loc);
    expect(locs.length, "duplicate <loc> entries").toBe(new Set(locs).size);
    expect(new Set(locs)).toEqual(new Set(indexable().map((page) => page.url)));
  });

  it("gives each URL the same alternates as the page's head", async () => {
    const byUrl = new Map(indexable().map((page) => [page.url, page]));
    const problems = (await entries()).flatMap((entry) => {
      const page = byUrl.get(entry.loc);
      if (!page) return [];
      const own = alternates(page.root);
      return entry.alternates.join("|") === own.join("|")
        ? []
        : [`${entry.loc}: sitemap has ${entry.alternates.join(", ")}; head has ${own.join(", ")}`];
    });
    expectNone(problems, "sitemap alternates that differ from the head");
  });
});

describe("titles, headings and descriptions", () => {
  it("every page has exactly one h1", () => {
    const problems = pages.flatMap((page) => {
      const count = page.root.querySelectorAll("h1").length;
      return count === 1 ? [] : [`${page.file}: ${count} h1 elements`];
    });
    expectNone(problems, "h1 problems");
  });

  it("every page has one non-empty <title>, unique across the site", () => {
    const problems: string[] = [];
    const seen = new Map<string, string>();
    for (const page of pages) {
      const titles = head(page.root)
        .querySelectorAll("title")
        .map((title) => title.textContent.trim());
      if (titles.length !== 1 || !titles[0])
        problems.push(`${page.file}: ${titles.length} <title> elements ${JSON.stringify(titles)}`);
      const title = titles[0] ?? "";
      if (seen.has(title)) problems.push(`${page.file}: title "${title}" is also the title of ${seen.get(title)}`);
      seen.set(title, page.file);
    }
    expectNone(problems, "title problems");
  });

  it("every page has one meta description of 50–160 characters", () => {
    const problems = pages.flatMap((page) => {
      const descriptions = meta(page.root, "description");
      const length = [...(descriptions[0] ?? "")].length;
      if (descriptions.length !== 1) return [`${page.file}: ${descriptions.length} meta descriptions`];
      return length >= 50 && length <= 160
        ? []
        : [`${page.file}: meta description has ${length} characters (50–160): "${descriptions[0]}"`];
    });
    expectNone(problems, "meta description problems");
  });
});

describe("Open Graph and Twitter cards", () => {
  it("every page has og:title, og:description, an absolute og:image, og:locale of its language and a twitter:card; indexable pages og:url = canonical", () => {
    const problems: string[] = [];
    for (const page of pages) {
      const one = (key: string) => {
        const values = meta(page.root, key);
        if (values.length !== 1 || !values[0]!.trim())
          problems.push(`${page.file}: ${key} ${values.length === 0 ? "missing" : JSON.stringify(values)}`);
        return values[0] ?? "";
      };
      one("og:title");
      one("og:description");
      const image = one("og:image");
      if (image && !/^https:\/\//.test(image))
        problems.push(`${page.file}: og:image "${image}" is not an absolute https URL`);
      const locale = one("og:locale");
      if (locale && !new RegExp(`^${page.locale}_[A-Z]{2}$`).test(locale))
        problems.push(
          `${page.file}: og:locale "${locale}" does not match lang "${page.locale}" (expected ${page.locale}_XX)`,
        );
      const card = one("twitter:card");
      if (card && !["summary", "summary_large_image", "app", "player"].includes(card))
        problems.push(`${page.file}: twitter:card "${card}" is not a card type`);
      if (page.indexable) {
        const ogUrl = one("og:url");
        if (ogUrl && ogUrl !== page.url)
          problems.push(`${page.file}: og:url "${ogUrl}" is not the canonical ${page.url}`);
      }
    }
    expectNone(problems, "Open Graph / Twitter problems");
  });

  it("the og:image exists in the output", async () => {
    const images = new Set(pages.flatMap((page) => meta(page.root, "og:image")));
    for (const image of images) {
      expect(image.startsWith(`${baseUrl}/`), image).toBe(true);
      await expect(readFile(path.join(dist, new URL(image).pathname)), image).resolves.toBeTruthy();
    }
  });
});

describe("JSON-LD", () => {
  const blocks = (page: BuiltPage) =>
    page.root.querySelectorAll('script[type="application/ld+json"]').map((script) => script.textContent);

  it("every block parses, has @context https://schema.org, and uses only allowed schema.org types and properties that fit (Google's Course info and LocalBusiness requirements included)", () => {
    const problems = pages.flatMap((page) =>
      checkJsonLd(blocks(page), baseUrl).problems.map((problem) => `${page.file}: ${problem}`),
    );
    expectNone(problems, "JSON-LD problems");
  });

  it("names the business on every page, describes the course on training-details and pricing, and the dates as events on pricing", () => {
    // The home page lists the dates too, but its events would push /de/ past the first round trip (issue 35):
    // they are described once, on the page that sells them.
    const problems: string[] = [];
    for (const page of pages) {
      const types = checkJsonLd(blocks(page), baseUrl).nodes.map((node) => node["@type"]);
      if (!types.includes("LocalBusiness")) problems.push(`${page.file}: no LocalBusiness block`);
      const path = page.path.replace(/^\/de\//, "/");
      if (["/training-details/", "/pricing/"].includes(path) && !types.includes("Course"))
        problems.push(`${page.file}: no Course block`);
      if (path === "/pricing/" && !types.includes("EducationEvent"))
        problems.push(`${page.file}: no EducationEvent block`);
    }
    expectNone(problems, "missing JSON-LD");
  });

  it("offer and course URLs point at built indexable pages", () => {
    const urls = new Set(indexable().map((page) => page.url));
    const problems: string[] = [];
    for (const page of pages) {
      for (const node of checkJsonLd(blocks(page), baseUrl).nodes) {
        const linked = [
          node["url"],
          ...(Array.isArray(node["offers"]) ? node["offers"] : [node["offers"]]).map(
            (offer) => (offer as { url?: unknown } | undefined)?.url,
          ),
        ];
        for (const url of linked)
          if (typeof url === "string" && !urls.has(url))
            problems.push(`${page.file}: ${node["@type"]} links ${url}, which is not a built indexable page`);
      }
    }
    expectNone(problems, "JSON-LD URLs");
  });

  it("every priced offer is net of VAT and for businesses only, as the pages say beside each price (§ 14 BGB)", () => {
    const problems: string[] = [];
    let offers = 0;
    /** Every node below these, nested ones included (offers sit in events, courses and course instances). */
    const walk = (value: unknown): Record<string, unknown>[] =>
      Array.isArray(value)
        ? value.flatMap(walk)
        : value && typeof value === "object"
          ? [value as Record<string, unknown>, ...Object.values(value).flatMap(walk)]
          : [];
    for (const page of pages)
      for (const node of walk(checkJsonLd(blocks(page), baseUrl).nodes)) {
        if (node["@type"] !== "Offer" || node["price"] === undefined) continue;
        offers++;
        const spec = node["priceSpecification"] as Record<string, unknown> | undefined;
        if (spec?.["valueAddedTaxIncluded"] !== false || spec["price"] !== node["price"])
          problems.push(`${page.file}: offer ${String(node["name"] ?? node["price"])} is not marked net of VAT`);
        if (
          (node["eligibleCustomerType"] as { "@id"?: string } | undefined)?.["@id"] !==
          "http://purl.org/goodrelations/v1#Business"
        )
          problems.push(`${page.file}: offer ${String(node["name"] ?? node["price"])} is not for businesses only`);
      }
    expect(offers).toBeGreaterThan(0);
    expectNone(problems, "JSON-LD offers");
  });
});
