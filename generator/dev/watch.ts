import { createHash } from "node:crypto";
import type { ServerResponse } from "node:http";
import path from "node:path";
import { watch as watchFiles } from "chokidar";
import { build, type BuildReport } from "../build.ts";
import { defaults, type SiteConfig } from "../config.ts";
import { formatError, isUserError } from "../errors.ts";
import { BuildSession } from "../cache/memo.ts";
import { liveReloadClient, ReloadLog, reloadMessage } from "./live-reload.ts";
import { allowedHostNames, movedPortLine, networkLines, serverUrls, type ServerOptions } from "./listen.ts";
import { errorPageStyle } from "../render/pages.ts";
import { defaultMessages } from "../load/writing-rules.ts";
import type { Route } from "../../model/route.ts";
import { startServer } from "./serve.ts";
import { formSources, headerRules, headersFor, type HeaderRules, type HostConfigInput } from "../hosts/host-config.ts";
import { IncrementalWriter } from "../write/incremental-writer.ts";
import { SavedFiles } from "./saves.ts";
import { adminConfig, adminStartLines, answerAdmin } from "../editor/watch-admin.ts";
import { warmUp } from "../cache/warm-up.ts";

/** How `watch` runs. */
export interface WatchOptions extends ServerOptions {
  /** Poll the file system instead of using events (network drives, containers, tests). */
  poll: boolean;
  /** After a rebuild, open tabs go to the page of the file just saved, instead of reloading where they are. */
  openSaved?: boolean;
  /** Where status lines go. */
  log: (line: string) => void;
}

const eventsPath = "/__ranch-site/events";
/** With polling, the events of one save can arrive a poll apart: wait for them as one change. */
const pollDebounceMs = 75;
/** How long chokidar holds back a deletion in case the file comes back (its `atomic` option). */
const atomicSaveMs = 100;
/** How long `watch` waits after a rebuild before it writes the project's cache: longer than between two saves in a row. */
const cacheWriteDelayMs = 1000;
const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** The one step that turns the sources into the site: incremental, through the session's remembered stages. */
function rebuildSite(config: SiteConfig, writer: IncrementalWriter, session: BuildSession): Promise<BuildReport> {
  return build(config, writer, session);
}

/**
 * Builds, serves the output and rebuilds on every change in content/, templates/ and public/.
 * Rebuilds are debounced and never overlap; a failed one is shown in the terminal and, as an
 * overlay, in every open tab, and the last good site stays served until the next good save. The
 * server sends the shipped configuration's headers, plus only what live reload needs.
 */
