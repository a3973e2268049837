import type { ImageSlot } from "../../model/image.ts";

/**
 * The photo slots of the templates and the widths each one is encoded at. A slot without a photo in
 * content/images/images.yaml shows the illustration it had before, or nothing: never an empty frame.
 * Widths are short lists: enough for phones, desktops and 2× screens at the slot's largest layout size.
 */
export const imageSlots = {
  /** The home page's first view, full width: the illustration until the owner's photo exists. */
  hero: { widths: [640, 1280, 1920] },
  /** The animals of the ranch, beside the home page's ranch section. */
  animals: { widths: [480, 960, 1440] },
  /** The trainer's portrait on the about-me page. */
  trainer: { widths: [320, 640, 960] },
  /** A training group, on the references page. */
  group: { widths: [480, 960, 1440] },
} as const satisfies Record<ImageSlot, { widths: readonly number[] }>;

/** Images written in markdown (`![What it shows](../images/herd.jpg)`) span the text column. */
export const markdownImage = { widths: [480, 960, 1440], sizes: "(min-width: 50rem) 46rem, 100vw" } as const;

/** Encoded formats, preferred first; the last one is the `<img>` fallback. `watch` encodes WebP only, for speed. */
export const formatsFor = (mode: "build" | "watch", opaque: boolean): readonly ImageFormat[] =>
  mode === "watch" ? ["webp"] : ["avif", "webp", opaque ? "jpeg" : "png"];

export type { ImageSlot };

export type ImageFormat = "avif" | "webp" | "jpeg" | "png";

export const mimeTypes: Record<ImageFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
};

/** File types sharp reads that the originals may have. */
export const originalExtensions = [".jpg", ".jpeg", ".png", ".webp", ".avif", ".tif", ".tiff"];
