import path from "node:path";
import { stat } from "node:fs/promises";
import { readFile } from "../many-files.ts";
import type {
  LocaleContent,
  MarkdownOrigin,
  MarkdownPage,
  Content as SiteContent,
  Testimonial,
} from "../../model/content.ts";
import { defaults, type SiteConfig } from "../config.ts";
import { ContentError, displayPath, UsageError } from "../errors.ts";
import { interpolate, type Dictionary, type Facts } from "../i18n.ts";
import { loadImages, type ImageCatalogue } from "../images/catalogue.ts";
import type { MarkdownImages, MarkdownPlace } from "../images/markdown.ts";
import { formatsFor } from "../images/slots.ts";
import { imageStore } from "../images/store.ts";
import type { Variant } from "../images/variants.ts";
import { createHref } from "../links.ts";
import { typeset } from "../typography.ts";
import { listFiles, listTree, readText, unreadable } from "./files.ts";
import type { RenderCache } from "../render-cache.ts";
import {
  linkProblems,
  linkScanOptions,
  markdownOptions,
  parseMarkdown,
  renderTree,
  scanLinks,
  splitMarkdown,
  type LinkScan,
  type MarkdownTree,
} from "./markdown.ts";
import { checkText, checkYamlTexts, fillPlaceholders } from "./texts.ts";
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

export const offerSchema: Schema = {
  fields: {
    name: "text",
    unit: "text",
    priceNote: "text",
    perPerson: "text",
    summary: "text",
    features: { list: "text" },
    cta: "text",
  },
  optional: ["priceNote", "perPerson"],
  located: true,
};
/** Front matter shapes, also published as JSON Schemas (generator/json-schemas.ts). */
export const pageSchema: Schema = {
  fields: {
    title: "text",
    description: "text",
    lead: "text",
    offers: { each: offerSchema },
    describesCourse: "boolean",
  },
  optional: ["offers", "describesCourse"],
};
export const testimonialSchema: Schema = { fields: { name: "text", role: "text", headline: "text" } };

/** Reads content/ and public/: the load stage, the only one besides the template loader that reads files. */
export async function loadContent(config: SiteConfig, cache?: RenderCache): Promise<Content> {
  await checkRoot(config.root);
  const problems: ContentError[] = [];
  const { site, factsFor } = await loadSite(config.root, problems);
  const codes = config.locales.map((locale) => locale.code);
  const refused = new Set<string>();
  const testimonialFiles = groupByLocale(
    await listFiles(config.root, `${defaults.folders.content}/testimonials`, ".md", problems, refused),
    codes,
    problems,
  );
  const pagesFolder = `${defaults.folders.content}/pages`;
  const pageFiles = groupByLocale(
    await listFiles(config.root, pagesFolder, ".md", problems, refused),
    codes,
    problems,
    true,
  );
  requireEveryLocale(testimonialFiles, codes, problems);
  requireEveryLocale(pageFiles, codes, problems);
  if (!(await stat(path.join(config.root, pagesFolder)).catch(() => undefined)))
    problems.push(
      new ContentError({ file: pagesFolder }, "The folder of the long pages is missing", {
        hint: `Create ${pagesFolder}/ with one file per page and language, such as about-me.en.md.`,
      }),
    );
  const catalogue = await loadImages(config.root, codes, imageStore(config.root), problems);
  const images: MarkdownImages = {
    catalogue,
    formats: (opaque) => formatsFor(config.mode, opaque),
    asset: createHref(config, "").asset,
    variants: [],
  };
  const linkTo = images.asset;
  const markdown: MarkdownReader = async ({ body, filled, bodyLine, place, locale, fill }) => {
    // One parse serves both results, and only when one of them is not in the cache.
    let tree: MarkdownTree | undefined;
    const parsed = () => (tree ??= parseMarkdown(body));
    const scanned = (text: string) => scanLinks(text, bodyLine, parsed());
    const rendered = () => renderTree(parsed(), fill, linkTo, images, place, locale);
    if (!cache) return { scan: scanned(body), html: rendered() };
    // The links depend on the text and the line it starts on; the scan comes first: rendering changes the tree.
    const links = (text: string) => Promise.resolve(JSON.stringify(scanned(text)));
    const scan = JSON.parse(await cache.get(`${linkScanOptions}\0${bodyLine}`, body, links)) as LinkScan;
    // The HTML of a body without images depends on its filled-in text and the base path of its links only.
    if (filled.includes("![")) return { scan, html: rendered() };
    const html = await cache.get(`${markdownOptions}\0${locale}\0${config.basePath}`, filled, async () => rendered());
    return { scan, html };
  };
  const locales = await Promise.all(
    codes.map(async (locale) => {
      const facts = factsFor(locale);
      return {
        locale,
        facts: facts.values,
        dictionary: typesetDictionary(await loadDictionary(config.root, locale, facts, problems), locale),
        testimonials: await loadEach(
          config.root,
          testimonialFiles,
          locale,
          testimonialSchema,
          facts,
          markdown,
          problems,
          refused,
          true,
          (id, data, html, origin) => ({ id, ...(data as Omit<Testimonial, "id" | "html" | "origin">), html, origin }),
        ),
        pages: Object.fromEntries(
          await loadEach(
            config.root,
            pageFiles,
            locale,
            pageSchema,
            facts,
            markdown,
            problems,
            refused,
            false,
            (id, data, html, origin) =>
              [id, { ...(data as Omit<MarkdownPage, "html" | "origin">), html, origin }] as const,
          ),
        ),
      };
    }),
  );
  const publicDir = path.join(config.root, defaults.folders.public);
  const publicFiles = await Promise.all(
    (await listTree(config.root, "public", problems)).map(async (file) => ({
      path: file,
      contents: await readFile(path.join(publicDir, file)).catch((error: unknown) => {
        problems.push(unreadable(`public/${file}`, error));
        return new Uint8Array();
      }),
    })),
  );
  return { site, locales, publicFiles, images: { catalogue, markdownVariants: images.variants }, problems };
}

