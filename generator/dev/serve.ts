import { constants } from "node:fs";
import { open, realpath, stat, type FileHandle } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { pipeline } from "node:stream";
import type { Locale } from "../config.ts";
import { listen } from "./listen.ts";
import { encodePath, hostName, isAllowedHost, isHiddenPath, parseTarget, type RequestTarget } from "./request.ts";

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
  ".ics": "text/calendar; charset=utf-8",
  ".woff2": "font/woff2",
};

/** What the server must know of the site it serves, beyond its files (the host configuration's part of it). */
export interface ServedSite {
  locales: readonly Locale[];
  /** Old addresses and the page's address now (base path included): answered with a 301, as the hosts do. */
  redirects?: readonly { from: string; to: string }[];
}

/** How the server answers, beyond plain files; `watch` adds live reload here. */
export interface ServeOptions {
  dir: string;
  port: number;
  /** Address to listen on; loopback (127.0.0.1) unless given. */
  host?: string;
  /** On a busy port: fail with one line (true, the default) or take the next free port. */
  strictPort?: boolean;
  basePath?: string;
  /**
   * The site's languages, each with its not-found page, as the build that wrote the folder listed them (a
   * function: `watch` learns them anew with each build, `serve` from its check). Asked once `ready` is.
   */
  site: () => ServedSite | undefined;
  /** Headers for a response, by the output-relative file it sends (`""` for answers that are no file). */
  headers?: (file: string) => Record<string, string>;
  /** Host names besides `localhost` and IP addresses that a request's `Host` may name. */
  allowedHosts?: readonly string[];
  /** Waited for before a request is answered (`watch`: the first build). */
  ready?: Promise<unknown>;
  /** Lets `watch` answer its own paths (live reload). */
  intercept?: (request: IncomingMessage, response: ServerResponse) => boolean;
  /**
   * Send a file's precompressed `.gz` sibling to a client that accepts gzip, as nginx's `gzip_static` does
   * (the build writes them; `watch` does not, so it leaves this off). A sibling older than its file is ignored.
   */
  precompressed?: boolean;
  /**
   * Lets `watch` rewrite HTML before it is sent. Called as a request arrives, before any file is opened,
   * for the rewrite of that request's page: what it notes then (the build the page shows) is never newer
   * than the file that is sent.
   */
  transformHtml?: (urlPath: string) => ((html: string) => string) | undefined;
  /** A page to answer with when the folder holds no site yet (watch after a failed first build). */
  fallback?: () => string | undefined;
  /** Where the server reports what the maintainer should know: refused hosts, its own failures. */
  log?: (line: string) => void;
}

/**
 * Serves a built site as the shipped nginx configuration does: clean URLs, a redirect to the
 * trailing-slash form, the locale's own 404 page with status 404 (also when `/404.html` is asked
 * for by name), no single-page-app fallback, and never the host configuration or a dotfile.
 * It never dies of a request: a file that vanishes while `dist/` is swapped, a malformed request
 * or a bug in a handler becomes an answer (404, 400 or 500), never a crash.
 */
export async function startServer(options: ServeOptions): Promise<Server> {
  const server = createSiteServer(options);
  await listen(server, { port: options.port, host: options.host, strictPort: options.strictPort ?? true });
  return server;
}

/** The request handler and its error handling, not yet listening. */
export function createSiteServer(options: ServeOptions): Server {
  const log = options.log ?? (() => {});
  const refusedHosts = new Set<string>();
  const server = createServer((request, response) => {
    answer(request, response, options, refusedHosts).catch((error: unknown) => {
      log(
        `Internal error answering ${request.method} ${request.url}: ${error instanceof Error ? error.message : error}`,
      );
      if (response.headersSent) return void response.destroy();
      let headers: Record<string, string>;
      try {
        headers = plainHeaders(options);
      } catch {
        headers = { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" };
      }
      response.writeHead(500, headers).end("Internal error\n");
    });
  });
  // Malformed requests and sockets that fail (reset, timeout) end that connection, not the server.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || error.code === "ECONNRESET") return void socket.destroy();
    const status = error.code === "HPE_HEADER_OVERFLOW" ? "431 Request Header Fields Too Large" : "400 Bad Request";
    socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
  });
  // Errors of listen() are for its caller (listen.ts); later ones are reported, never thrown.
  server.on("error", (error) => server.listening && log(`Server error: ${error.message}`));
  return server;
}

/** What one request gets; a file answer holds an open handle, so a swap of `dist/` cannot pull it away. */
type Answer =
  | { kind: "file"; status: number; file: string; handle: FileHandle; size: number }
  | { kind: "redirect"; location: string; file: string }
  | { kind: "no-site" };

