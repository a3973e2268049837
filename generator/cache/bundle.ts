/**
 * esbuild's results, kept between builds in the project's cache folder, so a build whose templates,
 * styles and client script are unchanged starts no esbuild process at all. Of a warm build of the
 * real site, that is a fifth of the wait: 0.38 s instead of 0.47 (wall, medians of 15 pairs, issue 25).
 *
 * One entry per bundle (`bundles/<name>.json`), written after each esbuild run. It holds what the
 * output was made from and the output itself:
 *  - a key: the bundle's options, the esbuild and Node versions and this format (paths in the project
 *    count relative to it, so a copy of a project with its cache folder finds its entries);
 *  - the SHA-256 of every file esbuild read (its metafile's inputs);
 *  - the names in each folder an input came from: a new file may change what an import resolves to
 *    (`./card` to card.tsx instead of card.ts) without any input's bytes changing;
 *  - the configuration esbuild reads beside the inputs without listing it: each tsconfig.json,
 *    jsconfig.json and package.json in their folders and every folder above (`strict` in a tsconfig
 *    puts "use strict" into a script). A tsconfig that `extends` another is not followed: such a
 *    bundle is not cached;
 *  - the file each bare import left to Node resolved to (the templates' `react`).
 * An entry is used only when all of these are as they were, and only with the checksum of its whole
 * body: a corrupt, truncated, foreign or outdated entry is a miss, rebuilt and written over, never
 * trusted. `--no-cache` neither reads nor writes it.
 */
