import path from "node:path";
import type { PictureImage } from "../../model/image.ts";
import type { ImageSource } from "./catalogue.ts";
import { mimeTypes, type ImageFormat } from "./slots.ts";
import { encoderVersion } from "./sharp.ts";
import { digest } from "../cache/store.ts";

/** One encoded file of a photo: a format at a width. */
export interface Variant {
  /** Output path: `assets/images/herd-960.1a2b3c4d5e.avif`. */
  path: string;
  /** Cache key: changes with the source, the size, the format, its settings and the encoder's version. */
  key: string;
  source: ImageSource;
  format: ImageFormat;
  width: number;
  height: number;
}

/** Encoder settings per format: visually close to the original at a fraction of the bytes. */
export const encoderOptions = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 75, effort: 4 },
  jpeg: { quality: 78, mozjpeg: true },
  png: { compressionLevel: 9, effort: 7 },
} as const satisfies Record<ImageFormat, object>;

/** The widths of a list the source can give without being enlarged; the source's own width if none can. */
export function usableWidths(sourceWidth: number, widths: readonly number[]): number[] {
  const usable = [...new Set(widths)].filter((width) => width <= sourceWidth).sort((a, b) => a - b);
  return usable.length > 0 ? usable : [sourceWidth];
}

/**
 * Plans every variant of a photo and the `<picture>` that shows them. File names are known before
 * anything is encoded (they hash the inputs), so pages render while the encoder works from its cache.
 */
export function planImage(
  source: ImageSource,
  widths: readonly number[],
  formats: readonly ImageFormat[],
  asset: (file: string) => string,
): { variants: Variant[]; picture: (alt: string) => PictureImage } {
  const slug =
    path.posix
      .basename(source.file, path.posix.extname(source.file))
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "image";
  const sizes = usableWidths(source.width, widths).map((width) => ({
    width,
    height: Math.max(1, Math.round((width * source.height) / source.width)),
  }));
  const variants = formats.flatMap((format) =>
    sizes.map(({ width, height }) => {
      const key = digest(
        encoderVersion(),
        JSON.stringify(encoderOptions[format]),
        source.hash,
        format,
        `${width}x${height}`,
      );
      const extension = format === "jpeg" ? "jpg" : format;
      return {
        path: `assets/images/${slug}-${width}.${key.slice(0, 10)}.${extension}`,
        key,
        source,
        format,
        width,
        height,
      };
    }),
  );
  const srcset = (format: ImageFormat) =>
    variants
      .filter((variant) => variant.format === format)
      .map((variant) => `${asset(variant.path)} ${variant.width}w`)
      .join(", ");
  const fallback = formats.at(-1)!;
  const largest = variants.filter((variant) => variant.format === fallback).at(-1)!;
  return {
    variants,
    picture: (alt) => ({
      alt,
      width: largest.width,
      height: largest.height,
      sources: formats.slice(0, -1).map((format) => ({ type: mimeTypes[format], srcset: srcset(format) })),
      src: asset(largest.path),
      srcset: srcset(fallback),
      tone: source.tone,
    }),
  };
}
