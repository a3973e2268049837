/**
 * The steps of a build that `watch` keeps between saves (build.ts `BuildMemo`). A one-off build runs
 * every step afresh (`noMemo`); a `BuildSession` remembers each stage's result with the inputs it came from and
 * redoes only what a save changed:
 *  - content: each file is read again (cheap) but parsed and rendered again only if its text changed;
 *  - templates and the CSS/client bundles: compiled again only when a file of theirs changed;
 *  - pages: each route records what it read while rendering (dictionary keys, pages, testimonials, site
 *    data); it is rendered again only when one of those values, its template code or its assets changed.
 * A save of one markdown page thus re-renders the routes that show it (its two locales, and any page
 * that quotes it), a dictionary edit the routes that use the changed keys. A route that takes a shared
 * part of the layout (the footer) from the build's memo (render/shared.ts) inherits what the part read.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import type { TemplateModule } from "../../model/page.ts";
import type { SiteConfig } from "../config.ts";
import type { Dictionary, MissingKey } from "../i18n.ts";
import { listTree } from "../io/walk.ts";
import type { LoadedContent, LocaleContent } from "../load/content.ts";
import type { Site } from "../load/site.ts";
import { loadTemplates, type Templates } from "../load/templates.ts";
import { RenderCache } from "../cache/render.ts";
import { renderRoutes, type PagesContext, type Rendered } from "../render/pages.ts";
import type { RenderImages } from "../images/pipeline.ts";
import { SharedParts } from "../render/shared.ts";
import type { Links, Route } from "../../model/route.ts";
import { bundleAssets } from "../bundle/assets.ts";
import type { Assets } from "../../model/output.ts";
import type { OutputFile } from "../../model/output.ts";
import type { RenderError } from "../errors.ts";
import type { BuildMemo } from "../build.ts";

/** One route's last rendering and everything it read, with the value it read. */
interface RouteMemo {
  key: string;
  assets: string;
  /** What the rendering read: a text, or an object of the content compared by reference, then by its JSON. */
  reads: Map<string, Value>;
  file: OutputFile;
  missing: MissingKey[];
  failure: RenderError | undefined;
}

/** The stages of a `watch` session: each remembers its last result and the inputs it came from. */
export class BuildSession implements BuildMemo {
  /** A session remembers each route's page from one build to the next: it renders the whole table in one call. */
  readonly renderBatch = Infinity;
  private openCache: Promise<RenderCache> | undefined;
  private lastTemplates: { key: string; value: Templates } | undefined;
  private lastAssets: { key: string; value: Assets } | undefined;
  private routes = new Map<string, RouteMemo>();
  private assetsKey = "";
  private informed = false;
  /** The template and asset folders as the last look found them: reused while no save touched them. */
  private templatesSeen: string | undefined;
  private assetsSeen: string | undefined;
  /** How many routes the last build rendered (the others were reused), for the status line and tests. */
  rendered = 0;

  cache(config: SiteConfig): Promise<RenderCache> {
    return (this.openCache ??= RenderCache.open(config.root, config.cache, true));
  }

  /** Writes what the cache learnt in this session's builds: `watch` calls it when idle, and as it stops. */
  async flush(): Promise<void> {
    await (await this.openCache?.catch(() => undefined))?.flush();
  }

  /**
   * What `watch` saw saved before this build. Without it, every build looks at every template file;
   * with it, only a build after a save under templates/ (or of the favicon) does (until one has looked).
   */
  notice(files: readonly string[]) {
    this.informed = true;
    if (files.some((file) => file === "templates" || file.startsWith("templates/")))
      this.templatesSeen = this.assetsSeen = undefined;
    if (files.some((file) => file === "public" || file === "public/favicon.svg")) this.assetsSeen = undefined;
  }

