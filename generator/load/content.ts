import path from "node:path";
import { readFile } from "node:fs/promises";
import type {
  LocaleContent,
  MarkdownOrigin,
  MarkdownPage,
  Content as SiteContent,
  Testimonial,
} from "../../model/content.ts";
import { defaults, type SiteConfig } from "../config.ts";
import { ContentError, placeAt } from "../errors.ts";
import { interpolate, type Dictionary, type Facts } from "../i18n.ts";
import { loadImages, type ImageCatalogue } from "../images/catalogue.ts";
import type { MarkdownImages, MarkdownPlace } from "../images/markdown.ts";
import { formatsFor } from "../images/slots.ts";
import { imageStore } from "../images/store.ts";
import type { Variant } from "../images/variants.ts";
import { createHref } from "../links.ts";
import { listFiles, listTree, readText } from "./files.ts";
import type { RenderCache } from "../render-cache.ts";
import { markdownOptions, renderMarkdown, splitMarkdown } from "./markdown.ts";
import { readWithSchema, type Schema } from "./schema.ts";
import { loadSite } from "./site.ts";
import { loadDictionary } from "./translations.ts";

export type {
  LocaleContent,
  MarkdownOrigin,
  MarkdownPage,
  Offer,
  PublicFile,
  Testimonial,
} from "../../model/content.ts";

/** All content, loaded and parsed, with every problem found on the way. */
export interface Content extends SiteContent {
  /** The originals of content/images/, and the variants the markdown images need. */
  images: { catalogue: ImageCatalogue; markdownVariants: Variant[] };
  problems: ContentError[];
}

const offerSchema: Schema = {
  fields: {
    name: "text",
    price: "number",
    priceNote: "text",
    unit: "text",
    summary: "text",
    features: { list: "text" },
    cta: "text",
    highlighted: "boolean",
  },
  optional: ["price", "priceNote"],
};
const pageSchema: Schema = {
  fields: {
    title: "text",
    description: "text",
    lead: "text",
    offers: { list: offerSchema },
    describesCourse: "boolean",
  },
  optional: ["offers", "describesCourse"],
};
const testimonialSchema: Schema = { fields: { name: "text", role: "text", headline: "text" } };

/** Reads content/ and public/: the load stage, the only one besides the template loader that reads files. */
export async function loadContent(config: SiteConfig, cache?: RenderCache): Promise<Content> {
  const problems: ContentError[] = [];
  const { site, facts } = await loadSite(config.root, problems);
  const codes = config.locales.map((locale) => locale.code);
  const testimonialFiles = groupByLocale(
    await listFiles(config.root, `${defaults.folders.content}/testimonials`, ".md"),
    codes,
    problems,
  );
  const pageFiles = groupByLocale(
    await listFiles(config.root, `${defaults.folders.content}/pages`, ".md"),
    codes,
    problems,
  );
  requireEveryLocale(testimonialFiles, codes, problems);
  requireEveryLocale(pageFiles, codes, problems);
  const catalogue = await loadImages(config.root, codes, imageStore(config.root), problems);
  const images: MarkdownImages = {
    catalogue,
    formats: (opaque) => formatsFor(config.mode, opaque),
    asset: createHref(config, "").asset,
    variants: [],
  };
  const linkTo = images.asset;
  const memo: ContentMemo = {
    // The HTML of a body without images depends on its text and the base path of its links only.
    render: (body, place) => {
      const compute = (text: string) => renderMarkdown(text, linkTo, images, place);
      if (!cache || body.includes("![")) return compute(body);
      return cache.get(`${markdownOptions}\0${config.basePath}`, body, compute);
    },
    remember: cache ? cache.remember.bind(cache) : (_key, compute) => compute(),
  };
  const locales = await Promise.all(
    codes.map(async (locale) => ({
      locale,
      dictionary: await loadDictionary(config.root, locale, facts, problems),
      testimonials: await loadEach(
        config.root,
        testimonialFiles,
        locale,
        testimonialSchema,
        facts,
        memo,
        problems,
        (id, data, html, origin) => ({ id, ...(data as Omit<Testimonial, "id" | "html" | "origin">), html, origin }),
      ),
      pages: Object.fromEntries(
        await loadEach(
          config.root,
          pageFiles,
          locale,
          pageSchema,
          facts,
          memo,
          problems,
          (id, data, html, origin) =>
            [id, { ...(data as Omit<MarkdownPage, "html" | "origin">), html, origin }] as const,
        ),
      ),
    })),
  );
  const publicDir = path.join(config.root, defaults.folders.public);
  const publicFiles = await Promise.all(
    (await listTree(publicDir)).map(async (file) => ({
      path: file,
      contents: await readFile(path.join(publicDir, file)),
    })),
  );
  return { site, locales, publicFiles, images: { catalogue, markdownVariants: images.variants }, problems };
}

