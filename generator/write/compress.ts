/**
 * Precompressed text files: a `.br` and a `.gz` beside every HTML, CSS, JS, SVG, XML and TXT file
 * over 1 KiB, at the highest quality (written once, served many times), so a host serves them as
 * they are (nginx `gzip_static`, `brotli_static`) instead of compressing on every request.
 * Deterministic: gzip carries no time stamp and a fixed OS byte, so two builds stay byte-identical.
 * Brotli's top quality is slow: files are compressed in parallel on libuv's thread pool, and each
 * result is kept in the project's cache by the hash of its input, so an unchanged page costs nothing.
 */
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip as gzipAsync } from "node:zlib";
import { cacheDir } from "../cache.ts";
import { digest, ImageStore } from "../images/store.ts";
import type { OutputFile } from "./writer.ts";

/** Files below this size gain less than the extra request headers cost: left as they are. */
export const compressThreshold = 1024;

const compressible = /\.(html|css|js|mjs|svg|xml|txt)$/i;

/** The `.br` and `.gz` siblings of the files worth compressing. */
export async function precompress(files: readonly OutputFile[], cache?: ImageStore): Promise<OutputFile[]> {
  const worth = files.filter((file) => compressible.test(file.path) && bytesOf(file).byteLength >= compressThreshold);
  const through = (kind: string, bytes: Uint8Array, make: (bytes: Uint8Array) => Promise<Uint8Array>) =>
    cache ? cache.through(digest(kind, bytes), () => make(bytes)).then((entry) => entry.bytes) : make(bytes);
  const siblings = await Promise.all(
    worth.map(async (file) => {
      const bytes = bytesOf(file);
      const [br, gz] = await Promise.all([through("br-11", bytes, brotli), through("gzip-9", bytes, gzip)]);
      return [
        { path: `${file.path}.br`, contents: br },
        { path: `${file.path}.gz`, contents: gz },
      ];
    }),
  );
  return siblings.flat();
}

/** Compressed files of a project, kept in its cache folder (node_modules/.cache/ranch-site/compressed/). */
export const compressedStore = (root: string) => new ImageStore(path.join(cacheDir(root), "compressed"));

const bytesOf = (file: OutputFile) => (typeof file.contents === "string" ? Buffer.from(file.contents) : file.contents);
const brotliAsync = promisify(brotliCompress);
const gzipPromise = promisify(gzipAsync);

function brotli(bytes: Uint8Array): Promise<Uint8Array> {
  return brotliAsync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
    },
  });
}

/** RFC 1952: MTIME 0 means "no time stamp"; the OS byte is set to 3 (Unix) on every platform. */
async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const compressed = await gzipPromise(bytes, { level: constants.Z_BEST_COMPRESSION, memLevel: 9 });
  compressed[9] = 3;
  return compressed;
}
