/**
 * The photo slots of content/images/images.yaml as a form of the web editor: per slot the photo (uploaded
 * into content/images/, saved as its bare file name, as images.yaml names it) and its alternative text in
 * every language. Whether the photo is wide enough for its slot, and in a format the pipeline reads, is
 * checked by `check` when the editor saves, like every other rule (generator/images/catalogue.ts).
 */
import { imagesFolder } from "../images/catalogue.ts";
import { imageSlots, originalExtensions } from "../images/slots.ts";

/** Where each slot shows, for the editor: the README's table in one line each. */
const shownAt: Record<keyof typeof imageSlots, string> = {
  hero: "The first view of the home page, behind the title",
  animals: "The ranch's animals, above the animal cards on the home page",
  trainer: "The trainer's portrait, at the top of the about-me page",
  group: "A training group, above the testimonials on the references page",
};

type Field = Record<string, unknown>;

/** The collection: one file, images.yaml, with one optional group per slot. */
export function photoSlotsCollection(locales: readonly string[]): Field {
  const formats = originalExtensions.map((extension) => extension.slice(1).toUpperCase()).join(", ");
  const slot = (name: keyof typeof imageSlots): Field => ({
    name,
    label: name.charAt(0).toUpperCase() + name.slice(1),
    widget: "object",
    required: false,
    collapsed: false,
    hint: `${shownAt[name]}. At least ${Math.max(...imageSlots[name].widths)} px wide.`,
    fields: [
      {
        name: "file",
        label: "Photo",
        widget: "image",
        required: false,
        choose_url: false,
        // Saved as the file name alone, beside images.yaml, which is how images.yaml names its photos.
        media_folder: `/${imagesFolder}`,
        public_folder: "",
        hint: `${formats}, as it came from the camera or phone (no HEIC).`,
      },
      {
        name: "alt",
        label: "What the photo shows",
        widget: "object",
        required: false,
        fields: locales.map((code) => ({
          name: code,
          label: `In ${new Intl.DisplayNames("en", { type: "language" }).of(code)}`,
          widget: "string",
          required: false,
          hint: "One sentence, for visitors who cannot see the photo.",
        })),
      },
    ],
  });
  return {
    name: "photos",
    label: "Photos",
    editor: { preview: false },
    files: [
      {
        name: "photos",
        label: "Photos of the pages",
        file: `${imagesFolder}/images.yaml`,
        fields: (Object.keys(imageSlots) as (keyof typeof imageSlots)[]).map(slot),
      },
    ],
  };
}