/** `01-anna.de.md` → id `01-anna`, locale `de`; grouped as id → locale → file. */
function groupByLocale(files: string[], locales: string[], problems: ContentError[]): Map<string, Map<string, string>> {
  const groups = new Map<string, Map<string, string>>();
  for (const file of files) {
    const match = /^(.+)\.([a-z]{2})\.md$/.exec(path.posix.basename(file));
    if (!match || !locales.includes(match[2]!)) {
      problems.push(
        new ContentError({ file, line: 1, column: 1 }, "The file name does not say its language", {
          hint: `Name it <name>.<language>.md, with a language of ${locales.join(", ")}: for example ${path.posix.basename(file, ".md")}.${locales[0]}.md.`,
        }),
      );
      continue;
    }
    const [, id, locale] = match as unknown as [string, string, string];
    if (!groups.has(id)) groups.set(id, new Map());
    groups.get(id)!.set(locale, file);
  }
  return groups;
}

function requireEveryLocale(groups: Map<string, Map<string, string>>, locales: string[], problems: ContentError[]) {
  for (const [id, files] of groups) {
    const [present] = files.values();
    for (const locale of locales.filter((code) => !files.has(code))) {
      const missing = present!.replace(/\.[a-z]{2}\.md$/, `.${locale}.md`);
      problems.push(
        new ContentError({ file: present!, line: 1, column: 1 }, `"${id}" has no "${locale}" version`, {
          hint: `Create ${missing} with the same front matter fields, or delete this file.`,
        }),
      );
    }
  }
}

/** How loadEach renders a body and keeps parsed files: through the cache when there is one. */
interface ContentMemo {
  render(body: string, place: MarkdownPlace): Promise<string>;
  remember<V>(key: string, compute: () => V): V;
}

/**
 * The files of one locale, read in parallel, then parsed and rendered in file order (problems and
 * image variants keep their order). Parsing depends only on a file's text, its schema and the facts,
 * so a watch session parses a file again only when its text changed.
 */
async function loadEach<T>(
  root: string,
  groups: Map<string, Map<string, string>>,
  locale: string,
  schema: Schema,
  facts: Facts,
  memo: ContentMemo,
  problems: ContentError[],
  make: (id: string, data: unknown, html: string, origin: MarkdownOrigin) => T,
): Promise<T[]> {
  const reads = await Promise.all(
    [...groups].map(async ([id, files]) => {
      const file = files.get(locale);
      return file ? { id, file, read: await readText(root, file) } : undefined;
    }),
  );
  const factsKey = JSON.stringify([[...facts.values], facts.unreadable]);
  const loaded: T[] = [];
  for (const entry of reads) {
    if (!entry) continue;
    const { id, file, read } = entry;
    if ("error" in read) {
      problems.push(read.error);
      continue;
    }
    const parsed = memo.remember(`${file}\0${factsKey}\0${read.text}`, () => {
      const found: ContentError[] = [];
      const source = splitMarkdown(read.text, file, found);
      const data = source.front ? readWithSchema(source.front, schema, file, "", found) : undefined;
      const body = interpolate(source.body, facts);
      for (const unknown of body.unknown) {
        const at = placeAt(source.body, unknown.offset, { line: source.bodyLine, column: 1 });
        found.push(
          new ContentError({ file, line: at.line, column: at.column }, `Unknown placeholder {${unknown.name}}`, {
            hint: "Placeholders name a value of content/site.yaml, such as {contact.email}; check the spelling.",
          }),
        );
      }
      const origin = { file, body: source.body, bodyLine: source.bodyLine };
      return { found, data: fillFacts(data, facts), text: body.text, origin };
    });
    problems.push(...parsed.found);
    const html = await memo.render(parsed.text, { file, bodyLine: parsed.origin.bodyLine, problems });
    loaded.push(make(id, parsed.data, html, parsed.origin));
  }
  return loaded;
}

/** Placeholders in front matter texts are filled like those in the body. */
function fillFacts(data: unknown, facts: Facts): unknown {
  if (typeof data === "string") return interpolate(data, facts).text;
  if (Array.isArray(data)) return data.map((item) => fillFacts(item, facts));
  if (data && typeof data === "object")
    return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, fillFacts(value, facts)]));
  return data;
}
