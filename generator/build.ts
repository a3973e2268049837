import { refuseLinkedCache, takeCacheWarnings } from "./cache/folder.ts";
import type { SiteConfig } from "./config.ts";
import type { HostConfigInput } from "./hosts/host-config.ts";
import { shipsPrecompressed } from "./hosts/precompressed.ts";
import { loadContent, type LoadedContent } from "./load/content.ts";
import { loadTranslationLock } from "./load/translation-lock.ts";
import { cachedYaml } from "./io/yaml.ts";
import type { ToolMessages } from "./load/writing-rules.ts";
import { routeSite, sitePages, templateFiles } from "./routes.ts";
import { recordAddresses, unrecordedAddresses } from "./write/address-lock.ts";
import type { Route } from "../model/route.ts";
import { adminOutput } from "./editor/admin-output.ts";
import { checkOutput, type OutputFindings } from "./check/output.ts";
import { checkSources } from "./check/sources.ts";
import type { BuildContext } from "./render/context.ts";
import { renderSite } from "./render/site.ts";
import { siteImages } from "./images/site-images.ts";
import type { Drawings } from "./images/pipeline.ts";
import { siteOutput, type SiteOutput } from "./write/site-output.ts";
import { writeSite } from "./write/site.ts";
import { sortWarnings, type ContentWarning } from "./warnings.ts";
import { DiskWriter, MemoryWriter, type Writer } from "./write/writer.ts";
import { RenderCache } from "./cache/render.ts";
import { loadTemplates, type Templates } from "./load/templates.ts";
import type { Site } from "./load/site.ts";
import { bundleAssets } from "./bundle/assets.ts";
import { renderHeroArt, renderOpenGraphSvgs, renderRoutes, type PagesContext, type Rendered } from "./render/pages.ts";
import type { PageRenderer } from "./render/site.ts";
import type { Assets } from "../model/output.ts";
import type { TemplateModule } from "../model/page.ts";

/** What a build did, for the summary line. */
export interface BuildReport {
  pages: number;
  /** Every page in every language at its address: where `watch` sends a tab after a save. */
  routes: readonly Route[];
  /** The words of ranch-site's own notices on the pages, by language (its writing rules, content/languages/). */
  messages: Readonly<Record<string, ToolMessages>>;
  files: number;
  milliseconds: number;
  /** Problems that `watch` shows but does not stop for (missing keys, pages whose template threw). */
  warnings: string[];
  /** What the host configuration was written from: `headerRules()` of it gives every response's headers. */
  hostConfig: HostConfigInput;
  /** Image files written, and how many of them were encoded now rather than taken from the cache. */
  images: { encoded: number; reused: number };
  /** Caches and the address lock that could not be written (the build went on without them): one line each, as warnings. */
  cacheWarnings: string[];
  /** Content worth a look that builds anyway (stale translations, unused keys, unlinked pages): `check --strict` fails on them. */
  contentWarnings: ContentWarning[];
}

/**
 * The expensive steps of build(), each replaceable by a remembering one: `noMemo` for a one-off build; `watch`
 * hands in its own, which redoes only what a save changed (dev/rebuild-memo.ts). build() only accepts one.
 * (Not a stage: the stages are the folders load/ … write/.)
 */
export interface BuildMemo extends PageRenderer {
  /** Routes per `render` call: a build streams small batches to the writer (see pageBatch). */
  readonly renderBatch: number;
  cache(config: SiteConfig): Promise<RenderCache>;
  /** `cache`: whether compiled templates and bundles may come from, and go to, the project's cache (`--no-cache`). */
  templates(root: string, templateFiles: readonly string[], cache: boolean): Promise<Templates>;
  assets(root: string, site: Site, basePath: string, cache: boolean): Promise<Assets>;
  render(context: PagesContext, routes: readonly Route[]): Rendered;
}

/**
 * Routes rendered at a time by a one-off build. Each batch is checked, compressed and written while
 * the next one is rendered, so memory holds two batches of pages, however large the site. Small
 * batches matter more than they seem: a page that lives through two young-generation collections is
 * moved to the old generation, which V8 lets grow to several times its live size before it collects
 * it. At 2,000 pages, 256 a batch peaked at 300 MiB, 64 at 230 MiB, 16 at 175 MiB; 1 costs CPU.
 */
export const pageBatch = 16;

