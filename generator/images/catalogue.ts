/**
 * The load stage of images: the originals in content/images/ and images.yaml, which gives each photo its
 * slot on the pages and its alternative text in every language (design.md §9). Only this file and the
 * encoder import sharp.
 */
import { access, readFile } from "node:fs/promises";
import path from "node:path";
import { ContentError, type Loaded } from "../errors.ts";
import { readText } from "../io/files.ts";
import { listTree } from "../io/walk.ts";
import { describeKind, readYaml, type Position, type YamlEntry } from "../io/yaml.ts";
import { loadSharp } from "./sharp.ts";
import { imageSlots, originalExtensions, type ImageSlot } from "./slots.ts";
import { digest, type ImageStore } from "../cache/store.ts";

export const imagesFolder = "content/images";
export const manifestFile = `${imagesFolder}/images.yaml`;

/** An original photo, read and measured. */
export interface ImageSource {
  /** Relative to the project root: `content/images/herd.jpg`. */
  file: string;
  /** SHA-256 of its bytes: the cache key of everything made from it. */
  hash: string;
  /** Size after the camera's orientation is applied. */
  width: number;
  height: number;
  /** No transparent pixel: a JPEG fallback and a placeholder colour fit. */
  opaque: boolean;
  /** Its dominant colour `#rrggbb`, shown while the photo loads; none for transparent images. */
  tone?: string;
  bytes: Uint8Array;
}

/** A photo in one of the templates' slots. */
export interface SlotImage {
  slot: ImageSlot;
  source: ImageSource;
  /** Alternative text by locale. */
  alt: Record<string, string>;
}

/** Every original, by file, and the photos of the slots. */
export interface ImageCatalogue {
  sources: Map<string, ImageSource>;
  slots: Partial<Record<ImageSlot, SlotImage>>;
}

/** Reads content/images/: every original and images.yaml; each problem becomes a located ContentError. */
export async function loadImages(
  root: string,
  locales: readonly string[],
  store: ImageStore,
): Promise<Loaded<ImageCatalogue>> {
  const listed = await listTree(root, imagesFolder);
  const problems = listed.problems;
  const files = listed.value
    .filter((file) => originalExtensions.includes(path.extname(file).toLowerCase()))
    .map((file) => path.posix.join(imagesFolder, file));
  const sources = new Map<string, ImageSource>();
  for (const source of await Promise.all(files.map((file) => readSource(root, file, store, problems)))) {
    if (source) sources.set(source.file, source);
  }
  const slots = await readManifest(root, locales, sources, problems);
  return { value: { sources, slots }, problems };
}

interface Measured {
  width: number;
  height: number;
  opaque: boolean;
  tone?: string;
}

async function readSource(
  root: string,
  file: string,
  store: ImageStore,
  problems: ContentError[],
): Promise<ImageSource | undefined> {
  const bytes = await readFile(path.join(root, file));
  const hash = digest(bytes);
  try {
    const { bytes: json } = await store.through(digest("measure 1", hash), async () =>
      Buffer.from(JSON.stringify(await measure(bytes))),
    );
    return { file, hash, bytes, ...(JSON.parse(Buffer.from(json).toString("utf8")) as Measured) };
  } catch (error) {
    problems.push(
      new ContentError({ file }, "This file cannot be read as an image", {
        hint: "Export the photo again as JPEG or PNG (HEIC and RAW files are not supported), or remove it.",
        cause: error,
      }),
    );
    return undefined;
  }
}

/** Size as displayed (EXIF orientation applied), transparency, and the dominant colour of a small copy. */
async function measure(bytes: Uint8Array): Promise<Measured> {
  const sharp = await loadSharp();
  const metadata = await sharp(bytes).metadata();
  const { width, height } = metadata.autoOrient;
  const small = await sharp(bytes).resize(64, 64, { fit: "inside" }).toBuffer();
  const stats = await sharp(small).stats();
  const hex = (value: number) => value.toString(16).padStart(2, "0");
  const tone = `#${hex(stats.dominant.r)}${hex(stats.dominant.g)}${hex(stats.dominant.b)}`;
  return { width, height, opaque: stats.isOpaque, ...(stats.isOpaque ? { tone } : {}) };
}

