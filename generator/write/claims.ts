/**
 * One output path, one owner (design.md §9): every file the build writes is claimed exactly once, by
 * a page, the bundler, a file of public/ or a generated file, and none leaves the output folder. A
 * clash is a located error that names both owners, before anything is written.
 */
import path from "node:path";
import { ContentError, type Place } from "../errors.ts";
import { outputMarker } from "./out-dir.ts";
import type { Route } from "../routes.ts";
import type { OutputFile } from "./writer.ts";

/** Who writes an output file, in words, and the source file to point at when it clashes. */
export interface Owner {
  /** `the page /contact/ (templates/pages/Contact.tsx)`, `public/robots.txt`. */
  name: string;
  place: Place;
  /** Files of public/ may not go into folders the build fills itself. */
  fromPublic?: boolean;
}

/** Folders that belong to the build alone: the bundler's hashed files, served as immutable. */
const reservedFolders = ["assets"];

/** Checks every output path; returns the problems, the later claimant located. */
export function claimOutputs(files: readonly OutputFile[], ownerOf: (file: OutputFile) => Owner): ContentError[] {
  const problems: ContentError[] = [];
  const claimed = new Map<string, Owner>();
  const folders = new Map<string, Owner>();
  // Files of public/ come last, so a clash is reported at the public file, which is the one to rename.
  const owned = files.map((file) => ({ file, owner: ownerOf(file) }));
  const ordered = [...owned.filter(({ owner }) => !owner.fromPublic), ...owned.filter(({ owner }) => owner.fromPublic)];
  for (const { file, owner } of ordered) {
    const unsafe = unsafePath(file.path);
    if (unsafe) {
      problems.push(
        new ContentError(owner.place, `${owner.name} would write "${file.path}", ${unsafe}`, {
          hint: "Rename it to lowercase letters, digits and hyphens, inside the site.",
        }),
      );
      continue;
    }
    const [top] = file.path.split("/");
    if (owner.fromPublic && reservedFolders.includes(top!) && file.path.includes("/")) {
      problems.push(
        new ContentError(owner.place, `This file would go into ${top}/, the folder of the bundled styles and scripts`, {
          hint: `Move it to another folder of public/, such as public/images/.`,
        }),
      );
      continue;
    }
    const clash = claimed.get(file.path) ?? folders.get(file.path);
    if (clash) {
      problems.push(clashError(file.path, clash, owner));
      continue;
    }
    const parents = file.path.split("/").slice(0, -1);
    const parentClash = parents
      .map((_, index) => parents.slice(0, index + 1).join("/"))
      .find((folder) => claimed.has(folder));
    if (parentClash) {
      problems.push(clashError(parentClash, claimed.get(parentClash)!, owner));
      continue;
    }
    claimed.set(file.path, owner);
    parents.forEach((_, index) => {
      const folder = parents.slice(0, index + 1).join("/");
      if (!folders.has(folder)) folders.set(folder, owner);
    });
  }
  return problems;
}

function clashError(outputPath: string, first: Owner, second: Owner): ContentError {
  return new ContentError(
    second.place,
    `Two sources write "${outputPath}" in the output folder: ${second.name} and ${first.name}`,
    { hint: "Rename or remove one of them: every file of the site has exactly one source." },
  );
}

/** Why an output path is not a plain path inside the output folder, or undefined when it is. */
function unsafePath(file: string): string | undefined {
  if (file === "" || path.posix.isAbsolute(file) || file.includes("\\")) return "which is not a relative path";
  const segments = file.split("/");
  if (segments.some((segment) => segment === "" || segment === "." || segment === ".."))
    return "which leaves the output folder";
  if (segments.some((segment) => segment.startsWith(".")))
    return file === outputMarker ? "the name of ranch-site's output marker" : "a hidden file";
  return undefined;
}

/** Who writes each output file, for the one-owner check: pages, the bundler, public/, or the build itself. */
export function outputOwners(
  routes: readonly Route[],
  pages: readonly OutputFile[],
  bundled: readonly OutputFile[],
  publicFiles: readonly OutputFile[],
): (file: OutputFile) => Owner {
  const owners = new Map<OutputFile, Owner>();
  pages.forEach((page, index) => {
    const route = routes[index]!;
    const source = route.page.markdown
      ? `content/pages/${route.page.markdown}.${route.locale}.md`
      : `templates/${route.page.template}`;
    owners.set(page, { name: `the page ${route.href} (${source})`, place: { file: source, line: 1, column: 1 } });
  });
  for (const file of bundled)
    owners.set(file, { name: `the bundled ${file.path}`, place: { file: "templates/index.ts" } });
  for (const file of publicFiles)
    owners.set(file, { name: `public/${file.path}`, place: { file: `public/${file.path}` }, fromPublic: true });
  return (file) => owners.get(file) ?? { name: `the generated ${file.path}`, place: { file: file.path } };
}