/** Every step afresh: what `build` and `check` run. */
export const noMemo: BuildMemo = {
  renderBatch: pageBatch,
  cache: (config) => RenderCache.open(config.root, config.cache),
  templates: (root, templateFiles, cache) => loadTemplates(root, templateFiles, { cache }),
  assets: (root, site, basePath, cache) => bundleAssets(root, site, basePath, { cache }),
  render: (context, routes) => renderRoutes(context, routes),
};

/**
 * The pipeline, one stage a line: load, check, route, bundle, encode images, claim every output path,
 * then render, check rendered and write, through which the pages stream in batches.
 */
export async function build(
  config: SiteConfig,
  writer: Writer = new DiskWriter(config.outDir, { root: config.root }),
  memo: BuildMemo = noMemo,
): Promise<BuildReport> {
  const started = performance.now();
  await writer.prepare?.();
  await refuseLinkedCache(config.root);
  const cache = await memo.cache(config);
  const content = await loadContent(config, cache);
  const lock = await loadTranslationLock(config.root, cachedYaml(cache.rememberText));
  const pages = sitePages(content);
  const templates = await memo.templates(config.root, templateFiles(pages), config.cache);
  const sources = checkSources({ config, content, lock, pages, templates }, (key, inputs, compute) =>
    cache.rememberWhile(key, inputs, compute),
  );
  const { links, routes } = routeSite(config, content.site, pages);
  const assets = await memo.assets(config.root, content.site, config.basePath, config.cache);
  const images = await siteImages(config, content.images, drawingsOf(content, templates.module), links);
  const admin = await adminOutput(config, content);
  const context: BuildContext = { config, content, routes, links, templates, assets, images };
  const output = siteOutput(context, shipsCompressed(config, writer, content.site.hosting?.provider), admin.files);
  const site = renderSite(context, memo);
  const checked = checkOutput(context, site, sources.fragments);
  const files = await writeSite(writer, output, checked.pages);
  // Only a build for publishing teaches the lock an address: one `watch` or `check` saw may never be published.
  const unrecorded = publishes(config, writer) ? await recordAddresses(config, content.addressLock, routes) : [];
  const toRecord = writer instanceof MemoryWriter ? unrecordedAddresses(config, content.addressLock, routes) : [];
  await cache.save();
  const warnings = [...sources.warnings, ...admin.warnings];
  return report({
    started,
    content,
    routes,
    files,
    warnings,
    findings: checked.findings,
    output,
    unrecorded,
    toRecord,
  });
}

/** What a build did, from the figures its stages left: when it started and what each stage returned. */
interface Outcome {
  started: number;
  content: LoadedContent;
  routes: readonly Route[];
  files: number;
  /** The warnings of the sources and of the editor's own files. */
  warnings: readonly ContentWarning[];
  findings: OutputFindings;
  output: SiteOutput;
  /** Addresses the lock could not record (a cache warning). */
  unrecorded: string[];
  /** Changed addresses a build to memory saw that the lock does not know yet. */
  toRecord: ContentWarning[];
}

function report({
  started,
  content,
  routes,
  files,
  warnings,
  findings,
  output,
  unrecorded,
  toRecord,
}: Outcome): BuildReport {
  return {
    pages: routes.length,
    routes,
    messages: Object.fromEntries(content.writingRules.map((rules) => [rules.code, rules.messages])),
    files,
    milliseconds: performance.now() - started,
    warnings: findings.warnings,
    hostConfig: output.hostConfig,
    images: output.images,
    cacheWarnings: [...takeCacheWarnings(), ...unrecorded],
    contentWarnings: sortWarnings([...warnings, ...findings.unlinked, ...toRecord]),
  };
}

/** What the image stage encodes of the templates, drawn by the render stage. */
const drawingsOf = (content: LoadedContent, templates: TemplateModule): Drawings => ({
  openGraph: () => renderOpenGraphSvgs(content, templates),
  heroArt: () => renderHeroArt(templates),
});

/** A build to disk: what is published (its addresses are recorded in the lock). */
const publishes = (config: SiteConfig, writer: Writer) => config.mode === "build" && !(writer instanceof MemoryWriter);
/**
 * Only a build to disk ships .br and .gz files (watch serves uncompressed, check writes none), and only
 * for a host that serves them or when asked to (`--precompress`).
 */
const shipsCompressed = (config: SiteConfig, writer: Writer, provider: string | undefined) =>
  publishes(config, writer) && shipsPrecompressed(provider, config.precompress);
