/**
 * `watch`: builds, serves the output and rebuilds on every change in content/, templates/ and public/.
 * Its parts, each in a file of its own: when to rebuild (rebuilds.ts), which files to react to
 * (watched-files.ts), what the open tabs are told (reload-stream.ts) and what the pages show of the last
 * build (overlay.ts). This file wires them together, in the order they start.
 */
import { build, type BuildReport } from "../build.ts";
import type { SiteConfig } from "../config.ts";
import { formatError, isUserError, printable } from "../errors.ts";
import { adminConfig, adminStartLines, answerAdmin } from "../editor/watch-admin.ts";
import { IncrementalWriter } from "../write/incremental-writer.ts";
import { MemoryWriter } from "../write/writer.ts";
import { allowedHostNames, movedPortLine, networkLines, serverUrls, type ServerOptions } from "./listen.ts";
import { pagesOfFile } from "./live-reload.ts";
import { Overlay } from "./overlay.ts";
import type { Route } from "../../model/route.ts";
import { BuildSession } from "./rebuild-memo.ts";
import { Rebuilds, type Rebuild, type RebuildSteps } from "./rebuilds.ts";
import { ReloadStream } from "./reload-stream.ts";
import { startServer } from "./serve.ts";
import { watchSources } from "./watched-files.ts";
import { WarningsTold } from "./warnings-told.ts";
import { warmUp } from "./warm-up.ts";

/** How `watch` runs. */
export interface WatchOptions extends ServerOptions {
  /** Poll the file system instead of using events (network drives, containers, tests). */
  poll: boolean;
  /** After a rebuild, open tabs go to the page of the file just saved, instead of reloading where they are. */
  openSaved?: boolean;
  /** Where status lines go. */
  log: (line: string) => void;
}

/**
 * Builds, serves the output and rebuilds on every change. A failed rebuild is shown in the terminal
 * and, as an overlay, in every open tab, and the last good site stays served until the next good save.
 * The server sends the shipped configuration's headers, plus only what live reload needs.
 */
export async function watch(config: SiteConfig, options: WatchOptions) {
  const siteConfig: SiteConfig = { ...config, mode: "watch" };
  const session = new BuildSession();
  const stream = new ReloadStream(siteConfig.basePath);
  const overlay = new Overlay(siteConfig);
  const steps = rebuildSteps(siteConfig, options, { session, stream, overlay });
  const rebuilds = new Rebuilds(siteConfig.root, options.poll, steps);

  // Listen first: a busy port is reported before a build is spent, and requests wait for the first build.
  let firstBuild: () => void = () => {};
  const ready = new Promise<void>((resolve) => (firstBuild = resolve));
  const server = await serveWatched(siteConfig, options, { stream, overlay, ready });
  await rebuilds.first();
  firstBuild();
  const codes = (overlay.site?.locales ?? []).map((locale) => locale.code);
  // Off the save path: it yields to every save, and a failure to warm up is no failure of the build.
  void warmUp(siteConfig.root, codes, () => rebuilds.busy).catch(() => undefined);

  const { port } = server.address() as { port: number };
  const watcher = await watchSources(siteConfig, {
    poll: options.poll,
    saw: (file, removed) => rebuilds.saw(file, removed),
    log: options.log,
  });
  for (const line of await readyLines(siteConfig, options, port)) options.log(line);

  return {
    port,
    async close() {
      const stopped = rebuilds.stop();
      await watcher.close();
      stream.close();
      await new Promise((resolve) => server.close(resolve));
      await stopped;
      await session.flush();
    },
  };
}

/**
 * What each rebuild does: an incremental build through the session's remembered stages; and, for one
 * that stands, the status line and the warnings it brought or fixed, the overlay, and the message to
 * the open tabs.
 */
