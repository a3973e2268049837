import { checkContent } from "./check.ts";
import type { SiteConfig } from "./config.ts";
import { ContentError, ContentErrors } from "./errors.ts";
import { loadContent, type Content } from "./load/content.ts";
import { loadTemplates } from "./load/templates.ts";
import { renderRoutes, type MissingKey } from "./render.ts";
import { createHref, createRoutes, sitePages } from "./routes.ts";
import { bundleAssets } from "./write/assets.ts";
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
export async function build(config: SiteConfig, writer: Writer = new DiskWriter(config.outDir)): Promise<BuildReport> {
  const started = performance.now();
  const content = await loadContent(config);
  const templates = await loadTemplates(config.root);
  const pages = sitePages(Object.keys(content.locales[0]?.pages ?? {}));
  failOn([...content.problems, ...checkContent(content, pages, config.locales, [...templates.sources.values()].join("\n"))]);
  const links = createHref(config, config.baseUrl || content.site.baseUrl);
  const routes = createRoutes(pages, config.locales, links);
  const assets = await bundleAssets(config.root, content.site);
  const pageAssets = { css: links.asset(assets.css), js: links.asset(assets.js), headScript: assets.headScript, favicon: links.asset("favicon.svg") };
  const rendered = renderRoutes(routes, content, templates.module, pageAssets, links);
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
  return { pages: rendered.files.length, files: files.length, milliseconds: performance.now() - started, warnings };
}

/** The host configuration serves exactly what was built: its CSP allows the inline scripts the pages carry. */
function hostConfigInput(config: SiteConfig, content: Content, pages: OutputFile[], files: OutputFile[]): HostConfigInput {
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
function reportRenderProblems(config: SiteConfig, missing: MissingKey[], failures: Error[], sources: Map<string, string>): string[] {
  const unique = [...new Map(missing.map((entry) => [`${entry.template}\0${entry.key}`, entry])).values()];
  const problems = unique.map((entry) => {
    const at = locateKey(sources.get(entry.template) ?? "", entry.key);
    return new ContentError(entry.template, at.line, at.column, `The translation key "${entry.key}" is not defined in any dictionary`, `Add "${entry.key}" to every file in content/i18n/, or fix the key in the template.`);
  });
  if (config.mode === "build") {
    if (failures.length > 0) throw failures[0];
    failOn(problems);
  }
  return [...problems.map((problem) => problem.message), ...failures.map((failure) => failure.message)];
}

function locateKey(source: string, key: string) {
  const offset = source.search(new RegExp(`["'\`]${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}["'\`]`));
  if (offset < 0) return { line: 1, column: 1 };
  const lines = source.slice(0, offset + 1).split("\n");
  return { line: lines.length, column: lines.at(-1)!.length + 1 };
}
