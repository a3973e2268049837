import path from "node:path";
import { readFile } from "node:fs/promises";
import type { SiteConfig } from "../config.ts";
import { ContentError, placeAt } from "../errors.ts";
import { interpolate, type Dictionary } from "../i18n.ts";
import { fixedPages } from "../routes.ts";
import { listFiles, listTree, readText } from "./files.ts";
import type { RenderCache } from "../render-cache.ts";
import { markdownOptions, renderMarkdown, splitMarkdown } from "./markdown.ts";
import { readWithSchema, type Schema } from "./schema.ts";
import { loadSite, type Site } from "./site.ts";
import { loadDictionary } from "./translations.ts";

/** Where a markdown text came from, for locating problems found after loading. */
export interface MarkdownOrigin {
  file: string;
  /** The body as written, placeholders unfilled. */
  body: string;
  bodyLine: number;
}

/** One testimonial in one language. */
export interface Testimonial {
  id: string;
  name: string;
  role: string;
  headline: string;
  html: string;
  origin: MarkdownOrigin;
}

/** A pricing offer (content/pages/pricing.*.md front matter). */
export interface Offer {
  name: string;
  price?: number;
  priceNote?: string;
  unit: string;
  summary: string;
  features: string[];
  cta: string;
  highlighted: boolean;
}

/** A long page written in markdown. */
export interface MarkdownPage {
  title: string;
  description: string;
  lead: string;
  offers?: Offer[];
  html: string;
  origin: MarkdownOrigin;
}

/** Everything one language of the site says. */
export interface LocaleContent {
  locale: string;
  dictionary: Dictionary;
  testimonials: Testimonial[];
  pages: Record<string, MarkdownPage>;
}

/** A file copied as is from public/. */
export interface PublicFile {
  path: string;
  contents: Uint8Array;
}

/** All content, loaded and parsed, with every problem found on the way. */
export interface Content {
  site: Site;
  locales: LocaleContent[];
  publicFiles: PublicFile[];
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
  fields: { title: "text", description: "text", lead: "text", offers: { list: offerSchema } },
  optional: ["offers"],
};
const testimonialSchema: Schema = { fields: { name: "text", role: "text", headline: "text" } };

/** Reads content/ and public/: the load stage, the only one besides the template loader that reads files. */
export async function loadContent(config: SiteConfig, cache?: RenderCache): Promise<Content> {
  const render = cache
    ? (body: string) => cache.get(markdownOptions, body, renderMarkdown)
    : (body: string) => renderMarkdown(body);
  const remember = cache ? cache.remember.bind(cache) : <V>(_key: string, compute: () => V) => compute();
  const problems: ContentError[] = [];
  const { site, facts } = await loadSite(config.root, problems);
  const codes = config.locales.map((locale) => locale.code);
  const testimonialFiles = groupByLocale(await listFiles(config.root, "content/testimonials", ".md"), codes, problems);
  const pageFiles = groupByLocale(await listFiles(config.root, "content/pages", ".md"), codes, problems);
  requireEveryLocale(testimonialFiles, codes, problems);
  requireEveryLocale(pageFiles, codes, problems);
  requirePages(pageFiles, codes, problems);

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
        problems,
        render,
        remember,
        (id, data, html, origin) => ({ id, ...(data as Omit<Testimonial, "id" | "html" | "origin">), html, origin }),
      ),
      pages: Object.fromEntries(
        await loadEach(
          config.root,
          pageFiles,
          locale,
          pageSchema,
          facts,
          problems,
          render,
          remember,
          (id, data, html, origin) =>
            [id, { ...(data as Omit<MarkdownPage, "html" | "origin">), html, origin }] as const,
        ),
      ),
    })),
  );
  const publicDir = path.join(config.root, "public");
  const publicFiles = await Promise.all(
    (await listTree(publicDir)).map(async (file) => ({
      path: file,
      contents: await readFile(path.join(publicDir, file)),
    })),
  );
  return { site, locales, publicFiles, problems };
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

function requirePages(groups: Map<string, Map<string, string>>, locales: string[], problems: ContentError[]) {
  for (const page of fixedPages.filter((candidate) => candidate.markdown && !groups.has(candidate.markdown))) {
    for (const locale of locales) {
      problems.push(
        new ContentError(
          { file: `content/pages/${page.markdown}.${locale}.md`, line: 1, column: 1 },
          `The page "${page.markdown}" is missing`,
          { hint: "Create this file: front matter with title, description and lead, then the page text in markdown." },
        ),
      );
    }
  }
}

/** Reads and renders the files of one locale in parallel; results and problems keep file order. */
async function loadEach<T>(
  root: string,
  groups: Map<string, Map<string, string>>,
  locale: string,
  schema: Schema,
  facts: ReadonlyMap<string, string>,
  problems: ContentError[],
  render: (body: string) => Promise<string>,
  remember: <V>(key: string, compute: () => V) => V,
  make: (id: string, data: unknown, html: string, origin: MarkdownOrigin) => T,
): Promise<T[]> {
  const factsKey = JSON.stringify([...facts]);
  const loaded = await Promise.all(
    [...groups].map(async ([id, files]) => {
      const file = files.get(locale);
      if (!file) return { found: [] };
      const read = await readText(root, file);
      if ("error" in read) return { found: [read.error] };
      // Parsing depends only on the text, the file, its schema and the facts: a watch session parses a file again only when it changed.
      const parsed = remember(`${file}\0${factsKey}\0${read.text}`, () => {
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
      return { found: parsed.found, item: make(id, parsed.data, await render(parsed.text), parsed.origin) };
    }),
  );
  for (const { found } of loaded) problems.push(...found);
  return loaded.flatMap((result) => ("item" in result ? [result.item as T] : []));
}

/** Placeholders in front matter texts are filled like those in the body. */
function fillFacts(data: unknown, facts: ReadonlyMap<string, string>): unknown {
  if (typeof data === "string") return interpolate(data, facts).text;
  if (Array.isArray(data)) return data.map((item) => fillFacts(item, facts));
  if (data && typeof data === "object")
    return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, fillFacts(value, facts)]));
  return data;
}
