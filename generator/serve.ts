import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import type { Locale } from "./config.ts";

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".json": "application/json",
  ".woff2": "font/woff2",
};

/** How the server answers, beyond plain files; `watch` adds live reload here. */
export interface ServeOptions {
  dir: string;
  port: number;
  host?: string;
  basePath?: string;
  locales: readonly Locale[];
  /** Extra headers for a response, by the file served. */
  headers?: (file: string) => Record<string, string>;
  /** Lets `watch` answer its own paths (live reload) or rewrite HTML before it is sent. */
  intercept?: (request: IncomingMessage, response: ServerResponse) => boolean;
  transformHtml?: (html: string) => string;
  /** Files of the folder that are not for visitors (the host configuration): answered as missing. */
  hiddenFiles?: readonly string[];
  /** A page to answer with when the folder holds no site yet (watch after a failed first build). */
  fallback?: () => string | undefined;
}

/**
 * Serves a built site as a static host does (and as the shipped nginx snippet does): clean URLs,
 * a redirect to the trailing-slash form, the locale's own 404 page with status 404, and no
 * single-page-app fallback.
 */
export function startServer(options: ServeOptions): Promise<Server> {
  const basePath = options.basePath ?? "/";
  const server = createServer((request, response) => {
    if (options.intercept?.(request, response)) return;
    handle(request, response, options, basePath).catch(() => {
      if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain" });
      response.end("Internal error");
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "127.0.0.1", () => resolve(server));
  });
}

async function handle(request: IncomingMessage, response: ServerResponse, options: ServeOptions, basePath: string) {
  const url = new URL(request.url ?? "/", "http://localhost");
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    pathname = "/";
  }
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.writeHead(405, { allow: "GET, HEAD" }).end();
    return;
  }
  if (!pathname.startsWith(basePath)) return sendNotFound(response, options, basePath, pathname, request);
  const relative = path.posix.normalize(pathname.slice(basePath.length));
  if (relative.startsWith("..") || options.hiddenFiles?.includes(relative))
    return sendNotFound(response, options, basePath, pathname, request);
  const file = path.join(options.dir, relative);
  const found = await stat(file).catch(() => undefined);
  if (found?.isDirectory()) {
    if (!pathname.endsWith("/")) {
      response.writeHead(301, { location: `${pathname}/${url.search}` }).end();
      return;
    }
    const index = path.join(file, "index.html");
    if (
      await stat(index)
        .then((entry) => entry.isFile())
        .catch(() => false)
    )
      return sendFile(response, index, 200, options, request);
  } else if (found?.isFile()) {
    return sendFile(response, file, 200, options, request);
  }
  return sendNotFound(response, options, basePath, pathname, request);
}

function sendNotFound(
  response: ServerResponse,
  options: ServeOptions,
  basePath: string,
  pathname: string,
  request: IncomingMessage,
) {
  const locale = options.locales.find(
    (candidate) => candidate.prefix && (pathname + "/").startsWith(`${basePath}${candidate.prefix}/`),
  );
  const page = path.join(options.dir, locale ? `${locale.prefix}/404.html` : "404.html");
  return sendFile(response, page, 404, options, request);
}

async function sendFile(
  response: ServerResponse,
  file: string,
  status: number,
  options: ServeOptions,
  request: IncomingMessage,
) {
  const extension = path.extname(file);
  const headers = { "content-type": types[extension] ?? "application/octet-stream", ...options.headers?.(file) };
  if (extension === ".html" && options.transformHtml) {
    const source = await readFile(file, "utf8").catch(() => undefined);
    if (source === undefined) return sendMissing(response, options);
    const html = options.transformHtml(source);
    response.writeHead(status, headers);
    response.end(request.method === "HEAD" ? undefined : html);
    return;
  }
  const size = await stat(file)
    .then((entry) => entry.size)
    .catch(() => -1);
  if (size < 0) return sendMissing(response, options);
  response.writeHead(status, { ...headers, "content-length": String(size) });
  if (request.method === "HEAD") return void response.end();
  createReadStream(file).pipe(response);
}

/** No file to send, not even a 404 page: the folder holds no site (yet). */
function sendMissing(response: ServerResponse, options: ServeOptions) {
  const fallback = options.fallback?.();
  response.writeHead(fallback ? 500 : 404, { "content-type": `text/${fallback ? "html" : "plain"}; charset=utf-8` });
  response.end(fallback ?? "Not found");
}
