/**
 * The files the web editor may save, read off the configuration Decap itself is given
 * (cms-config.ts), so the two cannot disagree: each collection's files by name, each folder
 * collection's `<name>.<lang>.<extension>`, and photos in the media folder with the image pipeline's
 * extensions, under a size limit, with a plain name. Anything else (`public/media/evil.js`, an `.html`
 * that would be published on the owner's domain, a file in a folder no collection has) is refused.
 */
import path from "node:path";
import { createCmsConfig } from "./cms-config.ts";
import { loadSharp } from "../images/sharp.ts";
import { originalExtensions } from "../images/slots.ts";

/** The largest photo the editor takes: a camera's full-size JPEG fits, a video does not. */
export const mediaLimitBytes = 20 * 1024 * 1024;

/** A photo's name: letters, digits, `-` and `_`, single dots between them, ending in one of the pipeline's extensions. */
const plainMediaName = new RegExp(
  `^[A-Za-z0-9][A-Za-z0-9_-]*(?:\\.[A-Za-z0-9_-]+)*(?:${originalExtensions.map((extension) => `\\${extension}`).join("|")})$`,
  "i",
);

/**
 * An entry's name as Decap makes it from a title (lowercased, words joined by hyphens; letters of any
 * script, as its default slug keeps them): no dots, slashes or spaces. A page's stricter rule (its name
 * is its address) is the build's, and `check` refuses such a save with its own line.
 */
const entryName = /^[\p{Ll}\p{Lo}\p{Nd}]+(?:[-_][\p{Ll}\p{Lo}\p{Nd}]+)*$/u;

/** What the editor may save: entries by path, photos by path. */
export interface EditorFiles {
  /** Whether a project-relative path is a file of one of the collections. */
  entry(file: string): boolean;
  /** Whether a project-relative path is a photo in a media folder of the configuration. */
  media(file: string): boolean;
  /** The media folders, project-relative (`public/media`). */
  mediaFolders: readonly string[];
}

type Field = { media_folder?: string; fields?: Field[]; field?: Field };

type Collection = {
  files?: { file: string; fields?: Field[] }[];
  folder?: string;
  extension?: string;
  i18n?: unknown;
  media_folder?: string;
};

const strip = (folder: string) => folder.replace(/^\/+|\/+$/g, "");

/** The editor's files for these languages, from the configuration `createCmsConfig` makes. */
export function editorFiles(locales: readonly string[]): EditorFiles {
  // The paths depend on the languages alone, not on the dictionary's keys or the offers' names.
  const config = createCmsConfig({ locales, dictionaryKeys: [], offerNames: [] }) as {
    media_folder?: string;
    i18n?: { structure?: string };
    collections: Collection[];
  };
  const files = new Set<string>();
  const folders: { folder: string; extension: string; perLocale: boolean }[] = [];
  const mediaFolders = new Set<string>(config.media_folder ? [strip(config.media_folder)] : []);
  for (const collection of config.collections) {
    for (const file of collection.files ?? []) {
      files.add(file.file);
      // A form of a file named by its language (a page, `about-me.de.md`): its folder too, whose files are
      // the form's whichever pages it holds when the editor opens (a page added in git is edited at once).
      const extension = path.posix.extname(file.file).slice(1);
      const named = locales.some((code) => file.file.endsWith(`.${code}.${extension}`));
      if (named && !folders.some((known) => known.folder === path.posix.dirname(file.file)))
        folders.push({ folder: path.posix.dirname(file.file), extension, perLocale: true });
    }
    if (collection.folder)
      folders.push({
        folder: strip(collection.folder),
        extension: collection.extension ?? "md",
        perLocale: Boolean(collection.i18n) && config.i18n?.structure === "multiple_files",
      });
    // A collection's own media folder, when it names one in the project (not one beside each entry),
    // and a field's (the photo slots' content/images/).
    if (collection.media_folder?.startsWith("/")) mediaFolders.add(strip(collection.media_folder));
    for (const file of collection.files ?? [])
      for (const folder of fieldMediaFolders(file.fields)) mediaFolders.add(folder);
  }
  const entry = (file: string) => {
    if (files.has(file)) return true;
    return folders.some(({ folder, extension, perLocale }) => {
      if (path.posix.dirname(file) !== folder) return false;
      const name = path.posix.basename(file);
      if (!name.endsWith(`.${extension}`)) return false;
      let stem = name.slice(0, -extension.length - 1);
      if (perLocale) {
        const locale = locales.find((code) => stem.endsWith(`.${code}`));
        if (!locale) return false;
        stem = stem.slice(0, -locale.length - 1);
      }
      return entryName.test(stem);
    });
  };
  const media = (file: string) =>
    mediaFolders.has(path.posix.dirname(file)) && plainMediaName.test(path.posix.basename(file));
  return { entry, media, mediaFolders: [...mediaFolders] };
}

/** The project media folders that fields name (`media_folder: /content/images`), at any depth. */
function fieldMediaFolders(fields: readonly Field[] = []): string[] {
  return fields.flatMap((field) => [
    ...(field.media_folder?.startsWith("/") ? [strip(field.media_folder)] : []),
    ...fieldMediaFolders(field.fields),
    ...fieldMediaFolders(field.field ? [field.field] : []),
  ]);
}

/** What sharp calls the format each of the pipeline's extensions names. */
const formatOf: Record<string, string> = {
  ".jpg": "jpeg",
  ".jpeg": "jpeg",
  ".png": "png",
  ".webp": "webp",
  ".avif": "heif",
  ".tif": "tiff",
  ".tiff": "tiff",
};

/**
 * Whether the bytes are a photo of the kind the name says, as the image pipeline's own reader (sharp)
 * sees them: a page or a script named `.png` is no photo, whatever a browser would make of it.
 */
export async function isPhotoOfItsKind(file: string, data: Buffer): Promise<boolean> {
  const expected = formatOf[path.posix.extname(file).toLowerCase()];
  if (!expected) return false;
  const sharp = await loadSharp();
  const metadata = await sharp(data)
    .metadata()
    .catch(() => undefined);
  return metadata?.format === expected;
}
