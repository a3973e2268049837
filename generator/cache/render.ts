/**
 * A content-addressed cache of pure, expensive results (rendered markdown): each entry is keyed by
 * the SHA-256 of its input bytes, the renderer's options and the installed package versions. It is
 * one file in the project's cache folder, read once per build and written back (only the entries
 * the build used) atomically. A file that is corrupt, of another format or of other package
 * versions is ignored as a whole and rebuilt: an entry is never trusted without its checksum.
 */
import { createHash } from "node:crypto";
import { constants, readdirSync, readFileSync } from "node:fs";
import { lstat, mkdir, open } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cacheDir, cannotWrite, noteUnusableCache } from "./folder.ts";
import { replaceFile } from "../io/atomic.ts";
import type { Remember } from "../io/yaml.ts";

const format = "ranch-site-render-cache/1";
const fileName = "rendered.json";

/** A session's result and the inputs it was computed from. */
interface Remembered<T> {
  inputs: readonly unknown[];
  value: T;
}

/** Rendered results by key, for one build (or one `watch` session). */
export class RenderCache {
  private readonly used = new Map<string, string>();
  private dirty = false;
  /** Written once by this session: from then on only additions need writing. */
  private saved = false;
  /** In-memory results of this session (a `watch` keeps its cache open): the last build's, and this one's. */
  private memory = new Map<string, unknown>();
  private memoryUsed = new Map<string, unknown>();

  private readonly folder: string | undefined;
  private readonly stored: Map<string, string>;
  private readonly versions: string;
  private readonly session: boolean;

  private constructor(folder: string | undefined, stored: Map<string, string>, versions: string, session: boolean) {
    this.folder = folder;
    this.stored = stored;
    this.versions = versions;
    this.session = session;
  }

  /**
   * Opens the project's cache; with `enabled` false (`--no-cache`) nothing is read or written. A
   * `session` (watch) also keeps results in memory between builds; a one-off build has no use for that.
   */
  static async open(root: string, enabled: boolean, session = false): Promise<RenderCache> {
    const versions = packageVersions();
    if (!enabled) return new RenderCache(undefined, new Map(), versions, session);
    const folder = cacheDir(root);
    return new RenderCache(folder, await readEntries(path.join(folder, fileName), versions), versions, session);
  }

  /** The cached result for `input` under `options`, or the one `compute` makes (and the cache keeps). */
  async get(options: string, input: string, compute: (input: string) => Promise<string>): Promise<string> {
    const key = this.key(options, input);
    const known = this.known(key);
    if (known !== undefined) return known;
    const value = await compute(input);
    this.keep(key, value);
    return value;
  }

  /** `get` for a result computed at once; a result of undefined is not kept (such as a text with problems). */
  getNow(options: string, input: string, compute: (input: string) => string | undefined): string | undefined {
    const key = this.key(options, input);
    const known = this.known(key);
    if (known !== undefined) return known;
    const value = compute(input);
    if (value !== undefined) this.keep(key, value);
    return value;
  }

  /** `getNow` as a function of its own, for the readers that are handed a memory (io/yaml.ts `cachedYaml`). */
  readonly rememberText: Remember = (options, input, compute) => this.getNow(options, input, compute);

  private key(options: string, input: string): string {
    return createHash("sha256").update(`${this.versions}\0${options}\0`).update(input).digest("base64url");
  }

  private known(key: string): string | undefined {
    const known = this.used.get(key) ?? this.stored.get(key);
    if (known !== undefined) this.used.set(key, known);
    return known;
  }

  private keep(key: string, value: string) {
    this.used.set(key, value);
    this.dirty = true;
  }

  /** A result kept in memory only, for as long as this cache is open and each build asks for it. */
  remember<T>(key: string, compute: () => T): T {
    if (!this.session) return compute();
    if (this.memoryUsed.has(key)) return this.memoryUsed.get(key) as T;
    const value = this.memory.has(key) ? (this.memory.get(key) as T) : compute();
    this.memoryUsed.set(key, value);
    return value;
  }

  /**
   * An asynchronous result kept in memory for a session (a content file's loaded value and problems),
   * one per `key` (a file): `compute` runs again only when one of `inputs` (its text, the facts it
   * quotes) is not what it was. A failure is not kept: the next build tries again.
   */
  rememberAsync<T>(key: string, inputs: readonly string[], compute: () => Promise<T>): Promise<T> {
    if (!this.session) return compute();
    const value = this.rememberWhile(key, inputs, compute);
    value.catch(() => this.memoryUsed.delete(key));
    return value;
  }

  /**
   * A result kept in memory for a session, one per `key`: `compute` runs again only when one of `inputs` is
   * not the value it was (`===`: a text, or an object the loader kept because its file did not change). What
   * `watch` skips with it: a check whose inputs a save left alone (check/sources.ts).
   */
  rememberWhile<T>(key: string, inputs: readonly unknown[], compute: () => T): T {
    if (!this.session) return compute();
    const known = (this.memoryUsed.get(key) ?? this.memory.get(key)) as Remembered<T> | undefined;
    if (
      known &&
      known.inputs.length === inputs.length &&
      known.inputs.every((input, index) => input === inputs[index])
    ) {
      this.memoryUsed.set(key, known);
      return known.value;
    }
    const value = compute();
    this.memoryUsed.set(key, { inputs, value } satisfies Remembered<T>);
    return value;
  }