async function readManifest(
  root: string,
  locales: readonly string[],
  sources: Map<string, ImageSource>,
  problems: ContentError[],
): Promise<Partial<Record<ImageSlot, SlotImage>>> {
  const slots: Partial<Record<ImageSlot, SlotImage>> = {};
  const exists = await access(path.join(root, manifestFile)).then(
    () => true,
    () => false,
  );
  if (!exists) return slots;
  const read = await readText(root, manifestFile);
  if ("error" in read) return (problems.push(read.error), slots);
  const { root: node, errors } = readYaml(read.text, manifestFile);
  problems.push(...errors);
  if (!node) return slots;
  const at = (position: Position) => ({ file: manifestFile, ...position });
  if (node.kind !== "map") {
    problems.push(
      new ContentError(at(node.at), `The list of photos must be a group of slots, found ${describeKind(node)}`, {
        hint: `Start each photo with its slot (${Object.keys(imageSlots).join(", ")}) followed by a colon.`,
      }),
    );
    return slots;
  }
  for (const entry of node.entries) {
    if (!(entry.key in imageSlots)) {
      problems.push(
        new ContentError(at(entry.keyAt), `There is no photo slot "${entry.key}"`, {
          hint: `The pages have these slots: ${Object.keys(imageSlots).join(", ")}. Photos inside a page's text go in its markdown as ![What it shows](../images/name.jpg).`,
        }),
      );
      continue;
    }
    const slot = entry.key as ImageSlot;
    const image = readSlot(slot, entry, { locales, sources, problems });
    if (image) slots[slot] = image;
  }
  return slots;
}

/** What every slot of the manifest is read against, and where its problems go. */
interface Manifest {
  locales: readonly string[];
  sources: Map<string, ImageSource>;
  problems: ContentError[];
}

function readSlot(
  slot: ImageSlot,
  { node, keyAt }: YamlEntry,
  { locales, sources, problems }: Manifest,
): SlotImage | undefined {
  const at = (position: Position) => ({ file: manifestFile, ...position });
  if (node.kind !== "map") {
    problems.push(
      new ContentError(at(node.at), `"${slot}" must be a group with file and alt, found ${describeKind(node)}`, {
        hint: "Indent `file: name.jpg` and `alt:` (with one line per language) below the slot.",
      }),
    );
    return undefined;
  }
  for (const entry of node.entries.filter((candidate) => !["file", "alt"].includes(candidate.key))) {
    problems.push(
      new ContentError(at(entry.keyAt), `Unknown key "${slot}.${entry.key}"`, {
        hint: "A photo has two keys: file and alt.",
      }),
    );
  }
  const fileNode = node.entries.find((entry) => entry.key === "file")?.node;
  const altNode = node.entries.find((entry) => entry.key === "alt")?.node;
  const alt: Record<string, string> = {};
  for (const locale of locales) {
    const text = altNode?.kind === "map" ? altNode.entries.find((entry) => entry.key === locale)?.node : undefined;
    if (text?.kind === "scalar" && typeof text.value === "string" && text.value.trim()) {
      alt[locale] = text.value.trim();
      continue;
    }
    problems.push(
      new ContentError(
        at(text?.at ?? altNode?.at ?? keyAt),
        `The photo "${slot}" has no alternative text in "${locale}"`,
        {
          hint: `Add \`${locale}: …\` under \`alt:\`: one sentence saying what the photo shows, for visitors who cannot see it.`,
        },
      ),
    );
  }
  if (fileNode?.kind !== "scalar" || typeof fileNode.value !== "string" || !fileNode.value.trim()) {
    problems.push(
      new ContentError(at(fileNode?.at ?? keyAt), `The photo "${slot}" names no file`, {
        hint: `Add \`file: name.jpg\`, the name of the photo in ${imagesFolder}/.`,
      }),
    );
    return undefined;
  }
  const file = path.posix.join(imagesFolder, fileNode.value.trim());
  const source = sources.get(file);
  if (!source) {
    const known = [...sources.keys()].map((name) => path.posix.relative(imagesFolder, name));
    problems.push(
      new ContentError(at(fileNode.at), `${file} does not exist`, {
        hint: known.length
          ? `Put the photo into ${imagesFolder}/ or fix the name; the folder holds ${known.join(", ")}.`
          : `Put the photo into ${imagesFolder}/ (as JPEG, PNG, WebP or AVIF) with this name.`,
      }),
    );
    return undefined;
  }
  const needed = Math.max(...imageSlots[slot].widths);
  if (source.width < needed) {
    problems.push(tooSmall(at(fileNode.at), source, needed, `the "${slot}" slot`));
    return undefined;
  }
  if (Object.keys(alt).length < locales.length) return undefined;
  return { slot, source, alt };
}

/** A source narrower than the widest image made from it would have to be enlarged, and look blurred. */
export function tooSmall(place: ContentError["place"], source: ImageSource, needed: number, where: string) {
  return new ContentError(place, `${source.file} is ${source.width} px wide; ${where} needs at least ${needed} px`, {
    hint: "Use the original photo from the camera or phone, not a smaller copy: images are never enlarged.",
    kind: "photoTooNarrow",
    values: { file: source.file, width: source.width, needed },
  });
}