async function answer(
  request: IncomingMessage,
  response: ServerResponse,
  options: ServeOptions,
  refusedHosts: Set<string>,
) {
  if (!isAllowedHost(request.headers.host, options.allowedHosts ?? []))
    return refuseHost(request, response, options, refusedHosts);
  await options.ready;
  if (options.intercept?.(request, response)) return;
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.writeHead(405, { ...plainHeaders(options), allow: "GET, HEAD" }).end();
    return;
  }
  const target = parseTarget(request.url ?? "");
  if (!target) {
    response.writeHead(400, plainHeaders(options)).end("Bad request: the path is not a valid URL path.\n");
    return;
  }
  const transform = options.transformHtml?.(`/${target.segments.join("/")}`);
  // A build swaps dist/ by renaming folders: an answer found while the folder changed (or was
  // missing for that instant) may mix two builds, so it is looked up again in the new one.
  for (let attempt = 1; ; attempt++) {
    const before = await folderIdentity(options.dir);
    const result = await resolve(target, options);
    const after = await folderIdentity(options.dir);
    if ((before !== undefined && before === after) || attempt >= 10)
      return send(request, response, result, options, transform);
    if (result.kind === "file") await result.handle.close();
    if (after === undefined) await new Promise((wake) => setTimeout(wake, 30));
  }
}

/** Finds what a path names, as nginx would: file, folder redirect, index.html, or the locale's 404 page. */
async function resolve(target: RequestTarget, options: ServeOptions): Promise<Answer> {
  const basePath = options.basePath ?? "/";
  const base = basePath.split("/").filter(Boolean);
  const underBase = base.every((segment, index) => target.segments[index] === segment);
  if (!underBase) return notFound([], options);
  const segments = target.segments.slice(base.length);
  if (target.segments.length === base.length && !target.folder && base.length > 0)
    return { kind: "redirect", location: encodePath(basePath, [], true) + target.search, file: "index.html" };
  // The not-found pages answer only as error pages (nginx: `location = /404.html { internal; }`).
  const locales = options.site()?.locales ?? [];
  if (isHiddenPath(segments) || isNotFoundPage(segments, locales)) return notFound(segments, options);
  const moved = movedTo(options, `${basePath}${segments.join("/")}`);
  if (moved) return { kind: "redirect", location: moved + target.search, file: "" };
  const found = await openInside(options.dir, segments);
  if (found === "folder") {
    if (!target.folder) {
      const location = encodePath(basePath, segments, true) + target.search;
      return { kind: "redirect", location, file: [...segments, "index.html"].join("/") };
    }
    const index = await openInside(options.dir, [...segments, "index.html"]);
    if (index && index !== "folder") return { kind: "file", status: 200, ...index };
  } else if (found) {
    // `/robots.txt/` names a folder that does not exist: nginx answers 404.
    if (!target.folder) return { kind: "file", status: 200, ...found };
    await found.handle.close();
  }
  return notFound(segments, options);
}

/** Where an old address of a page leads now (`/de/pricing` or `/de/pricing/` → `/de/preise/`), if it is one. */
function movedTo(options: ServeOptions, path: string): string | undefined {
  const bare = path.replace(/\/$/, "");
  return options.site()?.redirects?.find(({ from }) => from.replace(/\/$/, "") === bare)?.to;
}

/** The locale's own not-found page, with status 404; `no-site` when even that is missing. */
async function notFound(segments: readonly string[], options: ServeOptions): Promise<Answer> {
  const locales = options.site()?.locales ?? [];
  const locale = locales.find((candidate) => candidate.prefix && segments[0] === candidate.prefix);
  const page = locale ? [locale.prefix, "404.html"] : ["404.html"];
  const found = await openInside(options.dir, page);
  if (found && found !== "folder") return { kind: "file", status: 404, ...found };
  return { kind: "no-site" };
}

function isNotFoundPage(segments: readonly string[], locales: readonly Locale[]): boolean {
  return locales.some((locale) => segments.join("/") === (locale.prefix ? `${locale.prefix}/404.html` : "404.html"));
}

/**
 * Opens a file of the site: the handle keeps it readable even if `dist/` is replaced a moment
 * later. Anything that is not a regular file or folder inside the site's folder (a FIFO, a
 * symlink out of the folder or onto a hidden file) counts as missing.
 */
async function openInside(
  dir: string,
  segments: readonly string[],
): Promise<{ handle: FileHandle; size: number; file: string } | "folder" | undefined> {
  const file = path.join(dir, ...segments);
  let handle: FileHandle;
  try {
    // O_NONBLOCK: opening a FIFO must not wait for a writer.
    handle = await open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EISDIR") return "folder";
    if (isMissing(code)) return undefined;
    throw error;
  }
  try {
    const info = await handle.stat();
    const real = await realPathInside(dir, file);
    if (real === undefined || isHiddenPath(real)) {
      await handle.close();
      return undefined;
    }
    if (info.isDirectory()) {
      await handle.close();
      return "folder";
    }
    if (!info.isFile()) {
      await handle.close();
      return undefined;
    }
    return { handle, size: info.size, file: segments.join("/") };
  } catch (error) {
    await handle.close().catch(() => {});
    if (isMissing((error as NodeJS.ErrnoException).code)) return undefined;
    throw error;
  }
}