  /**
   * Writes the entries this build used, if any are new or some went unused; a cache that cannot be
   * written is skipped. A session (watch) writes only when told to (`flush`), once it is idle: a
   * save in the editor then waits for its pages, not for the whole cache file.
   */
  async save(): Promise<void> {
    [this.memory, this.memoryUsed] = [this.memoryUsed, new Map()];
    if (!this.session) await this.flush();
  }

  /** Writes the entries of the builds so far, if any are new or some went unused. */
  async flush(): Promise<void> {
    if (!this.folder) return;
    // A session's entries only grow (a reused file asks for nothing): written when something was added.
    if (!this.dirty && (this.saved ? this.session : this.used.size === this.stored.size)) return;
    const body = jsonBody(this.versions, this.used);
    const checksum = createHash("sha256");
    for (const part of body) checksum.update(part);
    const head = Buffer.from(`${format} ${checksum.digest("base64url")}\n`);
    this.dirty = false;
    this.saved = true;
    const folder = this.folder;
    await writeCacheFile(folder, fileName, [head, ...body]).catch((error: unknown) => {
      if (cannotWrite(error)) noteUnusableCache(folder, error);
    });
  }
}

/**
 * `JSON.stringify({ versions, entries })` as UTF-8 parts of about 1 MiB: one string of a large site's
 * cache, its UTF-8 copy and the file's text beside it took 50 MiB at the end of a 2,000-page build.
 */
function jsonBody(versions: string, entries: ReadonlyMap<string, string>): Buffer[] {
  const parts: Buffer[] = [];
  let pending: string[] = [`{"versions":${JSON.stringify(versions)},"entries":{`];
  let length = 0;
  let first = true;
  for (const [key, value] of entries) {
    const entry = `${first ? "" : ","}${JSON.stringify(key)}:${JSON.stringify(value)}`;
    first = false;
    pending.push(entry);
    length += entry.length;
    if (length >= 1 << 20) {
      parts.push(Buffer.from(pending.join("")));
      pending = [];
      length = 0;
    }
  }
  pending.push("}}");
  parts.push(Buffer.from(pending.join("")));
  return parts;
}

/** Reads the cache file without following a symbolic link; anything unexpected means an empty cache. */
async function readEntries(file: string, versions: string): Promise<Map<string, string>> {
  let bytes: Buffer;
  try {
    const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      bytes = await handle.readFile();
    } finally {
      await handle.close();
    }
  } catch {
    return new Map();
  }
  // The checksum covers the bytes after the first line, read as they are: no copy of a large file.
  const newline = bytes.indexOf(0x0a);
  if (newline < 0) return new Map();
  const [tag, checksum] = bytes.toString("utf8", 0, newline).split(" ");
  if (tag !== format || checksum !== sha256(bytes.subarray(newline + 1))) return new Map();
  try {
    const body = bytes.toString("utf8", newline + 1);
    const parsed = JSON.parse(body) as { versions?: unknown; entries?: unknown };
    if (parsed.versions !== versions || !parsed.entries || typeof parsed.entries !== "object") return new Map();
    const entries = Object.entries(parsed.entries as Record<string, unknown>);
    return new Map(entries.filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    return new Map();
  }
}

/** The cache file, written atomically (io/atomic.ts), into a real folder: never through a link to somewhere else. */
async function writeCacheFile(folder: string, name: string, parts: readonly Buffer[]): Promise<void> {
  await mkdir(folder, { recursive: true });
  if (!(await lstat(folder)).isDirectory()) return;
  await replaceFile(path.join(folder, name), parts);
}

const sha256 = (text: string | Uint8Array) => createHash("sha256").update(text).digest("base64url");

let versionsOnce: string | undefined;

/** Run from source (tests, tsx), the generator's code is every .ts file of its folder, hashed in name order. */
function sourcesHash(folder: string): string {
  const files = readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .sort();
  const hash = createHash("sha256");
  for (const file of files)
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(path.join(folder, file)))
      .update("\0");
  return hash.digest("base64url");
}

/**
 * Every installed package version, as one hash of npm's record of node_modules/: any install,
 * upgrade or removal gives new keys (found through react, which is never bundled). The renderer's
 * own code counts too: run from the precompiled CLI, this module's file is the whole generator; run
 * from source, every file of generator/ is. Either way a change to the markdown or typography rules
 * never serves an old rendering.
 */
function packageVersions(): string {
  if (versionsOnce) return versionsOnce;
  let record = "no install record";
  try {
    const modules = path.dirname(path.dirname(createRequire(import.meta.url).resolve("react")));
    record = sha256(readFileSync(path.join(modules, ".package-lock.json")));
  } catch {
    // no npm record: the format and the inputs still key every entry
  }
  let code = "unknown code";
  try {
    const here = fileURLToPath(import.meta.url);
    code = here.endsWith(".ts") ? sourcesHash(path.dirname(here)) : sha256(readFileSync(here));
  } catch {
    // not a file on disk: the package record and the inputs still key every entry
  }
  versionsOnce = `${process.versions.node.split(".")[0]}:${record}:${code}`;
  return versionsOnce;
}
