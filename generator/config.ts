import path from "node:path";

/** One language of the site. */
export interface Locale {
  /** BCP 47 code, used in `<html lang>`, hreflang and file names (`about-me.de.md`). */
  code: string;
  /** URL prefix without slashes; empty for the default locale, which lives at the root. */
  prefix: string;
}

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
  /** Languages in the order the site lists them; the first is the default, at the root. */
  locales: readonly Locale[];
  /** `build` refuses missing translation keys; `watch` renders the key and warns. */
  mode: "build" | "watch";
  /** Reuse rendered markdown from the project's cache folder; `--no-cache` turns it off. */
  cache: boolean;
}

/** What callers may set; everything else comes from `defaults`. */
export type ConfigInput = Partial<Omit<SiteConfig, "root">> & { root?: string };

/** What a project and its local servers look like unless told otherwise. */
export interface ProjectDefaults {
  /** A project's folders, relative to its root: what the loaders read and `watch` watches. */
  folders: { content: string; templates: string; public: string };
  /** Ports on localhost: `watch` serves the site as it is built, `serve` a built output folder. */
  ports: { watch: number; serve: number };
  /** Quiet time after the last change before `watch` rebuilds (style.md habit 12: 50–100 ms). */
  debounceMs: number;
}

/** Every default in one place: bin/, the loaders, the servers, tests and bench take them from here. */
export const defaults = {
  outDir: "dist",
  baseUrl: "",
  basePath: "/",
  locales: [
    { code: "en", prefix: "" },
    { code: "de", prefix: "de" },
  ],
  mode: "build",
  cache: true,
  folders: { content: "content", templates: "templates", public: "public" },
  ports: { watch: 4321, serve: 8080 },
  /**
   * The shortest safe wait: chokidar reports at most one change per file in 50 ms, so a rebuild that
   * started sooner could read a file mid-write (truncated) and never hear of the rest of the save.
   */
  debounceMs: 60,
} satisfies Omit<SiteConfig, "root"> & ProjectDefaults;

/** Flags over defaults: a config with absolute folders and a normalised base path. */
export function resolveConfig(input: ConfigInput = {}): SiteConfig {
  const root = path.resolve(input.root ?? process.cwd());
  return {
    root,
    outDir: path.resolve(root, input.outDir ?? defaults.outDir),
    baseUrl: (input.baseUrl ?? defaults.baseUrl).replace(/\/+$/, ""),
    basePath: normaliseBasePath(input.basePath ?? defaults.basePath),
    locales: input.locales ?? defaults.locales,
    mode: input.mode ?? defaults.mode,
    cache: input.cache ?? defaults.cache,
  };
}

function normaliseBasePath(value: string): string {
  const trimmed = value.replace(/^\/+|\/+$/g, "");
  return trimmed ? `/${trimmed}/` : "/";
}
