import type { ServerResponse } from "node:http";
import path from "node:path";
import { watch as watchFiles } from "chokidar";
import { build } from "./build.ts";
import type { SiteConfig } from "./config.ts";
import { formatError, isUserError } from "./errors.ts";
import { startServer } from "./serve.ts";

/** How `watch` runs. */
export interface WatchOptions {
  port: number;
  /** Poll the file system instead of using events (network drives, containers, tests). */
  poll: boolean;
  /** Where status lines go. */
  log: (line: string) => void;
}

const eventsPath = "/__ranch-site/events";
const debounceMs = 75;

/**
 * Builds, serves the output on localhost and rebuilds on every change in content/, templates/ and
 * public/. Rebuilds are debounced and never overlap; a failed one is shown in the terminal and, as an
 * overlay, in every open tab, and the last good site stays served until the next good save.
 */
export async function watch(config: SiteConfig, options: WatchOptions) {
  const siteConfig: SiteConfig = { ...config, mode: "watch" };
  const clients = new Set<ServerResponse>();
  let error: string | undefined;
  /** Missing keys and failed pages of the last good build: shown in the browser too, not only in the terminal. */
  let warnings: string[] = [];
  let running: Promise<void> | undefined;
  let pending = false;
  let timer: NodeJS.Timeout | undefined;

  const rebuild = async (reason: string) => {
    const started = performance.now();
    try {
      const report = await build(siteConfig);
      error = undefined;
      warnings = report.warnings;
      options.log(`${reason}: rebuilt ${report.pages} pages in ${Math.round(performance.now() - started)} ms`);
      for (const warning of report.warnings) options.log(`  warning: ${warning}`);
    } catch (failure) {
      error = formatError(failure);
      options.log(`${reason}: build failed\n${error}`);
      if (!isUserError(failure)) options.log("  (this is a bug in ranch-site or a template, not in your content)");
    }
    for (const client of clients) client.write("data: reload\n\n");
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
    transformHtml: (html) =>
      html.replace(
        "</body>",
        `${error ? errorOverlay(error) : warnings.length > 0 ? warningOverlay(warnings) : ""}${liveReloadScript}</body>`,
      ),
    fallback: () => (error ? errorDocument(error) : undefined),
  });
  const { port } = server.address() as { port: number };
  const folders = ["content", "templates", "public"].map((folder) => path.join(siteConfig.root, folder));
  const watcher = watchFiles(folders, { ignoreInitial: true, usePolling: options.poll, interval: 100 });
  watcher.on("all", (_event, file) => {
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

const liveReloadScript = `<script>new EventSource(${JSON.stringify(eventsPath)}).onmessage=()=>location.reload()</script>`;

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

function errorOverlay(error: string): string {
  return `<div role="alert" data-build-error style="position:fixed;inset:0 0 auto;z-index:2147483647;max-height:70vh;overflow:auto;margin:0;padding:1.25rem 1.5rem;background:#2b1410;color:#ffe9e2;font:14px/1.5 ui-monospace,monospace;box-shadow:0 6px 24px rgb(0 0 0/40%)"><strong style="display:block;font:600 16px/1.4 system-ui,sans-serif;margin-bottom:.5rem">The build failed; this page shows the last good version.</strong><pre style="white-space:pre-wrap;margin:0">${escapeHtml(error)}</pre></div>`;
}

/** The build's warnings at the foot of the page: it works, but shows a key where a text belongs. */
function warningOverlay(warnings: string[]): string {
  const count = `${warnings.length} ${warnings.length === 1 ? "warning" : "warnings"}`;
  return `<div role="status" data-build-warnings style="position:fixed;inset:auto 0 0;z-index:2147483647;max-height:40vh;overflow:auto;margin:0;padding:1rem 1.5rem;background:#3a2e05;color:#fff4cc;font:14px/1.5 ui-monospace,monospace;box-shadow:0 -6px 24px rgb(0 0 0/40%)"><strong style="display:block;font:600 16px/1.4 system-ui,sans-serif;margin-bottom:.5rem">${count}: the page shows the key where a text belongs, and build would stop here.</strong><pre style="white-space:pre-wrap;margin:0">${escapeHtml(warnings.map((warning) => `warning: ${warning}`).join("\n"))}</pre></div>`;
}

function errorDocument(error: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Build failed</title></head><body>${errorOverlay(error)}${liveReloadScript}</body></html>`;
}