export async function watch(config: SiteConfig, options: WatchOptions) {
  const siteConfig: SiteConfig = { ...config, mode: "watch" };
  const clients = new Set<ServerResponse>();
  /** What the tabs were told after each rebuild: a tab that connects late hears what it missed. */
  const told = new ReloadLog();
  let error: string | undefined;
  /** Missing keys and failed pages of the last good build: shown in the browser too, not only in the terminal. */
  let warnings: string[] = [];
  let rules = watchRules(siteConfig, undefined);
  /** The last good build's host configuration (its languages, its old addresses), routes and notices' words. */
  let site: HostConfigInput | undefined;
  let routes: readonly Route[] = [];
  let messages: BuildReport["messages"] = {};
  /** The language of a page by its path, and the words of watch's notice on it (English before a good build). */
  const noticeLanguage = (urlPath: string) => {
    const byPrefix = [...(site?.locales ?? [])].sort((a, b) => b.prefix.length - a.prefix.length);
    const below = `${urlPath}/`.slice(siteConfig.basePath.length);
    const language = byPrefix.find((locale) => !locale.prefix || below.startsWith(`${locale.prefix}/`));
    return language && messages[language.code] ? { code: language.code, ...messages[language.code]! } : undefined;
  };
  let running: Promise<void> | undefined;
  let pending: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  const saves = new SavedFiles(siteConfig.root, (file) => {
    clearTimeout(timer);
    const wait = options.poll ? Math.max(defaults.debounceMs, pollDebounceMs) : defaults.debounceMs;
    timer = setTimeout(() => schedule(file), wait);
  });
  /** Output files written since the tabs last heard of a rebuild: what they must reload. */
  const unsent = new Set<string>();
  const session = new BuildSession();
  /** Writes the project's cache once no rebuild has followed for a moment: a save waits for its pages only. */
  let idleWrite: NodeJS.Timeout | undefined;
  const writeCacheWhenIdle = () => (idleWrite = setTimeout(() => void session.flush(), cacheWriteDelayMs));
  const writer = new IncrementalWriter(siteConfig.outDir, siteConfig.root);

  const rebuild = async (reason: string, files: readonly string[]) => {
    const started = performance.now();
    const failedBefore = error !== undefined;
    const unchanged = await saves.before(files);
    session.notice(files);
    let outcome: { report: BuildReport } | { failure: unknown };
    try {
      outcome = { report: await rebuildSite(siteConfig, writer, session) };
      for (const output of writer.changed) unsent.add(output);
    } catch (failure) {
      outcome = { failure };
    }
    // A saved file changed while the build read it (an editor still writing): build again at once,
    // and say nothing of this build. A failure that newer saves may already mend waits for them too.
    if (!(await unchanged())) {
      saves.requeue(files);
      pending ??= reason;
      return;
    }
    // A failure is shown only once no further save follows within chokidar's atomic-save window: an
    // editor saving in steps (vim moves the file away, writes it anew) may be half way through.
    if ("failure" in outcome && !saves.waiting && !pending) await pause(atomicSaveMs);
    if ("failure" in outcome && (saves.waiting || pending)) {
      saves.requeue(files);
      return;
    }
    if ("report" in outcome) {
      const { report } = outcome;
      rules = watchRules(siteConfig, report.hostConfig);
      site = report.hostConfig;
      routes = report.routes;
      messages = report.messages;
      error = undefined;
      warnings = report.warnings;
      options.log(`${reason}: rebuilt ${report.pages} pages in ${Math.round(performance.now() - started)} ms`);
      for (const warning of report.warnings) options.log(`  warning: ${warning}`);
      for (const line of report.cacheWarnings) options.log(`warning: ${line}`);
    } else {
      error = formatError(outcome.failure);
      options.log(`${reason}: build failed\n${error}`);
      if (!isUserError(outcome.failure))
        options.log("  (this is a bug in ranch-site or a template, not in your content)");
    }
    const targets =
      options.openSaved && !error ? files.map((file) => pagesOfFile(routes, siteConfig.basePath, file)) : [];
    const pages = targets.filter((pairs) => pairs.length > 0).at(-1);
    const everyTab = failedBefore || error !== undefined;
    const outputs = [...unsent];
    unsent.clear();
    const changes = reloadMessage({ sources: files, outputs, basePath: siteConfig.basePath, everyTab });
    const event = told.record(pages ? { pages, ...changes } : changes);
    for (const client of clients) client.write(event);
  };

  /** Runs one rebuild at a time; changes during a rebuild cause exactly one more, named after the last file saved. */
  const schedule = (reason: string) => {
    if (running) {
      pending = reason;
      return;
    }
    const files = saves.take();
    clearTimeout(idleWrite);
    running = rebuild(reason, files).finally(() => {
      running = undefined;
      if (pending) {
        const next = pending;
        pending = undefined;
        schedule(next);
      } else writeCacheWhenIdle();
    });
  };

  // Listen first: a busy port is reported before a build is spent, and requests wait for the first build.
  let firstBuild: () => void = () => {};
  const ready = new Promise<void>((resolve) => (firstBuild = resolve));
  const server = await startServer({
    dir: siteConfig.outDir,
    port: options.port,
    host: options.host,
    strictPort: options.strictPort,
    allowedHosts: allowedHostNames(options),
    basePath: siteConfig.basePath,
    site: () => site,
    ready,
    log: options.log,
    headers: (file) => ({ ...headersFor(rules, file), "cache-control": "no-store" }),
    intercept: (request, response) => {
      if (siteConfig.admin && answerAdmin(adminConfig(siteConfig, site), request, response, options.log)) return true;
      const [pathname, query] = (request.url ?? "").split("?");
      if (pathname !== eventsPath) return false;
      const lastEventId = request.headers["last-event-id"];
      const since = typeof lastEventId === "string" ? lastEventId : new URLSearchParams(query).get("since");
      response.writeHead(200, {
        "content-type": "text/event-stream",
        "cache-control": "no-store",
        connection: "keep-alive",
      });
      response.write(": connected\n\n");
      const missed = told.since(since ?? undefined);
      if (missed) response.write(missed);
      clients.add(response);
      request.on("close", () => clients.delete(response));
      return true;
    },
    transformHtml: (urlPath) => {
      // The web editor's page is left as it is: an overlay would cover its Publish button, and its
      // policy has no hash for the live-reload script. It shows a refused save at the field itself.
      if (siteConfig.admin && `${urlPath}/`.startsWith(`${siteConfig.basePath}admin/`)) return undefined;
      // The build the page shows, noted before its file is opened: an older note costs the tab one
      // reload it did not need, a newer one would hide the rebuild that wrote the file.
      const build = told.current;
      return (html) => {
        const notice = error ? errorOverlay(error, noticeLanguage(urlPath)) : "";
        const overlay = notice || (warnings.length > 0 ? warningOverlay(warnings) : "");
        return html.replace("</body>", `${overlay}${liveReload(build)}</body>`);
      };
    },
    fallback: () => (error ? errorDocument(error, told.current) : undefined),
  });
  await rebuild("initial build", []);
  writeCacheWhenIdle();
  firstBuild();
  const codes = (site?.locales ?? []).map((locale) => locale.code);
  // Off the save path: it yields to every save, and a failure to warm up is no failure of the build.
  void warmUp(siteConfig.root, codes, () => running !== undefined || saves.waiting).catch(() => undefined);

  const { port } = server.address() as { port: number };
  const folders = Object.values(defaults.folders).map((folder) => path.join(siteConfig.root, folder));
  const watcher = watchFiles(folders, {
    ignoreInitial: true,
    usePolling: options.poll,
    interval: 100,
    // A symlink loop in a watched folder would be followed dozens of levels deep.
    followSymlinks: false,
    ignored: (file) => isBuildOutput(siteConfig.outDir, file),
  });
  const reported = new Set<string>();
  watcher.on("error", (failure) => {
    const line = `Cannot watch a file: ${failure instanceof Error ? failure.message : String(failure)}; watching the rest.`;
    if (reported.has(line) || reported.size >= 20) return;
    reported.add(line);
    options.log(line);
  });
  watcher.on("all", (_event, file) => saves.saw(path.relative(siteConfig.root, file).split(path.sep).join("/")));
  await new Promise<void>((resolve) => watcher.once("ready", () => resolve()));
  const urls = serverUrls(options, port, siteConfig.basePath);
  for (const line of movedPortLine(options, port)) options.log(line);
  options.log(`Serving ${urls.local}`);
  for (const line of networkLines(options, urls)) options.log(line);
  if (siteConfig.admin) options.log(`Web editor (local mode, saves into content/): ${urls.local}admin/`);
  if (siteConfig.admin) for (const line of await adminStartLines(siteConfig)) options.log(line);
  options.log("Watching content/, templates/ and public/ for changes (Ctrl+C to stop)");

  return {
    port,
    async close() {
      clearTimeout(timer);
      saves.close();
      await watcher.close();
      for (const client of clients) client.end();
      await new Promise((resolve) => server.close(resolve));
      await running;
      clearTimeout(idleWrite);
      await session.flush();
    },
  };
}

