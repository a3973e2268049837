import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { Message, Plugin } from "esbuild";
import type { TemplateModule } from "../../model/page.ts";
import { cachedBundle } from "../cache/bundle.ts";
import { cacheDir, cannotWrite, ensureCacheFolder, noteUnusableCache } from "../cache/folder.ts";
import { defaults } from "../config.ts";
import { ContentError, displayPath, placeAt, UsageError } from "../errors.ts";
import type { Place } from "../../model/problem.ts";

const require = createRequire(import.meta.url);
/**
 * The templates last loaded. `loaded` is their CommonJS module record: Node keeps a module's source map
 * only while the record lives (a weak map), and throw-site.ts needs it to name a template's line.
 */
let cached: { hash: string; module: TemplateModule; loaded: NodeJS.Module | undefined } | undefined;

/** The compiled page templates, and where each translation key is written in their sources. */
export interface Templates {
  module: TemplateModule;
  /** Every quoted dotted key (`"hero.title"`) in the templates a page uses, at its first place. */
  keys: ReadonlyMap<string, Place>;
  /** Keys built from a template literal, as patterns: t(`hero.badges.${key}`) reads every hero.badges.<name>. */
  keyPatterns: readonly RegExp[];
}

/**
 * Compiles the page templates the route table names (templates/<file>) with esbuild, or takes the
 * compiled code from the project's cache while no file it was made from changed (`cache` false:
 * always compiles), and loads the result, so that `watch` picks up template edits without a
 * restart. A module is only loaded again
 * when the compiled code changed. The compiled file is written to the project's cache folder under a
 * name no other build uses (exclusive creation, a random part), required, and deleted at once: its
 * inline source map is already read, so a template's stack trace still names its own lines, and no
 * edit leaves a file behind. It is CommonJS, not an ES module, because Node never unloads an ES
 * module: each edit would keep its whole compiled copy in memory for the life of `watch`. A required
 * module leaves require.cache at once, so the previous templates are collected once nothing renders
 * them.
 */
export async function loadTemplates(
  root: string,
  templateFiles: readonly string[],
  { cache = true }: { cache?: boolean } = {},
): Promise<Templates> {
  const options = {
    stdin: {
      contents: templateEntry(templateFiles),
      resolveDir: path.join(root, defaults.folders.templates),
      loader: "ts",
    },
    absWorkingDir: root,
    outdir: path.join(cacheDir(root), "templates"),
    bundle: true,
    write: false,
    format: "cjs",
    platform: "node",
    jsx: "automatic",
    sourcemap: "inline",
    // Only the mappings: a stack trace needs no copy of the sources, and Node decodes half as much on load.
    sourcesContent: false,
    metafile: true,
    logLevel: "silent",
  } as const;
  // Unchanged templates come from the cache: no esbuild run (generator/cache/bundle.ts).
  const result = await cachedBundle(
    { name: "templates", options, pluginsKey: externalsKey, resolve: (specifier) => require.resolve(specifier) },
    cache,
    async () => {
      const esbuild = await import("esbuild");
      const externals: Record<string, string> = {};
      const result = await esbuild
        .build({ ...options, plugins: [externalByAbsolutePath(externals)] })
        .catch((error: unknown) => {
          throw templateError(error, root);
        });
      return { result, externals };
    },
  );
  const [output] = result.outputFiles;
  const inputs = result.inputs.filter((file) => file.startsWith(`${defaults.folders.templates}/`));
  const keys = new Map<string, Place>();
  const keyPatterns: RegExp[] = [];
  for (const file of inputs) {
    const source = await readFile(path.join(root, file), "utf8");
    for (const [key, offset] of quotedKeys(source))
      if (!keys.has(key)) keys.set(key, { file, ...placeAt(source, offset) });
    keyPatterns.push(...builtKeys(source));
  }
  if (!cached || cached.hash !== output!.hash) {
    const name = `templates.${output!.hash.replace(/\W/g, "")}.${randomBytes(6).toString("hex")}.cjs`;
    const { file, done } = await writeCompiled(root, name, output!.contents);
    try {
      const module = require(file) as TemplateModule;
      cached = { hash: output!.hash, module, loaded: require.cache[file] };
    } finally {
      forget(file);
      await done();
    }
  }
  return { module: cached.module, keys, keyPatterns };
}

/**
 * Writes the compiled templates where Node can require them: the project's cache folder, or, when that cannot be
 * written (a read-only disk, another user's folder; noted once as a warning), a folder of this process's own in
 * the system's temporary folder, made private by mkdtemp and removed with the file. `done` removes what it made.
 */
