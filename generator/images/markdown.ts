/**
 * Markdown images (`![What it shows](../images/herd.jpg)`) go through the same pipeline as the slots:
 * the alt text is the markdown's own, the path is relative to the markdown file (so an editor's preview on
 * GitHub shows the photo too), and the `<img>` becomes a `<picture>` with width, height and sizes.
 */
import path from "node:path";
import type { Element, ElementContent } from "hast";
import { defaultSchema, type Schema } from "hast-util-sanitize";
import type { Image } from "mdast";
import type { PictureImage } from "../../model/image.ts";
import { ContentError } from "../errors.ts";
import { imagesFolder, tooSmall, type ImageCatalogue } from "./catalogue.ts";
import { markdownImage, type ImageFormat } from "./slots.ts";
import { planImage, type Variant } from "./variants.ts";

/** What the markdown renderer needs to turn an image into a `<picture>`. */
export interface MarkdownImages {
  catalogue: ImageCatalogue;
  formats: (opaque: boolean) => readonly ImageFormat[];
  asset: (file: string) => string;
  /** Variants of every image written in markdown, for the encoder. */
  variants: Variant[];
}

/** Where the markdown text sits in its file, for locating problems. */
export interface MarkdownPlace {
  file: string;
  bodyLine: number;
  problems: ContentError[];
}

/** The mdast-to-hast handler for images: a `<picture>`, or nothing (and a located problem) for a bad image. */
export function imageHandler(images: MarkdownImages, where: MarkdownPlace) {
  return (_state: unknown, node: Image): Element | undefined => {
    const start = node.position?.start;
    const place = { file: where.file, line: where.bodyLine + (start?.line ?? 1) - 1, column: start?.column ?? 1 };
    const problem = (reason: string, hint: string) => (
      where.problems.push(new ContentError(place, reason, { hint })),
      undefined
    );
    const example = `![What the photo shows](../images/${path.posix.basename(node.url) || "photo.jpg"})`;
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(node.url))
      return problem(
        "Images from other sites are not allowed: loading one would contact a third party before consent",
        `Save the photo into ${imagesFolder}/ and write ${example}.`,
      );
    if (!node.alt?.trim())
      return problem("The image has no alternative text", `Say what the photo shows between the brackets: ${example}.`);
    // `/favicon.svg` is the site's own file, served from public/ at the site's root: no photo of the page.
    if (node.url.startsWith("/"))
      return problem(
        `${node.url} is public${safeDecode(node.url)}, a file of the site, not a photo from ${imagesFolder}/`,
        `Put the photo into ${imagesFolder}/ and link it relative to this file: ${example}.`,
      );
    const file = path.posix.normalize(path.posix.join(path.posix.dirname(where.file), safeDecode(node.url)));
    const source = images.catalogue.sources.get(file);
    if (!source)
      return problem(
        `${file} does not exist`,
        `Put the photo into ${imagesFolder}/ and link it relative to this file: ${example}.`,
      );
    const needed = Math.max(...markdownImage.widths);
    if (source.width < needed)
      return (where.problems.push(tooSmall(place, source, needed, "an image in a page")), undefined);
    const plan = planImage(source, markdownImage.widths, images.formats(source.opaque), images.asset);
    images.variants.push(...plan.variants);
    return pictureElement(plan.picture(node.alt.trim()), markdownImage.sizes);
  };
}

/** `%20` and umlauts written as `%C3%A4` name the file's own characters; a broken escape stays as written. */
function safeDecode(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

/** The markup of templates/components/Picture.tsx, as hast: lazy, sized, with the placeholder colour behind it. */
function pictureElement(image: PictureImage, sizes: string): Element {
  const element = (tagName: string, properties: Element["properties"], children: ElementContent[] = []): Element => ({
    type: "element",
    tagName,
    properties,
    children,
  });
  const tone = image.tone
    ? [
        element(
          "svg",
          {
            className: ["picture-tone"],
            viewBox: "0 0 1 1",
            preserveAspectRatio: "none",
            ariaHidden: "true",
            focusable: "false",
          },
          [element("rect", { width: "1", height: "1", fill: image.tone })],
        ),
      ]
    : [];
  return element("span", { className: ["picture"] }, [
    ...tone,
    element("picture", {}, [
      ...image.sources.map((source) => element("source", { type: source.type, srcSet: source.srcset, sizes })),
      element("img", {
        src: image.src,
        srcSet: image.srcset,
        sizes,
        width: image.width,
        height: image.height,
        alt: image.alt,
        loading: "lazy",
        decoding: "async",
      }),
    ]),
  ]);
}

/**
 * The default (GitHub) sanitising schema, with `tel:` links beside `mailto:` ones: a phone number in a page
 * is tapped to call (issue 35). The schema of a page without photos.
 */
export const textSchema: Schema = {
  ...defaultSchema,
  protocols: { ...defaultSchema.protocols, href: [...(defaultSchema.protocols?.href ?? []), "tel"] },
};

/** The text schema, plus exactly what the `<picture>` above needs. */
export const pictureSchema: Schema = {
  ...textSchema,
  tagNames: [...(defaultSchema.tagNames ?? []), "svg", "rect"],
  attributes: {
    ...defaultSchema.attributes,
    span: [...(defaultSchema.attributes?.span ?? []), ["className", "picture"]],
    svg: [
      ["className", "picture-tone"],
      ["viewBox", "0 0 1 1"],
      ["preserveAspectRatio", "none"],
      ["ariaHidden", "true"],
      ["focusable", "false"],
    ],
    rect: [
      ["width", "1"],
      ["height", "1"],
      ["fill", /^#[0-9a-f]{6}$/],
    ],
    source: [...(defaultSchema.attributes?.source ?? []), "type", "sizes"],
    img: [...(defaultSchema.attributes?.img ?? []), "srcSet", "sizes", ["loading", "lazy"], ["decoding", "async"]],
  },
};