/**
 * The output folder and the writer's staging and previous folders beside it (`dist.staging-<pid>`,
 * `dist.previous-<pid>`): a build that writes into a watched folder must not trigger itself.
 */
export function isBuildOutput(outDir: string, file: string): boolean {
  const relative = path.relative(path.dirname(outDir), path.resolve(file));
  if (relative.startsWith("..") || path.isAbsolute(relative)) return false;
  const first = relative.split(path.sep)[0]!;
  const name = path.basename(outDir);
  return first === name || first.startsWith(`${name}.staging-`) || first.startsWith(`${name}.previous-`);
}

/**
 * Where open tabs go after saving a file, as `[path prefix, page]` pairs, the first whose prefix
 * starts the tab's path wins: a page's markdown leads to that page in its language; a page's own
 * template leads to that page in the tab's language. Other files (dictionaries, components) lead
 * nowhere, and the tab reloads where it is. `routes` are the last good build's: a page's address is
 * its language's (/de/ueber-mich/).
 */
export function pagesOfFile(routes: readonly Route[], basePath: string, file: string): [string, string][] {
  const markdown = /^content\/pages\/([^/]+)\.([^./]+)\.md$/.exec(file);
  if (markdown) {
    const [, name, code] = markdown;
    const route = routes.find((candidate) => candidate.page.markdown === name && candidate.locale === code);
    return route ? [[basePath, route.href]] : [];
  }
  const template = /^templates\/(pages\/[^/]+\.tsx)$/.exec(file);
  const ids = new Set(routes.filter((route) => route.page.template === template?.[1]).map((route) => route.page.id));
  if (!template || ids.size !== 1) return [];
  const [id] = ids;
  const homes = new Map(routes.filter((route) => route.page.id === "home").map((route) => [route.locale, route.href]));
  return routes
    .filter((route) => route.page.id === id && homes.has(route.locale))
    .map((route): [string, string] => [homes.get(route.locale)!, route.href])
    .sort((a, b) => b[0].length - a[0].length);
}

