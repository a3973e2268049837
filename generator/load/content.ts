import path from "node:path";
import { readFile } from "../io/many-files.ts";
import type {
  Locale,
  LocaleContent,
  MarkdownOrigin,
  MarkdownPage,
  Content,
  PublicFile,
  Testimonial,
} from "../../model/content.ts";
import { defaults, type SiteConfig } from "../config.ts";
import { ContentError, formatPlace, type Loaded } from "../errors.ts";
import { checkRoot, listContentFiles } from "./content-files.ts";
import { Facts, interpolate, type Dictionary } from "../i18n.ts";
import { loadImages, type ImageCatalogue } from "../images/catalogue.ts";
import type { MarkdownImages, MarkdownPlace } from "../images/markdown.ts";
import { formatsFor } from "../images/slots.ts";
import { imageStore } from "../cache/store.ts";
import type { LoadedImages } from "../images/pipeline.ts";
import { createHref } from "../links.ts";
import { typeset, typographyOf, type Typography } from "./typography.ts";
import { loadWritingRules, neutralRules, type WritingRules } from "./writing-rules.ts";
import { loadAddressLock, type AddressLock } from "./address-lock.ts";
import type { ContentWarning } from "../warnings.ts";
import { readListed, unreadable } from "../io/files.ts";
import { listTree } from "../io/walk.ts";
import type { RenderCache } from "../cache/render.ts";
import {
  linkProblems,
  linkScanOptions,
  loadMarkdownEngine,
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
import { loadSite, siteFile, type SiteAsWritten } from "./site.ts";
import { orderTestimonials } from "./testimonial-order.ts";
import { refuseUnsetFacts } from "./unset-facts.ts";
import { withSections } from "../../model/sections.ts";
import { foldedProblems } from "./sections.ts";
import { slugProblems } from "./slugs.ts";
import { selectVariants } from "./variants.ts";
import { dictionaryFile, loadDictionary } from "./translations.ts";
import { shownCode, type LanguageList } from "./languages.ts";
import { cachedYaml, type YamlNode, type YamlReader } from "../io/yaml.ts";

export type {
  LocaleContent,
  MarkdownOrigin,
  MarkdownPage,
  Offer,
  PublicFile,
  Testimonial,
} from "../../model/content.ts";

/**
 * All content, loaded and parsed (model/content.ts `Content`, what templates see), with what only the
 * generator reads of it: the images to encode, every problem found on the way, and site.yaml as written.
 */
export interface LoadedContent extends Content {
  /** The originals of content/images/, and the variants the markdown images need. */
  images: LoadedImages;
  /** Every problem of loading, those of site.yaml first. */
  problems: ContentError[];
  /** What loads but deserves a look: a language without its writing rules. */
  warnings: ContentWarning[];
  /** How each language is written and addressed (content/languages/), in the order of `locales`. */
  writingRules: WritingRules[];
  /** Every address each page has been built at (content/addresses.lock.yaml): its old ones redirect. */
  addressLock: AddressLock;
  /** site.yaml's dates, offers and form settings as written, for the check stage; `problems`: how many of `problems` are site.yaml's. */
  siteAsWritten: SiteAsWritten & { problems: number };
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
/** Front matter shapes, also published as JSON Schemas (generator/editor/json-schemas.ts). */
export const pageSchema: Schema = {
  fields: {
    title: "text",
    description: "text",
    lead: "text",
    offers: { each: offerSchema },
    describesCourse: "boolean",
    onThisPage: "boolean",
    folded: { list: "text" },
    slug: "text",
  },
  optional: ["offers", "describesCourse", "onThisPage", "folded", "slug"],
  hints: {
    slug: "The page's address in this language (/de/preise/ for preise); its file's name unless given.",
    onThisPage: "The page opens with a list of its sections (## headings), each a link to it.",
    folded: "Headings of ## sections, as written in the text, whose text opens with a tap on the heading.",
  },
};
export const testimonialSchema: Schema = {
  fields: { name: "text", role: "text", headline: "text", linkedin: "url" },
  optional: ["linkedin"],
};

/** Reads content/ and public/: the load stage, the only one besides the template loader that reads files. */
export async function loadContent(config: SiteConfig, cache?: RenderCache): Promise<LoadedContent> {
  await checkRoot(config.root);
  const yaml = cachedYaml(cache?.rememberText);
  const siteData = await loadSite(config.root, yaml);
  const { site, factsFor: factsOf, written, languageList } = siteData.value;
  const codes = languageList.languages.map((locale) => locale.code);
  const rulesRead = await loadEachLanguageRules(config.root, languageList, yaml);
  const rulesOf = new Map(rulesRead.map((read) => [read.value.code, read.value]));
  // Each language's facts print numbers and prices in its regional form (en-GB, de-DE).
  const factsFor = (locale: string) => factsOf(rulesOf.get(locale)?.formats ?? locale);
  const typographyFor = (locale: string) => typographyOf(rulesOf.get(locale) ?? neutralRules(locale));
  const listed = await listContentFiles(config.root, languageList);
  const { testimonialFiles, pageFiles, refused } = listed.value;
  const imageList = await loadImages(config.root, codes, imageStore(config.root, config.cache));
  const catalogue = imageList.value;
  const images = markdownImages(config, catalogue, languageList.languages);
  const readers = readersOf(images, config.basePath, cache, yaml);
  // Each kind is read for every locale at once; the problems are reported by kind, then by locale.
  const dictionaries = await loadDictionaries(config.root, languageList, factsFor, yaml);
  const reading = (locale: string, facts: Facts): LocaleReading => ({
    root: config.root,
    locale,
    facts,
    typography: typographyFor(locale),
    readers,
  });
  const testimonials = await Promise.all(
    codes.map((locale) => loadEach(testimonialKind, testimonialFiles, refused, reading(locale, factsFor(locale)))),
  );
  const pages = await Promise.all(
    codes.map((locale, index) =>
      loadEach(pageKind, pageFiles, refused, reading(locale, withBannerLabels(factsFor(locale), dictionaries[index]!))),
    ),
  );
  // site.yaml's list orders them; the names are those of the files, in any language.
  const ordered = orderTestimonials(
    testimonials.map((loaded) => loaded.value),
    written.testimonialOrder,
    [...testimonialFiles.keys()],
    siteFile,
  );
  const locales: LocaleContent[] = codes.map((locale, index) => ({
    locale,
    formats: rulesOf.get(locale)!.formats,
    facts: factsFor(locale).values,
    dictionary: typesetDictionary(dictionaries[index]!.value, typographyFor(locale)),
    testimonials: ordered.value[index]!,
    pages: Object.fromEntries(pages[index]!.value),
  }));
  const addressLock = await loadAddressLock(config.root, yaml);
  const publicFiles = await loadPublicFiles(config.root);
  // A fact that texts quote and site.yaml leaves out is refused once, at site.yaml (load/unset-facts.ts).
  const settled = refuseUnsetFacts(site, factsFor(codes[0]!), {
    site: siteData.problems,
    rest: [
      ...listed.problems,
      ...imageList.problems,
      ...rulesRead.flatMap((read) => read.problems),
      ...[...dictionaries, ...testimonials, ...pages].flatMap((loaded) => loaded.problems),
      ...ordered.problems,
      ...publicFiles.problems,
      ...addressLock.problems,
    ],
  });
  const problems = [...settled.site, ...settled.rest];
  return {
    site,
    locales,
    publicFiles: publicFiles.value,
    images: { catalogue, markdownVariants: images.variants },
    problems,
    warnings: rulesRead.flatMap((read) => read.warnings),
    writingRules: rulesRead.map((read) => read.value),
    addressLock: addressLock.value,
    siteAsWritten: { ...written, problems: settled.site.length },
  };
}

/** Each listed language's writing rules (content/languages/), in the order of the list. */
function loadEachLanguageRules(root: string, languageList: LanguageList, yaml: YamlReader) {
  return Promise.all(
    languageList.languages.map((language) =>
      loadWritingRules(root, language, languageList.entries[language.code] ?? languageList.place, yaml),
    ),
  );
}

/** The readers of the markdown files, through the project's cache when there is one. */
function readersOf(
  images: MarkdownImages,
  basePath: string,
  cache: RenderCache | undefined,
  yaml: YamlReader,
): Readers {
  const remember: Remember = (key, inputs, compute) =>
    cache ? cache.rememberAsync(key, [basePath, ...inputs], compute) : compute();
  return { markdown: markdownReader(images, basePath, cache), yaml, remember };
}

/** Each listed language's dictionary (content/i18n/), in the order of the list. */
function loadDictionaries(
  root: string,
  languageList: LanguageList,
  factsFor: (locale: string) => Facts,
  yaml: YamlReader,
): Promise<Loaded<Dictionary>[]> {
  const codes = languageList.languages.map((language) => language.code);
  return Promise.all(
    codes.map(async (locale) =>
      loadDictionary(root, locale, factsFor(locale), yaml, {
        reason: `There is no dictionary for ${shownCode(locale)}`,
        hint: `Create ${dictionaryFile(locale)} with the same keys as ${dictionaryFile(codes[0]!)}, or remove "${locale}" from the list at ${formatPlace(languageList.entries[locale] ?? languageList.place)}.`,
      }),
    ),
  );
}

/** What the markdown bodies' images are given: the catalogue, the formats of this mode, and the address of a file. */
function markdownImages(config: SiteConfig, catalogue: ImageCatalogue, languages: readonly Locale[]): MarkdownImages {
  return {
    catalogue,
    formats: (opaque) => formatsFor(config.mode, opaque),
    asset: createHref({ ...config, locales: languages }, "").asset,
    variants: [],
  };
}

/**
 * A markdown body's links and its HTML, each through the cache when there is one: one parse serves both, and only
 * when one of them is not in the cache (the engine is loaded then).
 */
function markdownReader(images: MarkdownImages, basePath: string, cache: RenderCache | undefined): MarkdownReader {
  const linkTo = images.asset;
  return async ({ body, filled, bodyLine, place, typography, fill }) => {
    let tree: MarkdownTree | undefined;
    const parsed = () => (tree ??= parseMarkdown(body));
    const scanned = async (text: string) => (await loadMarkdownEngine(), scanLinks(text, bodyLine, parsed()));
    const rendered = async () => (
      await loadMarkdownEngine(),
      renderTree(parsed(), fill, { linkTo, images, place, typography })
    );
    if (!cache) return { scan: await scanned(body), html: await rendered() };
    // The links depend on the text and the line it starts on; the scan comes first: rendering changes the tree.
    const links = async (text: string) => JSON.stringify(await scanned(text));
    const scan = JSON.parse(await cache.get(`${linkScanOptions}\0${bodyLine}`, body, links)) as LinkScan;
    // The HTML of a body without images depends on its text as written and as filled in (a fact's value
    // is text, never markdown: the same filled text may come from different bodies), and the base path.
    if (filled.includes("![")) return { scan, html: await rendered() };
    const source = `${body}\0${filled}`;
    const html = await cache.get(`${markdownOptions}\0${typography.key}\0${basePath}`, source, rendered);
    return { scan, html };
  };
}

/** The files of public/, copied as they are: one that cannot be read is reported and shipped empty. */
async function loadPublicFiles(root: string): Promise<Loaded<PublicFile[]>> {
  const list = await listTree(root, "public");
  const folder = path.join(root, defaults.folders.public);
  const reads = await Promise.all(
    list.value.map(async (file) =>
      readFile(path.join(folder, file)).then(
        (contents) => ({ value: { path: file, contents }, problems: [] }),
        (error: unknown) => ({
          value: { path: file, contents: new Uint8Array() },
          problems: [unreadable(`public/${file}`, error)],
        }),
      ),
    ),
  );
  return {
    value: reads.map((read) => read.value),
    problems: [...list.problems, ...reads.flatMap((read) => read.problems)],
  };
}

/** A markdown body's links and its HTML, through the cache when there is one. */
type MarkdownReader = (body: {
  /** The body as written, which the links are located in. */
  body: string;
  /** The body with the site's facts filled in: what the page shows. */
  filled: string;
  bodyLine: number;
  place: MarkdownPlace;
  typography: Typography;
  fill: (text: string) => string;
}) => Promise<{ scan: LinkScan; html: string }>;

/** How a markdown file's parts are read: through the project's cache when there is one. */
interface Readers {
  markdown: MarkdownReader;
  yaml: YamlReader;
  /** A file's result, reused within a watch session (RenderCache.rememberAsync), computed afresh otherwise. */
  remember: Remember;
}

type Remember = <T>(key: string, inputs: readonly string[], compute: () => Promise<T>) => Promise<T>;

/** A content file's value, or none, and the problems found in it. */
type FileLoaded<T> = { value?: T; problems: ContentError[] };

/**
 * A page's facts, and the consent banner's labels as the dictionary words them (`{label.cookie.accept}`,
 * `{label.footer.cookieSettings}`): the legal texts name the buttons as they are, so they cannot drift.
 */
function withBannerLabels(facts: Facts, { value: dictionary, problems }: Loaded<Dictionary>): Facts {
  const labels = [...dictionary]
    .filter(([key]) => key.startsWith("cookie.") || key === "footer.cookieSettings")
    .map(([key, entry]) => [`label.${key}`, entry.text] as const);
  // A dictionary that failed to load is the one error: the labels its texts would give are its echoes.
  const unreadable = problems.length > 0 ? [...facts.unreadable, "label"] : facts.unreadable;
  return new Facts(new Map([...facts.values, ...labels]), unreadable, facts.settable);
}

/** The facts a locale's texts quote, as one key. */
const factsKeys = new WeakMap<Facts, string>();
function factsKey(facts: Facts): string {
  let key = factsKeys.get(facts);
  if (key === undefined) factsKeys.set(facts, (key = JSON.stringify([[...facts.values], facts.unreadable])));
  return key;
}

/** A kind of markdown file (testimonials, pages): the schema of its front matter and what a file becomes. */
interface FileKind<T> {
  schema: Schema;
  /** Testimonials are their text: an empty one would show an empty quote. */
  requireBody: boolean;
  make: (id: string, data: unknown, html: string, origin: MarkdownOrigin) => T;
  /** What the front matter says about the text, checked once both are read. */
  check?: (front: YamlNode | undefined, html: string, file: string) => ContentError[];
}

const testimonialKind: FileKind<Testimonial> = {
  schema: testimonialSchema,
  requireBody: true,
  make: (id, data, html, origin) => ({ id, ...(data as Omit<Testimonial, "id" | "html" | "origin">), html, origin }),
};

const pageKind: FileKind<readonly [string, MarkdownPage]> = {
  schema: pageSchema,
  requireBody: false,
  check: (front, html, file) => [...foldedProblems(front, html, file), ...slugProblems(front, file)],
  make: (id, data, html, origin) => {
    // A front matter that did not parse leaves no data: its problem is reported, the page stays with its text.
    const front = data as Omit<MarkdownPage, "html" | "sections" | "origin"> | undefined;
    return [id, { ...front, html, sections: withSections(html, front?.folded), origin } as MarkdownPage] as const;
  },
};

/** Where one locale's markdown files are read: the project, the locale, the facts its texts quote, the readers. */
interface LocaleReading {
  root: string;
  locale: string;
  facts: Facts;
  typography: Typography;
  readers: Readers;
}

/** The files of one kind in one locale, read and parsed in parallel; values and problems keep the files' order. */
async function loadEach<T>(
  kind: FileKind<T>,
  groups: Map<string, Map<string, string>>,
  /** Files already reported as no plain file: not read. */
  refused: ReadonlySet<string>,
  reading: LocaleReading,
): Promise<Loaded<T[]>> {
  const results = await Promise.all(
    [...groups].map(async ([id, files]) => {
      const file = files.get(reading.locale);
      if (!file || refused.has(file)) return { problems: [] };
      return loadOne(kind, id, file, reading);
    }),
  );
  return {
    value: results.flatMap((result) => ("value" in result ? [result.value as T] : [])),
    problems: results.flatMap((result) => result.problems),
  };
}

/** One markdown file: its front matter read against the schema, its body rendered and scanned for links. */
async function loadOne<T>(kind: FileKind<T>, id: string, file: string, reading: LocaleReading): Promise<FileLoaded<T>> {
  const { root, locale, facts, readers } = reading;
  const read = await readListed(root, file);
  if ("error" in read) return { problems: [read.error] };
  // In a watch session a file is parsed again only when its text or the facts it quotes changed
  // (images excepted: their HTML depends on the image catalogue).
  const parse = () => parseOne(kind, id, file, read.text, reading);
  if (read.text.includes("![")) return parse();
  const inputs = [factsKey(facts), reading.typography.key, read.text];
  return readers.remember(`${file}\0${locale}\0${kind.requireBody}`, inputs, parse);
}

/** The text of one markdown file, parsed: see loadOne. */
async function parseOne<T>(
  { schema, requireBody, make, check }: FileKind<T>,
  id: string,
  file: string,
  text: string,
  { facts, typography, readers: { markdown, yaml } }: LocaleReading,
): Promise<FileLoaded<T>> {
  const { value: source, problems } = splitMarkdown(text, file, yaml);
  if (source.refused) return { problems };
  const front = source.front ? readWithSchema(source.front, schema, file, "") : { value: undefined, problems: [] };
  problems.push(...front.problems);
  const data = front.value;
  problems.push(...checkYamlTexts(source.front, facts, file));
  // Only the blocks that hold for this configuration are shown (load/variants.ts); the checks read every block.
  const variants = selectVariants(source.body, facts, file, source.bodyLine);
  problems.push(...variants.problems);
  const shown = variants.text;
  const body = interpolate(shown, facts);
  const bodyStart = { line: source.bodyLine, column: 1 };
  // Every block is checked for misspelt placeholders; only the blocks shown need their facts set.
  problems.push(
    ...checkText(source.body, { facts, file, start: bodyStart, checks: { leftovers: false, unset: false } }),
  );
  problems.push(
    ...checkText(shown, {
      facts,
      file,
      start: bodyStart,
      checks: { unknown: false, malformed: false, leftovers: false },
    }),
  );
  if (requireBody && source.body.trim() === "")
    problems.push(
      new ContentError({ file, line: source.bodyLine, column: 1 }, "The text after the front matter is empty", {
        hint: "Write the text below the closing `---` line, as in the other files of this folder.",
        kind: "emptyText",
      }),
    );
  const { scan, html } = await markdown({
    body: shown,
    filled: body.text,
    bodyLine: source.bodyLine,
    place: { file, bodyLine: source.bodyLine, problems },
    typography,
    fill: (text) => interpolate(text, facts).text,
  });
  problems.push(...linkProblems(scan, file));
  if (check) problems.push(...check(source.front, html, file));
  const origin: MarkdownOrigin = {
    file,
    body: source.body,
    bodyLine: source.bodyLine,
    links: scan.links.map((link) => ({ ...link, url: interpolate(link.url, facts).text })),
    front: text.slice(0, text.length - source.body.length),
    ...(shown === source.body ? {} : { shown }),
  };
  return { value: make(id, typesetFront(fillPlaceholders(data, facts), typography), html, origin), problems };
}

/**
 * The front matter's texts in the language's typography, but for `slug:`: an address, checked as written, which a
 * no-break hyphen ("om‑mig", beside a part of two letters) would turn into another address than the one checked.
 */
function typesetFront(data: unknown, typography: Typography): unknown {
  if (!data || typeof data !== "object" || Array.isArray(data)) return typesetTexts(data, typography);
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [key, key === "slug" ? value : typesetTexts(value, typography)]),
  );
}

/** The build sets the typography (design.md §9), so editors type plain spaces, dots and quotes. */
function typesetDictionary(dictionary: Dictionary, typography: Typography): Dictionary {
  for (const entry of dictionary.values()) entry.text = typeset(entry.text, typography);
  return dictionary;
}

function typesetTexts(data: unknown, typography: Typography): unknown {
  if (typeof data === "string") return typeset(data, typography);
  if (Array.isArray(data)) return data.map((item) => typesetTexts(item, typography));
  if (data && typeof data === "object")
    return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, typesetTexts(value, typography)]));
  return data;
}
