/**
 * The image stages build.ts calls: `planImages` after loading (names, sizes and markup of every photo and
 * Open Graph card, known before anything is encoded) and `encodeImages` before writing (through the cache).
 */
import type { SiteConfig } from "../config.ts";
import type { Content } from "../load/content.ts";
import { renderHeroArt, renderOpenGraphSvgs, type MissingKey, type SlotPictures } from "../render/pages.ts";
import type { Links } from "../../model/route.ts";
import type { TemplateModule } from "../../model/page.ts";
import { runEncodeJobs, variantJob, type EncodeJob, type EncodeResult } from "./encode.ts";
import { heroArtFile } from "./hero-art.ts";
import { openGraphJob } from "./og-image.ts";
import type { OutputFile } from "../../model/output.ts";
import { formatsFor, imageSlots, type ImageSlot } from "./slots.ts";
import { imageStore } from "../cache/store.ts";
import { planImage } from "./variants.ts";

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
export function planImages(config: SiteConfig, content: Content, templates: TemplateModule, links: Links): ImagePlan {
  const jobs: EncodeJob[] = content.images.markdownVariants.map(variantJob);
  const slots = new Map<
    ImageSlot,
    { picture: (alt: string) => ReturnType<SlotPictures>; alt: Record<string, string> }
  >();
  for (const image of Object.values(content.images.catalogue.slots)) {
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
  const openGraph = renderOpenGraphSvgs(content, templates);
  for (const [locale, svg] of openGraph.svgs) {
    const job = openGraphJob(locale, svg);
    jobs.push(job);
    ogImages[locale] = links.assetUrl(job.path);
  }
  // The drawing stands in the hero's cell only while the owner has no hero photo.
  const art = slots.has("hero") ? undefined : heroArtFile(renderHeroArt(templates));
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