/** The project folder exists and holds content/: otherwise every file would be reported missing, one by one. */
async function checkRoot(root: string) {
  const shown = displayPath(root);
  const entry = await stat(root).catch(() => undefined);
  if (!entry)
    throw new UsageError(`--root ${shown}: there is no such folder`, {
      hint: "Give the project folder, the one that holds content/ and templates/.",
    });
  if (!entry.isDirectory())
    throw new UsageError(`--root ${shown}: this is a file, not a folder`, {
      hint: "Give the project folder, the one that holds content/ and templates/.",
    });
  const content = await stat(path.join(root, "content")).catch(() => undefined);
  if (!content?.isDirectory())
    throw new UsageError(`--root ${shown}: this folder holds no content/ folder, so it is no ranch-site project`, {
      hint: "Give the project folder, the one that holds content/ and templates/, or run ranch-site there.",
    });
}

/** A page name becomes a URL segment and a folder of the output: lowercase letters, digits and single hyphens. */
const safePageName = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Why a page name cannot be an address of the site, or undefined when it can (names the site uses itself: check.ts). */
function pageNameProblem(id: string): { reason: string; hint: string } | undefined {
  if (!safePageName.test(id)) {
    const suggestion = id
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/ß/g, "ss")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
    return {
      reason: `The page name "${id}" cannot be a web address`,
      hint: `Name the file with lowercase letters, digits and hyphens${suggestion ? `, such as ${suggestion}` : ""}: the name becomes the page's address.`,
    };
  }
  return undefined;
}

