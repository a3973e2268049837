import { createHash } from "node:crypto";
import { lstat, mkdir } from "node:fs/promises";
import { replaceFile } from "../io/atomic.ts";
import { readFile } from "../io/many-files.ts";
import path from "node:path";
import { cacheDir } from "./folder.ts";

const magic = Buffer.from("ranch-site image cache 1\n");
const digestLength = 32;

/**
 * A content-addressed store of encoded images that `build` and `watch` share
 * (node_modules/.cache/ranch-site/images/). Each entry carries the SHA-256 of its bytes: a truncated or
 * damaged entry is ignored and encoded again. Writes go to a temporary file that is renamed into place,
 * so a crash or a parallel build never leaves half an entry; a cache that cannot be written only costs speed.
 */
export class ImageStore {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  /** The bytes stored under a key, or undefined when there are none or they are damaged. */
  async get(key: string): Promise<Uint8Array | undefined> {
    const framed = await readFile(this.file(key)).catch(() => undefined);
    if (!framed || framed.length < magic.length + digestLength) return undefined;
    if (!framed.subarray(0, magic.length).equals(magic)) return undefined;
    const digest = framed.subarray(magic.length, magic.length + digestLength);
    const bytes = framed.subarray(magic.length + digestLength);
    return createHash("sha256").update(bytes).digest().equals(digest) ? bytes : undefined;
  }

  /** Stores bytes under a key atomically; a failure to write (read-only disk, full disk) is not an error. */
  async put(key: string, bytes: Uint8Array): Promise<void> {
    const target = this.file(key);
    try {
      await mkdir(this.dir, { recursive: true });
      // Never into a link in place of the store's folder: the entry would land wherever it points.
      if (!(await lstat(this.dir)).isDirectory()) return;
      const digest = createHash("sha256").update(bytes).digest();
      await replaceFile(target, [magic, digest, bytes]);
    } catch {
      // The cache only saves time.
    }
  }

  /** The entry's file: keys are hex digests, so they are safe file names. */
  file(key: string): string {
    return path.join(this.dir, `${key}.bin`);
  }

  /** The value under a key, computed and stored when missing or damaged; `made` says whether it was computed. */
  async through(key: string, make: () => Promise<Uint8Array>): Promise<{ bytes: Uint8Array; made: boolean }> {
    const cached = await this.get(key);
    if (cached) return { bytes: cached, made: false };
    const bytes = await make();
    await this.put(key, bytes);
    return { bytes, made: true };
  }
}

/** A hex SHA-256 of any mix of texts and bytes: the names of cache entries and hashed files. */
export function digest(...parts: (string | Uint8Array)[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\0");
  return hash.digest("hex");
}

/** A store that holds nothing: every lookup misses and nothing is written (`--no-cache`). */
class NoStore extends ImageStore {
  override async get(): Promise<undefined> {
    return undefined;
  }

  override async put(): Promise<void> {}
}

/** One of the project's stores in its cache folder, or, with `enabled` false (`--no-cache`), none. */
export function projectStore(root: string, name: string, enabled = true): ImageStore {
  const dir = path.join(cacheDir(root), name);
  return enabled ? new ImageStore(dir) : new NoStore(dir);
}

/** The image cache of a project, in its own cache folder. */
export const imageStore = (root: string, enabled = true) => projectStore(root, "images", enabled);
