/**
 * The photo slots of content/images/images.yaml as a form of the web editor: per slot the photo (uploaded
 * into content/images/, saved as its bare file name, as images.yaml names it) and its alternative text in
 * every language. Whether the photo is wide enough for its slot, and in a format the pipeline reads, is
 * checked by `check` when the editor saves, like every other rule (generator/images/catalogue.ts). Where each
 * slot shows, and its words, are in the tables of generator/editor/words/.
 */
import { imagesFolder } from "../images/catalogue.ts";
import { imageSlots, originalExtensions } from "../images/slots.ts";
import { fill, labelOf, languageName, type Words } from "./words.ts";

type Field = Record<string, unknown>;

/** The collection in the interface language of `words`: one file, images.yaml, with one optional group per slot. */
export function photoSlotsCollection(locales: readonly string[], words: Words): Field {
  const formats = originalExtensions.map((extension) => extension.slice(1).toUpperCase()).join(", ");
  const photos = words.photos;
  const slot = (name: keyof typeof imageSlots): Field => ({
    name,
    label: photos[name] ?? labelOf(name),
    widget: "object",
    required: false,
    collapsed: false,
    hint: [photos[`${name}Hint`], fill(photos["width"] ?? "", { width: Math.max(...imageSlots[name].widths) })]
      .filter(Boolean)
      .join(" "),
    fields: [
      {
        name: "file",
        label: photos["file"] ?? "Photo",
        widget: "image",
        required: false,
        choose_url: false,
        // Saved as the file name alone, beside images.yaml, which is how images.yaml names its photos.
        media_folder: `/${imagesFolder}`,
        public_folder: "",
        hint: fill(photos["fileHint"] ?? "{formats}", { formats }),
      },
      {
        name: "alt",
        label: photos["alt"] ?? "What the photo shows",
        widget: "object",
        required: false,
        fields: locales.map((code) => ({
          name: code,
          label: fill(photos["altIn"] ?? "In {language}", { language: languageName(code, words.language) }),
          widget: "string",
          required: false,
          ...(photos["altHint"] ? { hint: photos["altHint"] } : {}),
        })),
      },
    ],
  });
  return {
    name: "photos",
    label: words.collections["photos"] ?? "Photos",
    format: "ranch-yaml",
    editor: { preview: false },
    files: [
      {
        name: "photos",
        label: words.collections["photosFile"] ?? "Photos of the pages",
        file: `${imagesFolder}/images.yaml`,
        fields: (Object.keys(imageSlots) as (keyof typeof imageSlots)[]).map(slot),
      },
    ],
  };
}
