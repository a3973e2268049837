import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

/** A smooth, photo-like JPEG (gradients, no noise, so encoders stay quick) of a given size, made by sharp. */
export async function makePhoto(width: number, height: number, tint: [number, number, number] = [60, 110, 70]) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      pixels[offset] = Math.min(255, tint[0] + (x * 60) / width);
      pixels[offset + 1] = Math.min(255, tint[1] + (y * 60) / height);
      pixels[offset + 2] = Math.min(255, tint[2] + ((x + y) * 30) / (width + height));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Writes photos into a project's content/images/ and, if given, its images.yaml. */
export async function addImages(root: string, photos: Record<string, Buffer>, manifest?: string) {
  const folder = path.join(root, "content/images");
  await mkdir(folder, { recursive: true });
  await Promise.all(Object.entries(photos).map(([name, bytes]) => writeFile(path.join(folder, name), bytes)));
  if (manifest !== undefined) await writeFile(path.join(folder, "images.yaml"), manifest);
}
