import { encoderVersion, loadSharp } from "./sharp.ts";
import type { EncodeJob } from "./encode.ts";
import { digest } from "../cache/store.ts";

/**
 * Full colour, deflate at its smallest. Quantising to a palette saved 30 KB of a file only crawlers fetch,
 * and took 200 ms of CPU per card: half of a cold build of the real site.
 */
const pngOptions = { compressionLevel: 9, adaptiveFiltering: false } as const;

/**
 * The Open Graph card of one language (1200 × 630 PNG), rasterised by sharp from the SVG its template
 * rendered. The name hashes the SVG and the encoder, so a changed title gets a new URL that social
 * networks fetch afresh.
 */
export function openGraphJob(locale: string, svg: string): EncodeJob {
  const key = digest("open graph 2", encoderVersion(), JSON.stringify(pngOptions), svg);
  return {
    path: `assets/og-image.${locale}.${key.slice(0, 10)}.png`,
    key,
    encode: async () => {
      const sharp = await loadSharp();
      return new Uint8Array(await sharp(Buffer.from(svg), { density: 72 }).png(pngOptions).toBuffer());
    },
  };
}
