/** Photos as templates see them: the contract between the image pipeline (generator/images/) and templates/. */

/** The photo slots of the templates; content/images/images.yaml fills them. */
export type ImageSlot = "hero" | "animals" | "trainer" | "group";

/** A photo ready for `<picture>`: encoded sources per format, the fallback `<img>`, its size and its alt text. */
export interface PictureImage {
  /** What the photo shows, in the page's language. */
  alt: string;
  /** Size of the largest variant: with the `sizes` of the slot, the browser reserves the space before it loads. */
  width: number;
  height: number;
  /** `<source>` elements, preferred format first (AVIF, then WebP). */
  sources: { type: string; srcset: string }[];
  /** The `<img>` fallback (JPEG, or PNG for transparent images; WebP under `watch`). */
  src: string;
  srcset: string;
  /** Dominant colour `#rrggbb` shown while the photo loads; undefined for transparent images. */
  tone?: string;
}
