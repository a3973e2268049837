import { checkContent } from "./check.ts";
import type { SiteConfig } from "./config.ts";
import { ContentError, ContentErrors, placeAt } from "./errors.ts";
import { loadContent, type Content } from "./load/content.ts";
import { freshStages, type Stages } from "./incremental.ts";
import type { MissingKey } from "./render.ts";
import { createHref, createRoutes, sitePages } from "./routes.ts";
import { createHostConfigs, inlineScriptHashes, type HostConfigInput } from "./write/host-config.ts";
import { createRobots, createSitemap } from "./write/sitemap.ts";
import { DiskWriter, type OutputFile, type Writer } from "./write/writer.ts";

/** What a build did, for the summary line. */
export interface BuildReport {
  pages: number;
  files: number;
  milliseconds: number;
  /** Problems that `watch` shows but does not stop for (missing keys, pages whose template threw). */
  warnings: string[];
}

/** The pipeline, one stage a line: load, check, route, bundle, render, write. */
export async function build(
  config: SiteConfig,
  writer: Writer = new DiskWriter(config.outDir),
  stages: Stages = freshStages,
): Promise<BuildReport> {
  const started = performance.now();
  const cache = await stages.cache(config);
  const content = await loadContent(config, cache);
  const templates = await stages.templates(config.root);
  const pages = sitePages(Object.keys(content.locales[0]?.pages ?? {}));
  failOn([
    ...content.problems,
    ...checkContent(content, pages, config.locales, [...templates.sources.values()].join("\n")),
  ]);
  const links = createHref(config, config.baseUrl || content.site.baseUrl);
  const routes = createRoutes(pages, config.locales, links);
  const assets = await stages.assets(config.root, content.site);
  const pageAssets = {
    css: links.asset(assets.css),
    js: links.asset(assets.js),
    headScript: assets.headScript,
    favicon: links.asset("favicon.svg"),
  };
  const rendered = stages.render(routes, content, templates.module, pageAssets, links);
  const warnings = reportRenderProblems(config, rendered.missing, rendered.failures, templates.sources);
  const files: OutputFile[] = [
    ...rendered.files,
    ...assets.files,
    ...content.publicFiles,
    createSitemap(routes, config.locales[0]!.code),
    createRobots(links.assetUrl("sitemap.xml")),
  ];
  files.push(...createHostConfigs(hostConfigInput(config, content, rendered.files, files)));
  await writer.write(files);
  await cache.save();
  return { pages: rendered.files.length, files: files.length, milliseconds: performance.now() - started, warnings };
}

/** The host configuration serves exactly what was built: its CSP allows the inline scripts the pages carry. */
function hostConfigInput(
  config: SiteConfig,
  content: Content,
  pages: OutputFile[],
  files: OutputFile[],
): HostConfigInput {
  return {
    basePath: config.basePath,
    locales: config.locales,
    scriptHashes: inlineScriptHashes(pages.map((page) => String(page.contents))),
    fontsOrigin: new URL(content.site.consent.fontsUrl).origin,
    fontFilesOrigin: new URL(content.site.consent.fontFilesHost).origin,
    formAction: "mailto:",
    files: files.map((file) => file.path),
  };
}

function failOn(problems: ContentError[]) {
  if (problems.length > 0) throw new ContentErrors(problems);
}

/** `build` stops on them; `watch` renders the key or the error page and lists them as warnings. */
function reportRenderProblems(
  config: SiteConfig,
  missing: MissingKey[],
  failures: Error[],
  sources: Map<string, string>,
): string[] {
  const keys = [...new Set(missing.map((entry) => entry.key))];
  const problems = keys.map((key) => {
    const { file, line, column } = locateKey(sources, key) ?? {
      file: missing.find((entry) => entry.key === key)!.template,
      line: 1,
      column: 1,
    };
    return new ContentError({ file, line, column }, `The translation key "${key}" is not defined in any dictionary`, {
      hint: `Add "${key}" to every file in content/i18n/, or fix the key in the template.`,
    });
  });
  if (config.mode === "build") {
    if (failures.length > 0) throw failures[0];
    failOn(problems);
  }
  return [...problems.map((problem) => problem.message), ...failures.map((failure) => failure.message)];
}

/** The template file, line and column where a key is written out: in the page's template or in any component it uses. */
function locateKey(sources: Map<string, string>, key: string) {
  const quoted = new RegExp(`["'\`]${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}["'\`]`);
  for (const [file, source] of sources) {
    const offset = source.search(quoted);
    if (offset >= 0) return { file, ...placeAt(source, offset + 1) };
  }
  return undefined;
}
