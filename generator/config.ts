import path from "node:path";
import { UsageError } from "./errors.ts";

export type { Locale } from "../model/content.ts";

/** Everything a build needs to know, resolved: no optionals left. */
export interface SiteConfig {
  /** Project folder that holds content/, templates/ and public/. */
  root: string;
  /** Folder the site is written to. */
  outDir: string;
  /** Absolute origin for canonical, hreflang, Open Graph and sitemap URLs; empty means site.yaml's `baseUrl`. */
  baseUrl: string;
  /** Path the site is hosted under, with leading and trailing slash. */
  basePath: string;
  /** `build` refuses missing translation keys; `watch` renders the key and warns. */
  mode: "build" | "watch";
  /** Also put the Content-Security-Policy in every page as a meta element, for hosts that cannot set headers. */
  metaCsp: boolean;
  /** Ship the web editor at /admin/ (`build`), or serve it with its local mode (`watch`); also on with `editor:` in site.yaml. */
  admin: boolean;
  /** Reuse rendered markdown, parsed YAML, images and compressed files from the project's cache folder; `--no-cache` turns it off. */
  cache: boolean;
  /** Write `.br` and `.gz` copies of text files even for a host that compresses by itself (hosts/precompressed.ts). */
  precompress: boolean;
}

/** What callers may set; everything else comes from `defaults`. */
export type ConfigInput = Partial<Omit<SiteConfig, "root">> & { root?: string };

/** What a project and its local servers look like unless told otherwise. */
export interface ProjectDefaults {
  /** A project's folders, relative to its root: what the loaders read and `watch` watches. */
  folders: { content: string; templates: string; public: string };
  /** Ports on localhost: `watch` serves the site as it is built, `serve` a built output folder. */
  ports: { watch: number; serve: number };
  /** Quiet time after the last change before `watch` rebuilds. */
  debounceMs: number;
  /** Where `watch` builds unless `--out` says otherwise: its own folder, never the output `build` makes for upload. */
  watchOutDir: string;
}

/** Every default in one place: bin/, the loaders, the servers, tests and bench take them from here. */
export const defaults = {
  outDir: "dist",
  watchOutDir: ".ranch-site/watch",
  baseUrl: "",
  basePath: "/",
  mode: "build",
  metaCsp: false,
  admin: false,
  cache: true,
  precompress: false,
  folders: { content: "content", templates: "templates", public: "public" },
  ports: { watch: 4321, serve: 8080 },
  /**
   * Just long enough to take the files of one "save all" or checkout as one change. Safety does not
   * rest on it: chokidar holds a deletion back 100 ms for an atomic save's re-creation, and `watch`
   * builds again, silently, when a saved file changed while the build read it (a save still being
   * written, whose further events chokidar may have merged into the first).
   */
  debounceMs: 10,
} satisfies Omit<SiteConfig, "root"> & ProjectDefaults;

/** Flags over defaults: a config with absolute folders and a checked base URL and base path. */
export function resolveConfig(input: ConfigInput = {}): SiteConfig {
  if (input.root !== undefined && input.root.trim() === "")
    throw new UsageError("--root is empty", {
      hint: "Give the project folder, or leave the flag out to use this one.",
    });
  if (input.outDir !== undefined && input.outDir.trim() === "")
    throw new UsageError("--out is empty", {
      hint: `Give the output folder, or leave the flag out to use ${defaults.outDir}/.`,
    });
  const root = path.resolve(input.root ?? process.cwd());
  return {
    root,
    outDir: path.resolve(root, input.outDir ?? defaults.outDir),
    baseUrl: checkBaseUrl(input.baseUrl ?? defaults.baseUrl),
    basePath: checkBasePath(input.basePath ?? defaults.basePath),
    mode: input.mode ?? defaults.mode,
    metaCsp: input.metaCsp ?? defaults.metaCsp,
    admin: input.admin ?? defaults.admin,
    cache: input.cache ?? defaults.cache,
    precompress: input.precompress ?? defaults.precompress,
  };
}

/**
 * An origin such as `https://example.org`: http(s), a host, nothing after it. A trailing slash is
 * dropped (it would give `//about-me/` in every canonical); a folder belongs in --base-path.
 */
function checkBaseUrl(value: string): string {
  if (value === "") return "";
  const trimmed = value.trim().replace(/\/+$/, "");
  let url: URL | undefined;
  try {
    url = new URL(trimmed);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || !url.hostname || !/^https?:\/\//.test(trimmed))
    throw new UsageError(`--base-url ${JSON.stringify(value)} is not an absolute http(s) address`, {
      hint: "Give the address the site is published at, such as https://www.example.org.",
    });
  if (url.username || url.password || url.search || url.hash || url.pathname !== "/")
    throw new UsageError(`--base-url ${JSON.stringify(value)} must name only the scheme and host`, {
      hint: `Give ${url.origin}, and the folder, if any, with --base-path.`,
    });
  return url.origin;
}

/** One safe URL segment of a base path: unreserved characters only (RFC 3986), so no syntax needs escaping. */
const safeSegment = /^[A-Za-z0-9._~-]+$/;

/** `/segment/…/`; the leading and trailing slash may be left out. Safe in HTML, JSON and nginx syntax as it stands. */
function checkBasePath(value: string): string {
  const trimmed = value.replace(/^\/|\/$/g, "");
  if (trimmed === "") return "/";
  const segments = trimmed.split("/");
  if (segments.some((segment) => !safeSegment.test(segment) || segment === "." || segment === ".."))
    throw new UsageError(`--base-path ${JSON.stringify(value)} is not a folder path of safe characters`, {
      hint: "Write it as /folder/ or /folder/sub/, with letters, digits, - . _ and ~ only.",
    });
  return `/${trimmed}/`;
}