/** `01-anna.de.md` → id `01-anna`, locale `de`; grouped as id → locale → file. */
function groupByLocale(
  files: string[],
  locales: string[],
  problems: ContentError[],
  /** Pages: the name becomes an address, so it must be a safe URL segment. */
  pageNames = false,
): Map<string, Map<string, string>> {
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
    const nameProblem = pageNames ? pageNameProblem(id) : undefined;
    if (nameProblem) {
      problems.push(new ContentError({ file, line: 1, column: 1 }, nameProblem.reason, { hint: nameProblem.hint }));
      continue;
    }
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

/** A markdown body's links and its HTML, through the cache when there is one. */
type MarkdownReader = (body: {
  /** The body as written, which the links are located in. */
  body: string;
  /** The body with the site's facts filled in: what the page shows. */
  filled: string;
  bodyLine: number;
  place: MarkdownPlace;
  locale: string;
  fill: (text: string) => string;
}) => Promise<{ scan: LinkScan; html: string }>;

/** The files of one kind in one locale, read and parsed in parallel; values and problems keep the files' order. */
async function loadEach<T>(
  root: string,
  groups: Map<string, Map<string, string>>,
  locale: string,
  schema: Schema,
  facts: Facts,
  markdown: MarkdownReader,
  problems: ContentError[],
  /** Files already reported as no plain file: not read. */
  refused: ReadonlySet<string>,
  /** Testimonials are their text: an empty one would show an empty quote. */
  requireBody: boolean,
  make: (id: string, data: unknown, html: string, origin: MarkdownOrigin) => T,
): Promise<T[]> {
  const results = await Promise.all(
    [...groups].map(async ([id, files]) => {
      const file = files.get(locale);
      if (!file || refused.has(file)) return { problems: [] };
      return loadOne(root, file, locale, schema, facts, markdown, requireBody, (data, html, origin) =>
        make(id, data, html, origin),
      );
    }),
  );
  problems.push(...results.flatMap((result) => result.problems));
  return results.flatMap((result) => ("value" in result ? [result.value as T] : []));
}

/** One markdown file: its front matter read against the schema, its body rendered and scanned for links. */
async function loadOne<T>(
  root: string,
  file: string,
  locale: string,
  schema: Schema,
  facts: Facts,
  markdown: MarkdownReader,
  requireBody: boolean,
  make: (data: unknown, html: string, origin: MarkdownOrigin) => T,
): Promise<{ value?: T; problems: ContentError[] }> {
  const problems: ContentError[] = [];
  const read = await readText(root, file);
  if ("error" in read) return { problems: [read.error] };
  const source = splitMarkdown(read.text, file, problems);
  if (source.refused) return { problems };
  const data = source.front ? readWithSchema(source.front, schema, file, "", problems) : undefined;
  problems.push(...checkYamlTexts(source.front, facts, file));
  const body = interpolate(source.body, facts);
  problems.push(...checkText(source.body, facts, file, { line: source.bodyLine, column: 1 }, "", { leftovers: false }));
  if (requireBody && source.body.trim() === "")
    problems.push(
      new ContentError({ file, line: source.bodyLine, column: 1 }, "The text after the front matter is empty", {
        hint: "Write the text below the closing `---` line, as in the other files of this folder.",
      }),
    );
  const { scan, html } = await markdown({
    body: source.body,
    filled: body.text,
    bodyLine: source.bodyLine,
    place: { file, bodyLine: source.bodyLine, problems },
    locale,
    fill: (text) => interpolate(text, facts).text,
  });
  problems.push(...linkProblems(scan, file));
  const origin: MarkdownOrigin = {
    file,
    body: source.body,
    bodyLine: source.bodyLine,
    links: scan.links.map((link) => ({ ...link, url: interpolate(link.url, facts).text })),
    front: read.text.slice(0, read.text.length - source.body.length),
  };
  return { value: make(typesetTexts(fillPlaceholders(data, facts), locale), html, origin), problems };
}

/** The build sets the typography (design.md §9), so editors type plain spaces, dots and quotes. */
function typesetDictionary(dictionary: Dictionary, locale: string): Dictionary {
  for (const entry of dictionary.values()) entry.text = typeset(entry.text, locale);
  return dictionary;
}

function typesetTexts(data: unknown, locale: string): unknown {
  if (typeof data === "string") return typeset(data, locale);
  if (Array.isArray(data)) return data.map((item) => typesetTexts(item, locale));
  if (data && typeof data === "object")
    return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, typesetTexts(value, locale)]));
  return data;
}