/** The path of a file below the site's folder after following symlinks, or `undefined` when it leads outside. */
async function realPathInside(dir: string, file: string): Promise<string[] | undefined> {
  const [realDir, realFile] = await Promise.all([realpath(dir), realpath(file)]);
  const relative = path.relative(realDir, realFile);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep).filter(Boolean);
}

const isMissing = (code: string | undefined) =>
  code === "ENOENT" || code === "ENOTDIR" || code === "ELOOP" || code === "ENAMETOOLONG" || code === "EACCES";

/** Which folder a path names right now (device and inode), or `undefined` when there is none. */
const folderIdentity = (dir: string) =>
  stat(dir)
    .then((entry) => (entry.isDirectory() ? `${entry.dev}:${entry.ino}` : undefined))
    .catch(() => undefined);

async function send(
  request: IncomingMessage,
  response: ServerResponse,
  result: Answer,
  options: ServeOptions,
  transform: ((html: string) => string) | undefined,
) {
  if (result.kind === "redirect") {
    response.writeHead(301, { ...options.headers?.(result.file), location: result.location }).end();
    return;
  }
  if (result.kind === "no-site") {
    const fallback = options.fallback?.();
    const headers = { ...plainHeaders(options), "content-type": `text/${fallback ? "html" : "plain"}; charset=utf-8` };
    response.writeHead(fallback ? 500 : 404, headers).end(fallback ?? "Not found\n");
    return;
  }
  const { handle, status, file, size } = result;
  const extension = path.extname(file);
  const head = request.method === "HEAD";
  let headers: Record<string, string>;
  let html: string | undefined;
  try {
    headers = { "content-type": types[extension] ?? "application/octet-stream", ...options.headers?.(file) };
    if (extension === ".html" && transform) html = transform(await handle.readFile("utf8"));
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
  if (html !== undefined || head) await handle.close();
  if (html !== undefined) {
    response.writeHead(status, { ...headers, "content-length": String(Buffer.byteLength(html)) });
    return void response.end(head ? undefined : html);
  }
  const gzip = options.precompressed && !head ? await openGzipSibling(options.dir, file, handle) : undefined;
  if (gzip) {
    headers = { ...headers, vary: "Accept-Encoding" };
    if (acceptsGzip(request)) {
      await handle.close();
      response.writeHead(status, { ...headers, "content-encoding": "gzip", "content-length": String(gzip.size) });
      return void pipeline(gzip.handle.createReadStream(), response, () => {});
    }
    await gzip.handle.close();
  }
  response.writeHead(status, { ...headers, "content-length": String(size) });
  if (head) return void response.end();
  // A visitor who goes away mid-download ends this stream, and nothing else.
  pipeline(handle.createReadStream(), response, () => {});
}

/** The file's `.gz` sibling when there is one at least as new as the file itself (a leftover is never sent). */
async function openGzipSibling(dir: string, file: string, original: FileHandle) {
  const found = await openInside(dir, `${file}.gz`.split("/"));
  if (!found || found === "folder") return undefined;
  const [zipped, plain] = await Promise.all([found.handle.stat(), original.stat()]);
  if (zipped.mtimeMs >= plain.mtimeMs) return found;
  await found.handle.close();
  return undefined;
}

/** Whether `Accept-Encoding` takes gzip (named, or `*`, and not with q=0). */
function acceptsGzip(request: IncomingMessage): boolean {
  const accepted = String(request.headers["accept-encoding"] ?? "")
    .split(",")
    .map((part) =>
      part
        .trim()
        .toLowerCase()
        .split(/\s*;\s*/),
    )
    .filter(([coding, ...params]) => !params.some((param) => /^q=0(\.0*)?$/.test(param)) && coding);
  return accepted.some(([coding]) => coding === "gzip" || coding === "*");
}

/** Plain answers that are no file of the site (400, 403, 405, 500): the security headers, never cached. */
function plainHeaders(options: ServeOptions): Record<string, string> {
  return { ...options.headers?.(""), "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" };
}

/** A `Host` that is not this server's: refused, and said once in the terminal with the way to allow it. */
function refuseHost(
  request: IncomingMessage,
  response: ServerResponse,
  options: ServeOptions,
  refusedHosts: Set<string>,
) {
  const name = hostName(request.headers.host) ?? "";
  const advice = name ? `start the server with --allowed-host ${name} to allow it` : "send a Host header";
  if (!refusedHosts.has(name) && refusedHosts.size < 100) {
    refusedHosts.add(name);
    options.log?.(`Refused a request for host "${name || "(none)"}" (DNS rebinding protection): ${advice}.`);
  }
  response
    .writeHead(403, plainHeaders(options))
    .end(`Blocked: "${name || "(no Host header)"}" is not a name of this server; ${advice}.\n`);
}