import { createHash } from "node:crypto";
import { constants, readFileSync } from "node:fs";
import { open, readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { BuildOptions, BuildResult, OutputFile } from "esbuild";
import { cannotWrite, ensureCacheFolder, noteUnusableCache } from "./folder.ts";
import { replaceFile } from "../io/atomic.ts";

const format = "ranch-site-bundle-cache/1";

/** One file of a bundle, as esbuild gives it (`write: false`). */
export type BundleFile = Pick<OutputFile, "path" | "contents" | "hash" | "text">;

/** A bundle's output files and every file it was made from. */
export interface Bundle {
  outputFiles: BundleFile[];
  /** The metafile's inputs: paths relative to the working folder (`templates/Layout.tsx`, `<stdin>`). */
  inputs: string[];
}

/** What to bundle, and what else decides the output besides the files esbuild reads. */
export interface BundleRecipe {
  /** The entry's name in the cache folder: one entry per bundle, the latest. */
  name: string;
  /** esbuild's options (with `metafile: true` and `write: false`); `plugins` are described by `pluginsKey`. */
  options: BuildOptions & { absWorkingDir: string; metafile: true; write: false };
  /** What the plugins do, for the key: a change to a plugin's code must change it. */
  pluginsKey?: string;
  /** Where a bare import left to Node resolves now (the templates' `react`): checked against the entry's. */
  resolve?: (specifier: string) => string;
}

/** A finished esbuild run, with the bare imports its plugins left to Node and the files they resolved to. */
export interface BundleRun {
  result: BuildResult<{ metafile: true; write: false }>;
  externals?: Record<string, string>;
}

/**
 * The bundle `recipe` describes: from the cache when every input is as it was, else from `run()`
 * (esbuild), which is then kept for the next build. With `enabled` false the cache is left alone.
 */
export async function cachedBundle(
  recipe: BundleRecipe,
  enabled: boolean,
  run: () => Promise<BundleRun>,
): Promise<Bundle> {
  if (!enabled) return fromRun(await run());
  const root = recipe.options.absWorkingDir;
  const key = recipeKey(recipe, root);
  const folder = await ensureCacheFolder(root, "bundles");
  if (!folder) return fromRun(await run());
  const file = path.join(folder, `${recipe.name}.json`);
  const kept = await readEntry(file, key);
  if (kept && (await stillValid(kept, root, recipe))) return fromEntry(kept, root);
  const fresh = await run();
  const bundle = fromRun(fresh);
  const entry = await entryOf(key, root, bundle, fresh.externals ?? {});
  // A cache that cannot be written costs the next build an esbuild run, nothing else.
  if (entry)
    await replaceFile(file, entry).catch((error: unknown) => {
      if (cannotWrite(error)) noteUnusableCache(path.dirname(folder), error);
    });
  return bundle;
}

/** What an entry records (the body under its checksum line). */
interface Entry {
  key: string;
  /** [input, SHA-256 of its bytes], relative to the working folder as esbuild lists them */
  inputs: [string, string][];
  /** [folder, SHA-256 of its sorted names] for each folder an input came from */
  folders: [string, string][];
  /** [configuration file, SHA-256 of its bytes] for each that exists above an input (see `configOf`) */
  configs: [string, string][];
  externals: Record<string, string>;
  /** Each output file: its path relative to the working folder, esbuild's hash of it, its bytes in base64. */
  outputs: { path: string; hash: string; contents: string }[];
  /** The metafile's inputs as esbuild listed them. */
  read: string[];
}

function recipeKey(recipe: BundleRecipe, root: string): string {
  const { plugins: _plugins, absWorkingDir: _root, ...options } = recipe.options;
  const inProject = (value: unknown) =>
    typeof value === "string" && (value === root || value.startsWith(`${root}${path.sep}`))
      ? `<project>/${path.relative(root, value).split(path.sep).join("/")}`
      : value;
  const recipeText = JSON.stringify(options, (_key, value: unknown) => inProject(value));
  return sha256(
    JSON.stringify([format, esbuildVersion(), process.versions.node, recipe.name, recipe.pluginsKey ?? "", recipeText]),
  );
}

let esbuildVersionOnce: string | undefined;

/** The installed esbuild's version, read from its package.json (importing esbuild would start nothing, but load it). */
function esbuildVersion(): string {
  if (esbuildVersionOnce) return esbuildVersionOnce;
  const file = createRequire(import.meta.url).resolve("esbuild/package.json");
  const { version } = JSON.parse(readFileSync(file, "utf8")) as { version: string };
  return (esbuildVersionOnce = version);
}

/** Inputs that are files (not `<stdin>`, whose text is part of the options and so of the key). */
const files = (inputs: readonly string[]) => inputs.filter((input) => !input.startsWith("<"));

/** The folders whose names decide what the inputs' imports resolve to. */
const foldersOf = (inputs: readonly string[]) => [...new Set(files(inputs).map((input) => path.dirname(input)))].sort();

async function entryOf(
  key: string,
  root: string,
  bundle: Bundle,
  externals: Record<string, string>,
): Promise<string | undefined> {
  try {
    const inputs = await Promise.all(
      files(bundle.inputs).map(async (input): Promise<[string, string]> => [input, await fileHash(root, input)]),
    );
    const folders = await Promise.all(
      foldersOf(bundle.inputs).map(async (folder): Promise<[string, string]> => [
        folder,
        await listingHash(root, folder),
      ]),
    );
    const configs = await configOf(root, bundle.inputs);
    if (!configs) return undefined;
    const outputs = bundle.outputFiles.map((file) => ({
      path: path.relative(root, file.path),
      hash: file.hash,
      contents: Buffer.from(file.contents).toString("base64"),
    }));
    const body = JSON.stringify({
      key,
      inputs,
      folders,
      configs,
      // In a fixed order, like the inputs: an entry's bytes follow from what it records, never from timing.
      externals: Object.fromEntries(Object.entries(externals).sort(byName)),
      outputs,
      read: bundle.inputs,
    } satisfies Entry);
    return `${format} ${sha256(body)}\n${body}`;
  } catch {
    // An input went away while esbuild ran: nothing worth keeping.
    return undefined;
  }
}

/** The entry in `file` if it is whole, of this format and made with this key; else undefined. */
async function readEntry(file: string, key: string): Promise<Entry | undefined> {
  let text: string;
  try {
    const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      text = await handle.readFile("utf8");
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
  const newline = text.indexOf("\n");
  if (newline < 0) return undefined;
  const [tag, checksum] = text.slice(0, newline).split(" ");
  const body = text.slice(newline + 1);
  if (tag !== format || checksum !== sha256(body)) return undefined;
  try {
    const entry = JSON.parse(body) as Entry;
    return entry.key === key ? entry : undefined;
  } catch {
    return undefined;
  }
}

/** Whether every input, folder listing and external resolves to what the entry recorded. */
async function stillValid(entry: Entry, root: string, recipe: BundleRecipe): Promise<boolean> {
  try {
    for (const [specifier, resolved] of Object.entries(entry.externals))
      if (recipe.resolve?.(specifier) !== resolved) return false;
    const same = await Promise.all([
      ...entry.inputs.map(async ([input, hash]) => (await fileHash(root, input)) === hash),
      ...entry.folders.map(async ([folder, hash]) => (await listingHash(root, folder)) === hash),
    ]);
    return same.every(Boolean) && JSON.stringify(await configOf(root, entry.read)) === JSON.stringify(entry.configs);
  } catch {
    // An input or folder is gone, or an import no longer resolves: esbuild says what is wrong.
    return false;
  }
}

/**
 * The inputs sorted: esbuild lists them in the order its plugins' answers came back, which the load of the
 * machine decides (the templates' `react` and `react/jsx-runtime` swap places on a busy CI runner).
 */
function fromRun({ result }: BundleRun): Bundle {
  return { outputFiles: result.outputFiles, inputs: Object.keys(result.metafile.inputs).sort() };
}

function fromEntry(entry: Entry, root: string): Bundle {
  return {
    inputs: entry.read,
    outputFiles: entry.outputs.map((file) =>
      outputFile(path.resolve(root, file.path), file.hash, Buffer.from(file.contents, "base64")),
    ),
  };
}

/** An output file as esbuild's own: its text decoded on first use. */
function outputFile(path: string, hash: string, contents: Uint8Array): BundleFile {
  let text: string | undefined;
  return {
    path,
    hash,
    contents,
    get text() {
      return (text ??= new TextDecoder().decode(contents));
    },
  };
}

const fileHash = async (root: string, input: string) => sha256(await readFile(path.resolve(root, input)));

/** Files that change how esbuild compiles or resolves the files of a folder below them. */
const configNames = ["tsconfig.json", "jsconfig.json", "package.json"];

/**
 * Every configuration file esbuild may read for these inputs, with the hash of its bytes: those in
 * the inputs' folders and in every folder above them, up to the file system's root, named relative
 * to the working folder. Undefined when a tsconfig extends another (its chain is not followed).
 */
async function configOf(root: string, inputs: readonly string[]): Promise<[string, string][] | undefined> {
  const folders = new Set<string>();
  for (const folder of foldersOf(inputs))
    for (let at = path.resolve(root, folder); !folders.has(at); at = path.dirname(at)) folders.add(at);
  const found = await Promise.all(
    [...folders].flatMap((folder) =>
      configNames.map(async (name) => {
        const file = path.join(folder, name);
        const bytes = await readFile(file).catch(() => undefined);
        return bytes && ([path.relative(root, file), bytes] as const);
      }),
    ),
  );
  const configs: [string, string][] = [];
  for (const entry of found) {
    if (!entry) continue;
    const [file, bytes] = entry;
    if (!file.endsWith("package.json") && /"extends"/.test(bytes.toString("utf8"))) return undefined;
    configs.push([file, sha256(bytes)]);
  }
  return configs.sort(byName);
}

async function listingHash(root: string, folder: string): Promise<string> {
  const names = await readdir(path.resolve(root, folder));
  return sha256(names.sort().join("\0"));
}

/** [name, value] pairs by name, in code-unit order (as `.sort()` orders strings), whatever the locale. */
const byName = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("base64url");