async function writeCompiled(
  root: string,
  name: string,
  contents: Uint8Array,
): Promise<{ file: string; done: () => Promise<void> }> {
  const dir = await ensureCacheFolder(root, "templates");
  if (dir) {
    const file = path.join(dir, name);
    try {
      await writeFile(file, contents, { flag: "wx", mode: 0o600 });
      return { file, done: () => rm(file, { force: true }) };
    } catch (error) {
      if (!cannotWrite(error)) throw error;
      noteUnusableCache(cacheDir(root), error);
    }
  }
  const own = await mkdtemp(path.join(os.tmpdir(), "ranch-site-templates-"));
  const file = path.join(own, name);
  await writeFile(file, contents, { flag: "wx", mode: 0o600 });
  return { file, done: () => rm(own, { recursive: true, force: true }) };
}

/**
 * Drops a required module from every list Node keeps it in, so it is collected once unused. Deleting
 * it from require.cache alone is not enough: the requiring module lists it among its children.
 */
function forget(file: string): void {
  const loaded = require.cache[file];
  delete require.cache[file];
  const siblings = loaded?.parent?.children ?? [];
  if (loaded && siblings.includes(loaded)) siblings.splice(siblings.indexOf(loaded), 1);
}

/** The module esbuild compiles: each page template of the route table, by its file, the Open Graph card and the hero art. */
function templateEntry(templateFiles: readonly string[]): string {
  const files = [...new Set(templateFiles)];
  return [
    ...files.map((file, index) => `import page${index} from ${JSON.stringify(`./${file}`)};`),
    `export const templates = { ${files.map((file, index) => `${JSON.stringify(file)}: page${index}`).join(", ")} };`,
    'export { OpenGraphImage as openGraphImage } from "./OpenGraphImage.tsx";',
    'export { Landscape as heroArt } from "./components/Landscape.tsx";',
  ].join("\n");
}

/** `"hero.title"` and the offset of its first letter, for each quoted dotted name in a source. */
function* quotedKeys(source: string): Generator<[string, number]> {
  for (const match of source.matchAll(/(["'`])([A-Za-z][\w-]*(?:\.[\w-]+)+)\1/g)) yield [match[2]!, match.index + 1];
}

/** A template that does not compile: located at its first error, as content errors are; anything else is ours. */
function templateError(error: unknown, root: string): unknown {
  const first = (error as { errors?: Message[] }).errors?.[0];
  if (!first) return error;
  const missing = /^Could not resolve "\.\/(.+?)"$/.exec(first.text);
  if (!first.location || first.location.file === "<stdin>") {
    return new UsageError(
      `${displayPath(path.join(root, "templates", missing?.[1] ?? ""))}: ${missing ? "the template is missing" : first.text}`,
      {
        hint: "Give the project folder with --root, the one that holds templates/, or restore the template.",
      },
    );
  }
  const file = path.relative(root, path.resolve(root, first.location.file)).split(path.sep).join("/");
  return new ContentError({ file, line: first.location.line, column: first.location.column + 1 }, first.text, {
    hint: "Fix the template; the build stops until it compiles.",
  });
}

/**
 * t(`ranch.${key}.name`) → /^ranch\.[\w-]+\.name$/: each interpolation stands for one key segment;
 * t("loading") → /^loading$/ (a key without a dot, which the quoted-keys scan leaves out).
 */
function* builtKeys(source: string): Generator<RegExp> {
  for (const match of source.matchAll(/\bt\(\s*(["'`])([A-Za-z][\w-]*)\1\s*\)/g)) yield new RegExp(`^${match[2]}$`);
  for (const match of source.matchAll(/\bt\(\s*`([^`]*\$\{[^`]*)`\s*\)/g)) {
    const parts = match[1]!.split(/\$\{[^}]*\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    yield new RegExp(`^${parts.join("[\\w-]+")}$`);
  }
}

/**
 * The compiled file sits outside the project, so packages such as react are required from the files
 * the generator resolves them to: one React, shared with react-dom/server in the renderer. Each bare
 * import and its file go into `externals`, so a cached bundle is used only while they still match.
 */
function externalByAbsolutePath(externals: Record<string, string>): Plugin {
  return {
    name: "external-by-absolute-path",
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith("node:")) return { path: args.path, external: true };
        const resolved = require.resolve(args.path);
        externals[args.path] = resolved;
        return { path: resolved, external: true };
      });
    },
  };
}

/** What the plugin above does, for the cache key: change it when the plugin changes. */
const externalsKey = "external-by-absolute-path/1";
