import { encoderVersion, loadSharp } from "./sharp.ts";
import type { EncodeJob } from "./encode.ts";
import { digest } from "./store.ts";

const pngOptions = { compressionLevel: 9, palette: true, quality: 90, effort: 8 } as const;

/**
 * The Open Graph card of one language (1200 × 630 PNG), rasterised by sharp from the SVG its template
 * rendered. The name hashes the SVG and the encoder, so a changed title gets a new URL that social
 * networks fetch afresh.
 */
/** The hero illustration as a file of its own, named by its content: the drawing's SVG, written as it is. */
export function heroArtJob(svg: string): EncodeJob {
  const key = digest("hero art 1", svg);
  return {
    path: `assets/landscape.${key.slice(0, 10)}.svg`,
    key,
    encode: async () => new Uint8Array(Buffer.from(svg)),
  };
}

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
