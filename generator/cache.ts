import path from "node:path";

/** The project's own cache folder (design.md §9): never a shared system folder. */
export function cacheDir(root: string): string {
  return path.join(root, "node_modules/.cache/ranch-site");
}
