/**
 * Precompressed text files: a `.br` and a `.gz` beside every HTML, CSS, JS, SVG, XML and TXT file
 * over 1 KiB, at the highest quality (written once, served many times), so a host serves them as
 * they are (nginx `gzip_static`, `brotli_static`) instead of compressing on every request.
 * Deterministic: gzip carries no time stamp and a fixed OS byte, so two builds stay byte-identical.
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { OutputFile } from "./writer.ts";

/** Files below this size gain less than the extra request headers cost: left as they are. */
export const compressThreshold = 1024;

const compressible = /\.(html|css|js|mjs|svg|xml|txt)$/i;

/** The `.br` and `.gz` siblings of the files worth compressing. */
export function precompress(files: readonly OutputFile[]): OutputFile[] {
  const siblings: OutputFile[] = [];
  for (const file of files) {
    if (!compressible.test(file.path)) continue;
    const bytes = typeof file.contents === "string" ? Buffer.from(file.contents) : file.contents;
    if (bytes.byteLength < compressThreshold) continue;
    siblings.push(
      { path: `${file.path}.br`, contents: brotli(bytes) },
      { path: `${file.path}.gz`, contents: gzip(bytes) },
    );
  }
  return siblings;
}

function brotli(bytes: Uint8Array): Uint8Array {
  return brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
    },
  });
}

/** RFC 1952: MTIME 0 means "no time stamp"; the OS byte is set to 3 (Unix) on every platform. */
function gzip(bytes: Uint8Array): Uint8Array {
  const compressed = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION, memLevel: 9 });
  compressed[9] = 3;
  return compressed;
}