function rebuildSteps(
  config: SiteConfig,
  options: WatchOptions,
  { session, stream, overlay }: { session: BuildSession; stream: ReloadStream; overlay: Overlay },
): RebuildSteps {
  const writer = new IncrementalWriter(config.outDir, config.root);
  const warnings = new WarningsTold();
  return {
    async build(files) {
      session.notice(files);
      try {
        const report = await build(config, writer, session);
        stream.wrote(writer.changed);
        return { report };
      } catch (failure) {
        return { failure };
      }
    },
    show(outcome, rebuild) {
      const failedBefore = overlay.failed;
      const lines = "report" in outcome ? built(outcome.report, rebuild) : failed(outcome.failure, rebuild);
      for (const line of lines) options.log(line);
      const pages =
        options.openSaved && "report" in outcome
          ? savedPages(outcome.report.routes, config.basePath, rebuild.files)
          : undefined;
      // Every tab shows the overlay of the last build: an error that came or went, or warnings that changed.
      const everyTab = failedBefore || overlay.failed || warnings.panel.changed;
      stream.tell({ sources: rebuild.files, everyTab, pages });
    },
    idle: () => void session.flush(),
  };

  /** A good build: the pages show its warnings; the terminal, how long it took and the warnings it brought or fixed. */
  function built(report: BuildReport, { reason, started }: Rebuild): string[] {
    const told = warnings.tell(report);
    overlay.built(report.hostConfig, warnings.panel, report.messages);
    return [
      `${printable(reason, { lines: false })}: rebuilt ${report.pages} pages in ${Math.round(performance.now() - started)} ms`,
      ...told,
      ...report.cacheWarnings.map((line) => `warning: ${line}`),
    ];
  }

  /** A failed build: the pages and the terminal show why; the last good site stays served. */
  function failed(failure: unknown, { reason }: Rebuild): string[] {
    const error = formatError(failure);
    overlay.failedWith(error);
    const bug = isUserError(failure) ? [] : ["  (this is a bug in ranch-site or a template, not in your content)"];
    return [`${printable(reason, { lines: false })}: build failed\n${error}`, ...bug];
  }
}

/** The server of the output folder, with the reload stream, the overlay and (with `--admin`) the web editor's local mode. */
function serveWatched(
  config: SiteConfig,
  options: WatchOptions,
  { stream, overlay, ready }: { stream: ReloadStream; overlay: Overlay; ready: Promise<void> },
) {
  /** What the web editor checks a save with: the whole pipeline, writing nothing (editor/watch-admin.ts). */
  const checkSite = () => build({ ...config, mode: "build" }, new MemoryWriter()).then(() => undefined);
  return startServer({
    dir: config.outDir,
    port: options.port,
    host: options.host,
    strictPort: options.strictPort,
    allowedHosts: allowedHostNames(options),
    basePath: config.basePath,
    site: () => overlay.site,
    ready,
    log: options.log,
    headers: (file) => overlay.headers(file),
    intercept: (request, response) =>
      (config.admin && answerAdmin(adminConfig(config, overlay.site), request, response, options.log, checkSite)) ||
      stream.answer(request, response),
    transformHtml: (urlPath) => {
      // The web editor's page is left as it is: an overlay would cover its Publish button, and its
      // policy has no hash for the live-reload script. It shows a refused save at the field itself.
      if (config.admin && `${urlPath}/`.startsWith(`${config.basePath}admin/`)) return undefined;
      // The build the page shows, noted before its file is opened: an older note costs the tab one
      // reload it did not need, a newer one would hide the rebuild that wrote the file.
      const build = stream.current;
      return (html) => overlay.page(html, build, urlPath);
    },
    fallback: () => overlay.fallback(stream.current),
  });
}

/** With `--open-saved`: where the tabs go, the page of the last saved file that has one (at the good build's addresses). */
function savedPages(
  routes: readonly Route[],
  basePath: string,
  files: readonly string[],
): [string, string][] | undefined {
  return files.map((file) => pagesOfFile(routes, basePath, file)).findLast((pairs) => pairs.length > 0);
}

/** What the terminal says once `watch` serves and watches: where, and what. */
async function readyLines(config: SiteConfig, options: WatchOptions, port: number): Promise<string[]> {
  const urls = serverUrls(options, port, config.basePath);
  const admin = config.admin
    ? [`Web editor (local mode, saves into content/): ${urls.local}admin/`, ...(await adminStartLines(config))]
    : [];
  return [
    ...movedPortLine(options, port),
    `Serving ${urls.local}`,
    ...networkLines(options, urls),
    ...admin,
    "Watching content/, templates/ and public/ for changes (Ctrl+C to stop)",
  ];
}
