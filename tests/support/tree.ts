import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** Every file of a folder with the SHA-256 of its bytes: two equal snapshots mean byte-identical trees. */
export async function hashFiles(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  const hashes = await Promise.all(
    files.map(async (file) => [
      path.relative(dir, file),
      createHash("sha256")
        .update(await readFile(file))
        .digest("hex"),
    ]),
  );
  return Object.fromEntries(hashes.sort());
}
