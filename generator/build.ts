import { checkFragments, checkLinks } from "./check-links.ts";
import { checkContent } from "./check.ts";
import { checkRendered } from "./check-rendered.ts";
import { checkSiteData } from "./check-site-data.ts";
import type { SiteConfig } from "./config.ts";
import { ContentErrors, type ContentError } from "./errors.ts";
import { encodeImages, planImages } from "./images/pipeline.ts";
import { loadContent } from "./load/content.ts";
import { freshStages, type Stages } from "./incremental.ts";
import { createHref, createRoutes, resolveBaseUrl, sitePages, templateFiles } from "./routes.ts";
import { claimOutputs, outputOwners } from "./write/claims.ts";
import type { HostConfigInput } from "./write/host-config.ts";
import { siteFiles } from "./write/site-files.ts";
import { DiskWriter, type Writer } from "./write/writer.ts";

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
  const pages = sitePages(content);
  const templates = await stages.templates(config.root, templateFiles(pages));
  const markdownLinks = checkLinks(content, pages, config.locales);
  const siteData = checkSiteData(content, pages);
  failOn(
    content.problems,
    checkContent(content, pages, config.locales, templates.keys),
    siteData,
    markdownLinks.problems,
  );
  const links = createHref(config, resolveBaseUrl(config, content.site));
  const routes = createRoutes(pages, config.locales, links);
  const assets = await stages.assets(config.root, content.site, config.basePath);
  const images = planImages(config, content, templates.module, links);
  const rendered = stages.render(config.root, routes, content, templates.module, assets, links, images);
  const warnings = checkRendered(config, rendered, templates.keys);
  failOn(checkFragments(markdownLinks.fragments, rendered.files));
  const encoded = await encodeImages(images, config);
  const site = siteFiles(config, content, routes, assets, rendered, links, encoded.files);
  failOn(claimOutputs(site.files, outputOwners(routes, rendered.files, assets.files, content.publicFiles)));
  await writer.write(site.files);
  await cache.save();
  return report(rendered.files.length, site.files.length, started, warnings, site.hostConfig, encoded);
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
): BuildReport {
  const { encoded, reused } = images;
  return { pages, files, milliseconds: performance.now() - started, warnings, hostConfig, images: { encoded, reused } };
}
