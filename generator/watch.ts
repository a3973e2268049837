import type { ServerResponse } from "node:http";
import path from "node:path";
import { watch as watchFiles } from "chokidar";
import { build } from "./build.ts";
import type { SiteConfig } from "./config.ts";
import { formatError, isUserError } from "./errors.ts";
import { BuildSession } from "./incremental.ts";
import { liveReloadScript as reloadScript, reloadMessage } from "./live-reload.ts";
import { startServer } from "./serve.ts";
import { IncrementalWriter } from "./write/incremental-writer.ts";

/** How `watch` runs. */
export interface WatchOptions {
  port: number;
  /** Poll the file system instead of using events (network drives, containers, tests). */
  poll: boolean;
  /** Where status lines go. */
  log: (line: string) => void;
}

const eventsPath = "/__ranch-site/events";
/** Long enough to take an editor's atomic save (write a temporary file, rename it) as one change. */
const debounceMs = 10;

/**
 * Builds, serves the output on localhost and rebuilds on every change in content/, templates/ and
 * public/. Rebuilds are debounced and never overlap; a failed one is shown in the terminal and, as an
 * overlay, in every open tab, and the last good site stays served until the next good save.
 */
export async function watch(config: SiteConfig, options: WatchOptions) {
  const siteConfig: SiteConfig = { ...config, mode: "watch" };
  const clients = new Set<ServerResponse>();
  let error: string | undefined;
  let running: Promise<void> | undefined;
  let pending = false;
  let timer: NodeJS.Timeout | undefined;
  const session = new BuildSession();
  const writer = new IncrementalWriter(siteConfig.outDir);
  const saved = new Set<string>();

  const rebuild = async (reason: string) => {
    const started = performance.now();
    const sources = [...saved];
    saved.clear();
    const failedBefore = error !== undefined;
    try {
      const report = await build(siteConfig, writer, session);
      error = undefined;
      options.log(`${reason}: rebuilt ${report.pages} pages in ${Math.round(performance.now() - started)} ms`);
      for (const warning of report.warnings) options.log(`  warning: ${warning}`);
    } catch (failure) {
      error = formatError(failure);
      options.log(`${reason}: build failed\n${error}`);
      if (!isUserError(failure)) options.log("  (this is a bug in ranch-site or a template, not in your content)");
    }
    const everyTab = failedBefore || error !== undefined;
    const message = reloadMessage({ sources, outputs: writer.changed, basePath: siteConfig.basePath, everyTab });
    for (const client of clients) client.write(`data: ${JSON.stringify(message)}\n\n`);
  };

  /** Runs one rebuild at a time; changes during a rebuild cause exactly one more. */
  const schedule = (reason: string) => {
    if (running) {
      pending = true;
      return;
    }
    running = rebuild(reason).finally(() => {
      running = undefined;
      if (pending) {
        pending = false;
        schedule("changes during rebuild");
      }
    });
  };

  await rebuild("initial build");
  const server = await startServer({
    dir: siteConfig.outDir,
    port: options.port,
    basePath: siteConfig.basePath,
    locales: siteConfig.locales,
    headers: () => ({ "cache-control": "no-store" }),
    intercept: (request, response) => {
      if (request.url !== eventsPath) return false;
      response.writeHead(200, {
        "content-type": "text/event-stream",
        "cache-control": "no-store",
        connection: "keep-alive",
      });
      response.write(": connected\n\n");
      clients.add(response);
      request.on("close", () => clients.delete(response));
      return true;
    },
    transformHtml: (html) => html.replace("</body>", `${error ? errorOverlay(error) : ""}${liveReloadScript}</body>`),
    fallback: () => (error ? errorDocument(error) : undefined),
  });
  const { port } = server.address() as { port: number };
  const folders = ["content", "templates", "public"].map((folder) => path.join(siteConfig.root, folder));
  const watcher = watchFiles(folders, { ignoreInitial: true, usePolling: options.poll, interval: 100 });
  watcher.on("all", (_event, file) => {
    saved.add(path.relative(siteConfig.root, file).split(path.sep).join("/"));
    clearTimeout(timer);
    timer = setTimeout(() => schedule(path.relative(siteConfig.root, file)), debounceMs);
  });
  await new Promise<void>((resolve) => watcher.once("ready", () => resolve()));
  options.log(`Serving http://localhost:${port}${siteConfig.basePath}`);
  options.log("Watching content/, templates/ and public/ for changes (Ctrl+C to stop)");

  return {
    port,
    async close() {
      clearTimeout(timer);
      await watcher.close();
      for (const client of clients) client.end();
      await new Promise((resolve) => server.close(resolve));
      await running;
    },
  };
}

const liveReloadScript = reloadScript(eventsPath);

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

function errorOverlay(error: string): string {
  return `<div role="alert" data-build-error style="position:fixed;inset:0 0 auto;z-index:2147483647;max-height:70vh;overflow:auto;margin:0;padding:1.25rem 1.5rem;background:#2b1410;color:#ffe9e2;font:14px/1.5 ui-monospace,monospace;box-shadow:0 6px 24px rgb(0 0 0/40%)"><strong style="display:block;font:600 16px/1.4 system-ui,sans-serif;margin-bottom:.5rem">The build failed; this page shows the last good version.</strong><pre style="white-space:pre-wrap;margin:0">${escapeHtml(error)}</pre></div>`;
}

function errorDocument(error: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Build failed</title></head><body>${errorOverlay(error)}${liveReloadScript}</body></html>`;
}