/** The live-reload client (generator/dev/live-reload.ts); allowed by its hash, nothing broader. */
const liveReloadScript = liveReloadClient(eventsPath);
/** The client, with the rebuild the served page shows: its stream asks for what came after. */
const liveReload = (build: string) => `<script data-build="${build}">${liveReloadScript}</script>`;

const overlayStyle =
  "[data-build-error]{position:fixed;inset:0 0 auto;z-index:2147483647;max-height:70vh;overflow:auto;margin:0;padding:1.25rem 1.5rem;background:#2b1410;color:#ffe9e2;font:14px/1.5 ui-monospace,monospace;box-shadow:0 6px 24px rgb(0 0 0/40%)}[data-build-error] strong{display:block;font:600 16px/1.4 system-ui,sans-serif;margin-bottom:.5rem}[data-build-error] pre{white-space:pre-wrap;margin:0}" +
  "[data-build-warnings]{position:fixed;inset:auto 0 0;z-index:2147483647;max-height:40vh;overflow:auto;margin:0;padding:1rem 1.5rem;background:#3a2e05;color:#fff4cc;font:14px/1.5 ui-monospace,monospace;box-shadow:0 -6px 24px rgb(0 0 0/40%)}[data-build-warnings] strong{display:block;font:600 16px/1.4 system-ui,sans-serif;margin-bottom:.5rem}[data-build-warnings] pre{white-space:pre-wrap;margin:0}";

const sha256 = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;

/**
 * The shipped header rules, with what live reload needs added: its inline script and the inline
 * styles of the overlay and the error page, each by hash. Its EventSource is same-origin, which
 * the shipped `connect-src 'self'` already allows. Before a first good build there are no font
 * origins and no page scripts to allow.
 */
function watchRules(config: SiteConfig, hostConfig: HostConfigInput | undefined): HeaderRules {
  const input: HostConfigInput = hostConfig ?? {
    basePath: config.basePath,
    locales: [],
    scriptHashes: [],
    fontsOrigin: "",
    fontFilesOrigin: "",
    ...formSources({ kind: "mailto" }),
    files: [],
  };
  return headerRules({
    ...input,
    scriptHashes: [...input.scriptHashes, sha256(liveReloadScript)],
    styleHashes: [...(input.styleHashes ?? []), sha256(overlayStyle), sha256(errorPageStyle)],
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The notice of a failed build, its heading in the page's language (its writing rules' `messages`); the
 * lines of the error are ranch-site's, in English, and marked so for screen readers.
 */
function errorOverlay(error: string, language?: { code: string; buildFailed: string }): string {
  const heading = language
    ? `<strong lang="${escapeHtml(language.code)}">${escapeHtml(language.buildFailed)}</strong>`
    : `<strong lang="en">${escapeHtml(defaultMessages.buildFailed)}</strong>`;
  return `<style>${overlayStyle}</style><div role="alert" data-build-error>${heading}<pre lang="en">${escapeHtml(error)}</pre></div>`;
}

/** The build's warnings at the foot of the page: it works, but shows a key where a text belongs. */
function warningOverlay(warnings: string[]): string {
  const count = `${warnings.length} ${warnings.length === 1 ? "warning" : "warnings"}`;
  const list = warnings.map((warning) => `warning: ${warning}`).join("\n");
  return `<style>${overlayStyle}</style><div role="status" data-build-warnings><strong>${count}: the page shows the key where a text belongs, and build would stop here.</strong><pre>${escapeHtml(list)}</pre></div>`;
}

function errorDocument(error: string, build: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Build failed</title></head><body>${errorOverlay(error)}${liveReload(build)}</body></html>`;
}
