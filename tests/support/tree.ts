import { createHash } from "node:crypto";
import { readdir, readFile, readlink } from "node:fs/promises";
import path from "node:path";

/**
 * Every entry under a folder by its relative path: a link as `link → <target>`, a folder as `folder`,
 * a file as `describeFile` says. Two equal results mean nothing was added, removed or changed.
 */
export async function describeTree(
  dir: string,
  describeFile: (full: string) => Promise<string>,
): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const described = await Promise.all(
    entries.map(async (entry) => {
      const full = path.join(entry.parentPath, entry.name);
      const name = path.relative(dir, full);
      if (entry.isSymbolicLink()) return [name, `link → ${await readlink(full)}`] as const;
      if (!entry.isFile()) return [name, "folder"] as const;
      return [name, await describeFile(full)] as const;
    }),
  );
  return Object.fromEntries(described.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Every entry under a folder (see describeTree), a file as the SHA-256 of its bytes. */
export const hashTree = (dir: string) =>
  describeTree(dir, async (full) =>
    createHash("sha256")
      .update(await readFile(full))
      .digest("hex"),
  );

/** Every file of a folder with the SHA-256 of its bytes (no folders, no links): equal results mean byte-identical files. */
export async function hashFiles(dir: string): Promise<Record<string, string>> {
  const tree = await hashTree(dir);
  return Object.fromEntries(
    Object.entries(tree).filter(([, hash]) => hash !== "folder" && !hash.startsWith("link → ")),
  );
}
