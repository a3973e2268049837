/**
 * One output path, one owner (design.md §9): every file the build writes is claimed exactly once, by
 * a page, the bundler, a file of public/ or a generated file, and none leaves the output folder. A
 * clash is a located error that names both owners, before anything is written.
 */
import { hostConfigFiles } from "../hosts/host-config.ts";
import path from "node:path";
import { ContentError } from "../errors.ts";
import type { Place } from "../../model/problem.ts";
import { outputMarker } from "../../model/output.ts";
import type { Route } from "../../model/route.ts";
import type { OutputFile } from "../../model/output.ts";

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

/** An output path and who writes it. */
export interface Claim {
  path: string;
  owner: Owner;
}

/** Checks every output path; returns the problems, the later claimant located. */
export function claimOutputs(claims: readonly Claim[]): ContentError[] {
  const problems: ContentError[] = [];
  const claimed = new Map<string, Owner>();
  const folders = new Map<string, Owner>();
  // Files of public/ come last, so a clash is reported at the public file, which is the one to rename.
  const ordered = [
    ...claims.filter(({ owner }) => !owner.fromPublic),
    ...claims.filter(({ owner }) => owner.fromPublic),
  ];
  for (const { path: file, owner } of ordered) {
    const unsafe = unsafePath(file);
    if (unsafe) {
      problems.push(
        new ContentError(owner.place, `${owner.name} would write "${file}", ${unsafe}`, {
          hint: "Rename it to lowercase letters, digits and hyphens, inside the site.",
        }),
      );
      continue;
    }
    const [top] = file.split("/");
    if (owner.fromPublic && reservedFolders.includes(top!) && file.includes("/")) {
      problems.push(
        new ContentError(owner.place, `This file would go into ${top}/, the folder of the bundled styles and scripts`, {
          hint: `Move it to another folder of public/, such as public/images/.`,
        }),
      );
      continue;
    }
    const clash = claimed.get(file) ?? folders.get(file);
    if (clash) {
      problems.push(clashError(file, clash, owner));
      continue;
    }
    const parents = file.split("/").slice(0, -1);
    const parentClash = parents
      .map((_, index) => parents.slice(0, index + 1).join("/"))
      .find((folder) => claimed.has(folder));
    if (parentClash) {
      problems.push(clashError(parentClash, claimed.get(parentClash)!, owner));
      continue;
    }
    claimed.set(file, owner);
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
  // A host file may be hidden (Apache's .htaccess): the build writes it (generator/hosts/files.ts).
  if (segments.some((segment) => segment.startsWith(".")) && !(hostConfigFiles as readonly string[]).includes(file))
    return file === outputMarker ? "the name of ranch-site's output marker" : "a hidden file";
  return undefined;
}

/**
 * Every output path with its owner, known before a page is rendered: the pages (one per route), the
 * bundler's files, the files the build generates (images, sitemap, host configuration) and public/.
 */
export function outputClaims(
  routes: readonly Route[],
  bundled: readonly OutputFile[],
  generated: readonly OutputFile[],
  publicFiles: readonly OutputFile[],
): Claim[] {
  const pages = routes.map((route): Claim => {
    const source = route.page.markdown
      ? `content/pages/${route.page.markdown}.${route.locale}.md`
      : `templates/${route.page.template}`;
    return {
      path: route.file,
      owner: { name: `the page ${route.href} (${source})`, place: { file: source, line: 1, column: 1 } },
    };
  });
  return [
    ...pages,
    ...bundled.map((file) => ({
      path: file.path,
      // A stylesheet is bundled from templates/styles/, a script from templates/client/.
      owner: {
        name: `the bundled ${file.path}`,
        place: { file: file.path.endsWith(".css") ? "templates/styles/" : "templates/client/" },
      },
    })),
    ...generated.map((file) => ({
      path: file.path,
      owner: { name: `the generated ${file.path}`, place: { file: file.path } },
    })),
    ...publicFiles.map((file) => ({
      path: file.path,
      owner: { name: `public/${file.path}`, place: { file: `public/${file.path}` }, fromPublic: true },
    })),
  ];
}