  async templates(root: string, templateFiles: readonly string[], cache: boolean): Promise<Templates> {
    const files =
      (this.informed && this.templatesSeen) ||
      (this.templatesSeen = await treeKey(root, "templates", (file) => !/^templates\/(styles|client)\//.test(file)));
    const key = `${files}\n${templateFiles.join("\n")}`;
    if (this.lastTemplates?.key !== key)
      this.lastTemplates = { key, value: await loadTemplates(root, templateFiles, { cache }) };
    return this.lastTemplates.value;
  }

  async assets(root: string, site: Site, basePath: string, cache: boolean): Promise<Assets> {
    // The favicon goes into the pages as a data: URL (generator/bundle/assets.ts).
    const files =
      (this.informed && this.assetsSeen) ||
      (this.assetsSeen = [
        await treeKey(root, "templates", (file) => /^templates\/(styles|client)\//.test(file)),
        await treeKey(root, "public", (file) => file === "public/favicon.svg"),
      ].join("\n"));
    const key = `${files}\n${JSON.stringify(site.consent ?? null)}\n${basePath}`;
    if (this.lastAssets?.key !== key)
      this.lastAssets = { key, value: await bundleAssets(root, site, basePath, { cache }) };
    return this.lastAssets.value;
  }

  render(context: PagesContext, routes: readonly Route[]): Rendered {
    const { content, templates, assets, images } = context;
    const values = new ContentValues(content, images);
    if (!moduleIds.has(templates)) moduleIds.set(templates, ++lastModuleId);
    const moduleId = moduleIds.get(templates)!;
    const { files: _files, ...inline } = assets;
    // The same text as last time becomes the same string, so each route compares it by reference. Every
    // page's address is in it too: a page links others by name (`href("pricing/")`), so a new slug changes them all.
    const addresses = routes.map((route) => route.href);
    const assetsText = JSON.stringify([inline, images.ogImages, images.heroArt, addresses]);
    if (assetsText !== this.assetsKey) this.assetsKey = assetsText;
    const assetsKey = this.assetsKey;
    const next = new Map<string, RouteMemo>();
    const result: Rendered = { files: [], missing: [], failures: [] };
    this.rendered = 0;
    // What the route being rendered read, with what the shared parts of the layout it reuses read.
    let reads = new Set<string>();
    const parts = new SharedParts((read) => reads.add(read));
    const note: Reads = {
      add(read) {
        reads.add(read);
        parts.noteRead(read);
      },
    };
    for (const route of routes) {
      const key = `${moduleId}\n${JSON.stringify(route)}`;
      let memo = this.routes.get(route.file);
      const current = memo && memo.key === key && memo.assets === assetsKey && values.allSame(memo.reads);
      // A kept page links where it linked: the pages nothing links to are counted from every page (unlinked-pages.ts).
      if (current) for (const read of memo!.reads.keys()) replayLink(read, context.links);
      if (!current) {
        reads = new Set<string>();
        const picture: RenderImages["picture"] = (slot, locale) => {
          note.add(`image:${locale}:${slot}`);
          return images.picture(slot, locale);
        };
        const once = renderRoutes(
          {
            ...context,
            content: trackReads(content, note),
            images: { ...images, picture },
            links: trackLinks(context.links, note),
          },
          [route],
          parts,
        );
        memo = {
          key,
          assets: assetsKey,
          reads: new Map([...reads].map((read) => [read, values.of(read)])),
          file: once.files[0]!,
          missing: once.missing,
          failure: once.failures[0],
        };
        this.rendered++;
      }
      next.set(route.file, memo!);
      result.files.push(memo!.file);
      result.missing.push(...memo!.missing);
      if (memo!.failure) result.failures.push(memo!.failure);
    }
    this.routes = next;
    return result;
  }
}

/** Each compiled template module gets a number: a new module re-renders every route. */
const moduleIds = new WeakMap<TemplateModule, number>();
let lastModuleId = 0;

/** Paths, modification times and sizes of the files of a folder: equal keys mean nothing changed. */
async function treeKey(root: string, folder: string, include: (file: string) => boolean): Promise<string> {
  const files = (await listTree(root, folder)).value.map((file) => `${folder}/${file}`).filter(include);
  const stats = await Promise.all(
    files.map(async (file) => {
      const entry = await stat(path.join(root, file)).catch(() => undefined);
      return `${file} ${entry?.mtimeMs ?? "gone"} ${entry?.size ?? ""}`;
    }),
  );
  return stats.join("\n");
}

/** A value a route read: a text, or a part of the content (a page, the site data). */
type Value = string | object;

/** JSON of parts of the content, made once per object: a page the session kept is never serialised again. */
const jsonOf = new WeakMap<object, string>();
function json(value: object): string {
  let text = jsonOf.get(value);
  if (text === undefined) jsonOf.set(value, (text = JSON.stringify(value)));
  return text;
}

/**
 * The value behind each kind of read, in the current content: `site`, `dict:<locale>:<key>`,
 * `dict:<locale>:*` (the whole dictionary), `page:<locale>:<id>`, `pages:<locale>` (the list of
 * pages), `testimonials:<locale>`, `facts:<locale>` (site facts as the locale prints them),
 * `formats:<locale>` (the regional form its dates and numbers follow),
 * `image:<locale>:<slot>` (a photo of the image pipeline) and `href:<locale>:<path>` (a link, the same
 * for the whole session: its base path and languages are fixed). Each is computed once per build. Texts
 * compare as texts; parts of the content by reference first (the loader keeps the objects of
 * unchanged files in a session), then by their JSON.
 */
class ContentValues {
  private readonly content: LoadedContent;
  private readonly images: RenderImages;
  private readonly known = new Map<string, Value>();

  constructor(content: LoadedContent, images: RenderImages) {
    this.content = content;
    this.images = images;
  }

  of(read: string): Value {
    let value = this.known.get(read);
    if (value === undefined) {
      value = this.compute(read);
      this.known.set(read, value);
    }
    return value;
  }

  /** Whether every read still has the value it had when it was recorded. */
  allSame(reads: ReadonlyMap<string, Value>): boolean {
    for (const [read, value] of reads) if (!this.same(read, value)) return false;
    return true;
  }

  /** Whether `read` has the value it had when it was recorded. */
  same(read: string, recorded: Value): boolean {
    const now = this.of(read);
    if (now === recorded) return true;
    if (typeof now === "string" || typeof recorded === "string") return false;
    return json(now) === json(recorded);
  }

  private compute(read: string): Value {
    if (read === "site") return this.content.site;
    const [kind, locale, ...rest] = read.split(":");
    if (kind === "href") return "";
    const name = rest.join(":");
    if (kind === "image")
      return JSON.stringify(this.images.picture(name as Parameters<RenderImages["picture"]>[0], locale!) ?? null);
    const content = this.content.locales.find((candidate) => candidate.locale === locale);
    if (!content) return "no locale";
    if (kind === "dict" && name === "*")
      return JSON.stringify([...content.dictionary].map(([key, entry]) => [key, entry.text]));
    if (kind === "dict") return JSON.stringify(content.dictionary.get(name)?.text ?? null);
    if (kind === "page") return content.pages[name] ?? "no page";
    if (kind === "pages") return JSON.stringify(Object.keys(content.pages));
    if (kind === "testimonials") return content.testimonials;
    if (kind === "facts") return JSON.stringify([...content.facts]);
    if (kind === "formats") return content.formats;
    throw new Error(`unknown read ${read}`);
  }
}

/**
 * The links as a template asks for them, each page it links to noted as a read (`href:<locale>:<path>`), so
 * that a route kept from the last build, or one that takes a shared part of the layout, links there again.
 */
function trackLinks(links: Links, reads: Reads): Links {
  return {
    ...links,
    href(locale, path = "") {
      reads.add(`href:${locale}:${path}`);
      return links.href(locale, path);
    },
  };
}

/** Asks `links` again for the page a noted read links to; any other read is left alone. */
function replayLink(read: string, links: Links) {
  if (!read.startsWith("href:")) return;
  const [, locale, ...path] = read.split(":");
  links.href(locale!, path.join(":"));
}

/** Where the content a template reads is noted. */
interface Reads {
  add(read: string): void;
}

/** The content as a template sees it, noting each part it reads. */
function trackReads(content: LoadedContent, reads: Reads): LoadedContent {
  return {
    ...content,
    get site() {
      reads.add("site");
      return content.site;
    },
    locales: content.locales.map((locale) => trackLocale(locale, reads)),
  };
}

function trackLocale(locale: LocaleContent, reads: Reads): LocaleContent {
  const code = locale.locale;
  const pages = new Proxy(locale.pages, {
    get(target, property, receiver) {
      if (typeof property === "string") reads.add(`page:${code}:${property}`);
      return Reflect.get(target, property, receiver);
    },
    has(target, property) {
      if (typeof property === "string") reads.add(`page:${code}:${property}`);
      return Reflect.has(target, property);
    },
    ownKeys(target) {
      reads.add(`pages:${code}`);
      for (const id of Object.keys(target)) reads.add(`page:${code}:${id}`);
      return Reflect.ownKeys(target);
    },
  });
  return {
    locale: code,
    get dictionary() {
      return trackDictionary(locale.dictionary, code, reads);
    },
    get testimonials() {
      reads.add(`testimonials:${code}`);
      return locale.testimonials;
    },
    get facts() {
      reads.add(`facts:${code}`);
      return locale.facts;
    },
    get formats() {
      reads.add(`formats:${code}`);
      return locale.formats;
    },
    pages,
  };
}

/** `get(key)` notes the key; anything else (iterating, size) notes the whole dictionary. */
function trackDictionary(dictionary: Dictionary, code: string, reads: Reads): Dictionary {
  return new Proxy(dictionary, {
    get(target, property) {
      if (property === "get")
        return (key: string) => {
          reads.add(`dict:${code}:${key}`);
          return target.get(key);
        };
      if (property === "has")
        return (key: string) => {
          reads.add(`dict:${code}:${key}`);
          return target.has(key);
        };
      reads.add(`dict:${code}:*`);
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
