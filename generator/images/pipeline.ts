/**
 * The image stages build.ts calls: `planImages` after loading (names, sizes and markup of every photo and
 * Open Graph card, known before anything is encoded) and `encodeImages` before writing (through the cache).
 * The stage is fed, and reaches into no other stage: it is handed the loaded images and the drawings the
 * render stage makes of the templates (`Drawings`), and its results are types of its own, which the render
 * stage reads.
 */
import type { SiteConfig } from "../config.ts";
import type { MissingKey } from "../i18n.ts";
import type { ImageSlot as Slot, PictureImage } from "../../model/image.ts";
import type { Links } from "../../model/route.ts";
import type { ImageCatalogue } from "./catalogue.ts";
import { runEncodeJobs, variantJob, type EncodeJob, type EncodeResult } from "./encode.ts";
import { heroArtFile } from "./hero-art.ts";
import { openGraphJob } from "./og-image.ts";
import type { OutputFile } from "../../model/output.ts";
import { formatsFor, imageSlots, type ImageSlot } from "./slots.ts";
import { imageStore } from "../cache/store.ts";
import { planImage, type Variant } from "./variants.ts";

/** The photo of a slot in a locale, if the slot has one. */
export type SlotPictures = (slot: Slot, locale: string) => PictureImage | undefined;

/** What the image stage gives the pages: the slots' photos and each locale's Open Graph card (absolute URL). */
export interface RenderImages {
  picture: SlotPictures;
  ogImages: Record<string, string>;
  /** The hero illustration's file, as the pages link it. */
  heroArt: string;
  /** Keys the Open Graph cards asked for that their locale does not define: reported with the pages'. */
  missing?: MissingKey[];
}

/** The images the load stage found: the originals of content/images/, and the variants the markdown asks for. */
export interface LoadedImages {
  catalogue: ImageCatalogue;
  markdownVariants: Variant[];
}

/** The drawings the image stage encodes, rendered from the templates by the render stage (build.ts hands them in). */
export interface Drawings {
  /** Each locale's Open Graph card as an SVG document, and the keys it asked for that its locale does not define. */
  openGraph(): { svgs: Map<string, string>; missing: MissingKey[] };
  /** The hero illustration as an SVG document: drawn only where no hero photo stands in its place. */
  heroArt(): string;
}

/** Every image file a build makes, and what the templates need to show them. */
export interface ImagePlan {
  jobs: EncodeJob[];
  /** Files written as they are, with nothing to encode: the hero drawing. */
  files: OutputFile[];
  /** The photo of a slot in a locale, ready for templates/components/Picture.tsx. */
  picture: SlotPictures;
  /** Absolute URL of each locale's Open Graph card. */
  ogImages: Record<string, string>;
  /** The hero illustration's file, as the pages link it. */
  heroArt: string;
  /** Translation keys the cards asked for that their locale does not define. */
  missing: MissingKey[];
}

/** Plans the variants of the slot photos and markdown images, and one Open Graph card per locale. */
export function planImages(config: SiteConfig, images: LoadedImages, drawings: Drawings, links: Links): ImagePlan {
  const jobs: EncodeJob[] = images.markdownVariants.map(variantJob);
  const slots = new Map<
    ImageSlot,
    { picture: (alt: string) => ReturnType<SlotPictures>; alt: Record<string, string> }
  >();
  for (const image of Object.values(images.catalogue.slots)) {
    const plan = planImage(
      image.source,
      imageSlots[image.slot].widths,
      formatsFor(config.mode, image.source.opaque),
      links.asset,
    );
    jobs.push(...plan.variants.map(variantJob));
    slots.set(image.slot, { picture: plan.picture, alt: image.alt });
  }
  const ogImages: Record<string, string> = {};
  const openGraph = drawings.openGraph();
  for (const [locale, svg] of openGraph.svgs) {
    const job = openGraphJob(locale, svg);
    jobs.push(job);
    ogImages[locale] = links.assetUrl(job.path);
  }
  // The drawing stands in the hero's cell only while the owner has no hero photo.
  const art = slots.has("hero") ? undefined : heroArtFile(drawings.heroArt());
  return {
    jobs,
    files: art ? [art] : [],
    heroArt: art ? links.asset(art.path) : "",
    picture: (slot, locale) => {
      const image = slots.get(slot);
      return image && image.picture(image.alt[locale]!);
    },
    ogImages,
    missing: openGraph.missing,
  };
}

/** Encodes what the plan names, reusing the project's cache; the files go to the writer with the rest. */
export async function encodeImages(plan: ImagePlan, config: SiteConfig): Promise<EncodeResult> {
  const encoded = await runEncodeJobs(plan.jobs, imageStore(config.root, config.cache));
  return { ...encoded, files: [...encoded.files, ...plan.files] };
}
