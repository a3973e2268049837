/**
 * Precompressed text files: a `.br` and a `.gz` beside every HTML, CSS, JS, SVG, XML, TXT and ICS file
 * over 1 KiB, so a host serves them as they are (nginx `gzip_static`, `brotli_static`) instead of
 * compressing on every request. Deterministic: gzip carries no time stamp and a fixed OS byte, so two
 * builds stay byte-identical.
 *
 * Brotli's quality follows the file's role. Hashed assets (the stylesheet, the script, the art) are
 * fetched by every page and cached for a year: they get the top quality, 11. Pages change with every
 * edit and there can be thousands: quality 5 comes within about 10 % of 11's size at a fiftieth of its
 * time (24 ms against 0.4 ms a page here). Both siblings of a file are kept in the project's cache as
 * one entry, by the hash of the input, so an unchanged file costs one read. At most a few files are
 * compressed at once, on libuv's thread pool, so memory stays flat however large the site.
 */
import os from "node:os";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip as gzipAsync } from "node:zlib";
import { digest, projectStore, type ImageStore } from "../cache/store.ts";
import { mapLimited } from "../io/many-files.ts";
import type { OutputFile } from "../../model/output.ts";

/** Files below this size gain less than the extra request headers cost: left as they are. */
export const compressThreshold = 1024;

const compressible = /\.(html|css|js|mjs|svg|xml|txt|ics)$/i;

/** Brotli quality by role: hashed, long-cached assets get the best; everything else a fast, near-best one. */
const brotliQuality = (file: string) => (file.startsWith("assets/") ? constants.BROTLI_MAX_QUALITY : 5);

/** The `.br` and `.gz` siblings of the files worth compressing, in the order of `files`. */
export async function precompress(files: readonly OutputFile[], cache?: ImageStore): Promise<OutputFile[]> {
  const worth = files
    .filter((file) => compressible.test(file.path))
    .map((file) => ({ path: file.path, bytes: bytesOf(file) }))
    .filter((file) => file.bytes.byteLength >= compressThreshold);
  const siblings = await mapLimited(worth, compressionSlots, async ({ path, bytes }) => {
    const quality = brotliQuality(path);
    const make = async () => pack(await Promise.all([brotli(bytes, quality), gzip(bytes)]));
    const packed = cache ? (await cache.through(digest(`br-${quality}+gzip-9`, bytes), make)).bytes : await make();
    const [br, gz] = unpack(packed);
    return [
      { path: `${path}.br`, contents: br },
      { path: `${path}.gz`, contents: gz },
    ];
  });
  return siblings.flat();
}

/** Compressed files of a project, kept in its cache folder (node_modules/.cache/ranch-site/compressed/). */
export const compressedStore = (root: string, enabled = true) => projectStore(root, "compressed", enabled);

/** Files in flight at once: enough to keep the thread pool busy, few enough to hold little memory. */
const compressionSlots = Math.max(2, Math.min(8, os.availableParallelism() * 2));

/** One cache entry holds both siblings: the Brotli bytes' length (4 bytes, big-endian), Brotli, then gzip. */
function pack([br, gz]: Uint8Array[]): Uint8Array {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(br!.byteLength);
  return Buffer.concat([length, br!, gz!]);
}

function unpack(packed: Uint8Array): [Uint8Array, Uint8Array] {
  const bytes = Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength);
  const length = bytes.readUInt32BE(0);
  return [bytes.subarray(4, 4 + length), bytes.subarray(4 + length)];
}

const bytesOf = (file: OutputFile) => (typeof file.contents === "string" ? Buffer.from(file.contents) : file.contents);
const brotliAsync = promisify(brotliCompress);
const gzipPromise = promisify(gzipAsync);

function brotli(bytes: Uint8Array, quality: number): Promise<Uint8Array> {
  return brotliAsync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
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
