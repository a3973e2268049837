/**
 * What a request to `serve` or `watch` asks for, read as nginx reads it: the path decoded once,
 * `%2F` and `\` taken as slashes, empty and `.` segments dropped, `..` resolved, and refused (400)
 * when it cannot be decoded or climbs above the root. Redirects are built from these segments
 * alone, never from the raw path, so no spelling can turn one into `//other.host/…`.
 */
import { isIP } from "node:net";
import { hostConfigFiles } from "../hosts/host-config.ts";

/** A request path after decoding and normalising, or `undefined` for a request to refuse with 400. */
export interface RequestTarget {
  /** Decoded path segments below the server root: `/de/about-me/` → `["de", "about-me"]`. */
  segments: string[];
  /** Whether the path names a folder (ends in `/`, or in `/.` or `/..`). */
  folder: boolean;
  /** The query string, percent-encoded, with its `?`; empty when there is none. */
  search: string;
}

/** Reads the request-target of an HTTP request; `undefined` means 400 Bad Request. */
export function parseTarget(rawUrl: string): RequestTarget | undefined {
  // Only origin-form (`/path?query`): absolute-form and `*` are for proxies, which this is not.
  if (!rawUrl.startsWith("/")) return undefined;
  const queryAt = rawUrl.search(/[?#]/);
  const rawPath = queryAt < 0 ? rawUrl : rawUrl.slice(0, queryAt);
  const rawQuery = queryAt >= 0 && rawUrl[queryAt] === "?" ? rawUrl.slice(queryAt + 1).replace(/#.*$/s, "") : "";
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  if (/[\0-\x1f\x7f]/.test(decoded)) return undefined;
  const pieces = decoded.split(/[/\\]/);
  const segments: string[] = [];
  for (const piece of pieces) {
    if (piece === "" || piece === ".") continue;
    if (piece === "..") {
      if (segments.length === 0) return undefined;
      segments.pop();
      continue;
    }
    segments.push(piece);
  }
  const last = pieces.at(-1)!;
  return {
    segments,
    folder: last === "" || last === "." || last === "..",
    search: rawQuery ? new URL(`http://x/?${rawQuery}`).search : "",
  };
}

/** The URL path of segments below a base path, each segment percent-encoded: safe in a `Location` header. */
export function encodePath(basePath: string, segments: readonly string[], folder: boolean): string {
  const joined = segments.map((segment) => encodeURIComponent(segment)).join("/");
  return basePath + joined + (folder && joined ? "/" : "");
}

/**
 * Files that are never served under any spelling: the host configuration the build writes
 * (`_headers`, `_redirects`, `nginx.conf`) and every dotfile or dot-folder (the writer's output
 * marker, `.DS_Store`, `.git/`, `.env`). Names are compared as a case-insensitive file system
 * with Windows' rules would see them: in lower case, without trailing dots and spaces, and
 * without an NTFS stream suffix (`nginx.conf::$DATA`).
 */
export function isHiddenPath(segments: readonly string[]): boolean {
  const canonical = segments.map((segment) =>
    segment
      .replace(/:.*$/s, "")
      .replace(/[. ]+$/, "")
      .toLowerCase(),
  );
  if (segments.some((segment) => segment.startsWith("."))) return true;
  return canonical.some((segment) => (hostConfigFiles as readonly string[]).includes(segment));
}

/**
 * Whether a `Host` header names this server, against DNS rebinding: a page of `evil.example`
 * whose name is made to resolve to 127.0.0.1 sends `Host: evil.example`, and is refused. Allowed
 * are the loopback names (`localhost`, `*.localhost`), IP literals (a rebinding attack needs a
 * name; a page loaded from an IP address is same-origin with the server anyway, as in Vite), and
 * the names the maintainer allowed.
 */
export function isAllowedHost(hostHeader: string | undefined, allowedHosts: readonly string[]): boolean {
  const host = hostName(hostHeader);
  if (host === undefined) return false;
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (isIP(host) !== 0) return true;
  return allowedHosts.some((allowed) => allowed.toLowerCase().replace(/\.$/, "") === host);
}

/** The name of a `Host` header without its port, in lower case: `[::1]:8080` → `::1`. */
export function hostName(hostHeader: string | undefined): string | undefined {
  if (!hostHeader) return undefined;
  const bracketed = /^\[([^\]]+)\](?::\d*)?$/.exec(hostHeader);
  if (bracketed) return bracketed[1]!.toLowerCase();
  const name = hostHeader.replace(/:\d*$/, "");
  if (!/^[a-z0-9.-]+$/i.test(name)) return undefined;
  return name.toLowerCase().replace(/\.$/, "");
}
