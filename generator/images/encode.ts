/** The write side of images: encodes every planned file through the shared cache; only files it returns are written. */
import { availableParallelism } from "node:os";
import { loadSharp } from "./sharp.ts";
import type { OutputFile } from "../../model/output.ts";
import type { ImageStore } from "../cache/store.ts";
import { encoderOptions, type Variant } from "./variants.ts";

/** A file to make: its output path, the cache key of its bytes, and how to make them on a miss. */
export interface EncodeJob {
  path: string;
  key: string;
  encode: () => Promise<Uint8Array>;
}

/** What the encoder did: the files, and how many were encoded now or taken from the cache. */
export interface EncodeResult {
  files: OutputFile[];
  encoded: number;
  reused: number;
}

/** Resizes (never enlarging) and encodes one variant; metadata such as GPS positions is dropped. */
export function variantJob(variant: Variant): EncodeJob {
  return {
    path: variant.path,
    key: variant.key,
    encode: async () => {
      const sharp = await loadSharp();
      const resized = sharp(variant.source.bytes, { autoOrient: true }).resize(variant.width, variant.height, {
        fit: "fill",
        withoutEnlargement: true,
      });
      return new Uint8Array(await resized[variant.format](encoderOptions[variant.format]).toBuffer());
    },
  };
}

/** Runs the jobs a few at a time (libvips threads within each), each path once, output in a stable order. */
export async function runEncodeJobs(jobs: readonly EncodeJob[], store: ImageStore): Promise<EncodeResult> {
  const unique = [...new Map(jobs.map((job) => [job.path, job])).values()].sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : 0,
  );
  const files: OutputFile[] = new Array(unique.length);
  let encoded = 0;
  let next = 0;
  const worker = async () => {
    while (next < unique.length) {
      const index = next++;
      const job = unique[index]!;
      const { bytes, made } = await store.through(job.key, job.encode);
      if (made) encoded++;
      files[index] = { path: job.path, contents: bytes };
    }
  };
  await Promise.all(Array.from({ length: Math.min(2, availableParallelism()) }, worker));
  return { files, encoded, reused: unique.length - encoded };
}
