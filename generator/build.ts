import { checkFragments, checkLinks } from "./check-links.ts";
import { checkContent } from "./check.ts";
import { checkRendered } from "./check-rendered.ts";
import { checkTranslations } from "./check/translations.ts";
import { findUnlinkedPages, recordLinks } from "./check/unlinked-pages.ts";
import { checkSiteData } from "./check-site-data.ts";
import type { SiteConfig } from "./config.ts";
import { ContentErrors, type ContentError } from "./errors.ts";
import { encodeImages, planImages } from "./images/pipeline.ts";
import { loadContent } from "./load/content.ts";
import { freshStages, type Stages } from "./incremental.ts";
import { loadTranslationLock } from "./load/translation-lock.ts";
import { createHref, createRoutes, resolveBaseUrl, sitePages, templateFiles } from "./routes.ts";
import { claimOutputs, outputOwners } from "./write/claims.ts";
import { compressedStore, precompress } from "./write/compress.ts";
import { contentSecurityPolicy, type HostConfigInput } from "./write/host-config.ts";
import { addMetaCsp } from "./write/meta-csp.ts";
import { siteFiles } from "./write/site-files.ts";
import { DiskWriter, MemoryWriter, type Writer } from "./write/writer.ts";
import { sortWarnings, type ContentWarning } from "./warnings.ts";

/** What a build did, for the summary line. */
export interface BuildReport {
  pages: number;
  files: number;
  milliseconds: number;
  /** Problems that `watch` shows but does not stop for (missing keys, pages whose template threw). */
  warnings: string[];
  /** What the host configuration was written from: `headerRules()` of it gives every response's headers. */
  hostConfig: HostConfigInput;
  /** Image files written, and how many of them were encoded now rather than taken from the cache. */
  images: { encoded: number; reused: number };
  /** Content worth a look that builds anyway (stale translations, unused keys, unlinked pages): `check --strict` fails on them. */
  contentWarnings: ContentWarning[];
}

/** The pipeline, one stage a line: load, check, route, bundle, render, check rendered, write. */
export async function build(
  config: SiteConfig,
  writer: Writer = new DiskWriter(config.outDir, { root: config.root }),
  stages: Stages = freshStages,
): Promise<BuildReport> {
  const started = performance.now();
  await writer.prepare?.();
  const cache = await stages.cache(config);
  const content = await loadContent(config, cache);
  const lock = await loadTranslationLock(config.root, content.problems);
  const pages = sitePages(content);
  const templates = await stages.templates(config.root, templateFiles(pages));
  const markdownLinks = checkLinks(content, pages, config.locales);
  const translations = checkTranslations(content, lock, templates);
  failOn(
    content.problems,
    checkContent(content, pages, config.locales, templates.keys),
    checkSiteData(content, pages),
    markdownLinks.problems,
    translations.errors,
  );
  const links = createHref(config, resolveBaseUrl(config, content.site));
  const routes = createRoutes(pages, config.locales, links);
  const assets = await stages.assets(config.root, content.site, config.basePath);
  const images = planImages(config, content, templates.module, links);
  const linked = new Set<string>();
  const rendered = stages.render(
    config.root,
    routes,
    content,
    templates.module,
    assets,
    recordLinks(links, linked),
    images,
  );
  const warnings = checkRendered(config, rendered, templates.keys);
  failOn(checkFragments(markdownLinks.fragments, rendered.files));
  const unlinked = findUnlinkedPages(routes, linked, content, config.basePath);
  const encoded = await encodeImages(images, config);
  const site = siteFiles(config, content, routes, assets, rendered, links, encoded.files);
  failOn(claimOutputs(site.files, outputOwners(routes, rendered.files, assets.files, content.publicFiles)));
  const files = config.metaCsp ? addMetaCsp(site.files, contentSecurityPolicy(site.hostConfig)) : site.files;
  // Only a build to disk ships .br and .gz files: watch serves uncompressed, check writes nothing.
  const compressed =
    config.mode === "build" && !(writer instanceof MemoryWriter)
      ? await precompress(files, compressedStore(config.root))
      : [];
  await writer.write([...files, ...compressed]);
  await cache.save();
  return {
    ...report(rendered.files.length, files.length + compressed.length, started, warnings, site.hostConfig, encoded),
    contentWarnings: sortWarnings([...translations.warnings, ...unlinked]),
  };
}

/** Every problem of the load and check stages, reported together, then the build stops. */
function failOn(...problems: ContentError[][]) {
  const all = problems.flat();
  if (all.length > 0) throw new ContentErrors(all);
}

function report(
  pages: number,
  files: number,
  started: number,
  warnings: string[],
  hostConfig: HostConfigInput,
  images: { encoded: number; reused: number },
): Omit<BuildReport, "contentWarnings"> {
  const { encoded, reused } = images;
  return { pages, files, milliseconds: performance.now() - started, warnings, hostConfig, images: { encoded, reused } };
}
