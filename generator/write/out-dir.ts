/**
 * Which folder a build may replace (design.md §9, "Ownership"). The build swaps a whole new folder
 * into place, so the output folder is lost each time: it must be a folder ranch-site owns. As Vite
 * never empties an outDir it does not own, this refuses the project, its ancestors, its sources,
 * files, links, mount points and any folder that is neither empty nor marked as earlier output.
 */
import type { Stats } from "node:fs";
import { lstat, readdir, readFile, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { displayPath, UsageError } from "../errors.ts";
import { outputMarker } from "../../model/output.ts";

/** What the marker (model/output.ts `outputMarker`) says to whoever finds it. No host serves it: nginx.conf refuses it, and _redirects on Netlify and Cloudflare Pages (hosts/host-config.ts). */
export const outputMarkerText =
  "This folder was written by ranch-site build, which replaces it as a whole on every build.\n" +
  "Keep nothing of your own in it. Delete this file to stop ranch-site from replacing the folder.\n";

/** Folders of a project that hold sources: never an output folder, nor anything inside them. */
export const sourceFolders = [
  "content",
  "templates",
  "public",
  "generator",
  "bin",
  "tests",
  "node_modules",
  ".git",
] as const;

/** Output of ranch-site from before the marker existed: its `_headers` starts with this line. */
const legacyHeadersLine = "# Netlify and Cloudflare Pages headers, written by ranch-site build.";

/**
 * Throws a UsageError when a build must not replace `outDir`. The rules need only the two paths and
 * the folder itself, so `watch` checks the same before it starts.
 */
export async function checkOutDir(root: string, outDir: string): Promise<void> {
  const refuse = refusing(outDir);
  const ownFolder = "Build into a folder of its own beside the sources, such as --out dist.";
  if (path.parse(outDir).root === outDir)
    refuse("the root of the file system cannot be the output folder, which the build replaces as a whole", ownFolder);

  const project = await realFolder(root);
  const target = await realFolder(outDir);
  if (target === project) refuse("this is the project folder, which the build would replace with the site", ownFolder);
  if (isInside(target, project))
    refuse("this folder holds the project, which the build would replace with the site", ownFolder);
  if (isInside(project, target)) {
    const [first] = path.relative(project, target).split(path.sep);
    const source = sourceFolders.find((folder) => folder === first);
    if (source)
      refuse(
        target === path.join(project, source)
          ? `this is the project's ${source}/ folder, which the build would replace with the site`
          : `this folder is inside the project's ${source}/ folder, whose files are sources, not output`,
        ownFolder,
      );
  }

  // Another build may swap its site into place while this looks (the lock is taken only for the swap): a folder
  // renamed away mid-look is looked at again, so a whole site in the making is never taken for a stranger's folder.
  for (let look = 0; ; look++) {
    const entry = await lstat(outDir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return undefined;
      return refuse(
        `the folder cannot be read (${error.code})`,
        "Choose a folder you may read and write, or fix its permissions.",
      );
    });
    if (!entry) return;
    const refusal = await refuseFolder(outDir, entry).catch((error: unknown) => error);
    if (refusal === undefined) return;
    const now = await lstat(outDir).catch(() => undefined);
    // The same folder still, or another in its place? A removed folder's inode number is soon given to a new
    // one, so the change time, which a rename sets, tells the two apart too.
    const same = now?.ino === entry.ino && now.dev === entry.dev && now.ctimeMs === entry.ctimeMs;
    if (look >= 10 || same) throw refusal;
  }
}

/** The refusal of `outDir` as one line: `--out <folder>: <reason>`, with what to do. */
const refusing =
  (outDir: string) =>
  (reason: string, hint: string): never => {
    throw new UsageError(`--out ${displayPath(outDir)}: ${reason}`, { hint });
  };

/** Throws a UsageError unless `outDir`, found as `entry`, is a folder ranch-site may replace. */
async function refuseFolder(outDir: string, entry: Stats): Promise<void> {
  const refuse = refusing(outDir);
  if (entry.isSymbolicLink())
    refuse(
      "this is a symbolic link; the build would replace the link, not the folder it points to",
      "Give the folder itself, if ranch-site may replace it.",
    );
  if (!entry.isDirectory()) refuse("this is a file, not a folder", "Give a folder: the build writes the site into it.");

  const parent = await stat(path.dirname(outDir));
  if (parent.dev !== entry.dev || parent.ino === entry.ino)
    refuse(
      "this folder is a mount point, which the build cannot replace as a whole",
      `Build into a folder inside it, such as --out ${path.join(displayPath(outDir), "site")}.`,
    );
  if (!(await isOwned(outDir)))
    refuse(
      `this folder is not empty and holds no ${outputMarker} file, so it is not ranch-site's to replace`,
      "Give a new or empty folder, or delete this one yourself if nothing in it is needed.",
    );
}

/** Empty, marked by an earlier build, or written by a build from before the marker. */
async function isOwned(folder: string): Promise<boolean> {
  const names = await readdir(folder);
  if (names.length === 0) return true;
  const marker = await lstat(path.join(folder, outputMarker)).catch(() => undefined);
  if (marker?.isFile()) return true;
  const headers = await readFile(path.join(folder, "_headers"), "utf8").catch(() => "");
  return headers.startsWith(legacyHeadersLine) && names.includes("sitemap.xml") && names.includes("index.html");
}

/** The real path of a folder that may not exist yet: its nearest existing ancestor, links resolved, plus the rest. */
async function realFolder(folder: string): Promise<string> {
  const rest: string[] = [];
  let current = folder;
  for (;;) {
    try {
      return path.join(await realpath(current), ...rest.reverse());
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return folder;
      rest.push(path.basename(current));
      current = parent;
    }
  }
}

/** Whether `inner` lies below `outer` (not equal to it). */
function isInside(outer: string, inner: string): boolean {
  const relative = path.relative(outer, inner);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}
