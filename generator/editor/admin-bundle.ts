/**
 * The web editor's code: Decap CMS's prebuilt bundle from npm (React inside) and the chunks it loads
 * later from beside itself. Nothing of it comes from another origin: /admin/ serves these files.
 */
import { readFile, readdir } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { PublicFile } from "../../model/content.ts";

/** The bundle's main file and its lazily loaded chunks (`1077.decap-cms.js`), under admin/. */
export async function loadAdminBundle(): Promise<PublicFile[]> {
  const dist = path.join(path.dirname(createRequire(import.meta.url).resolve("decap-cms/package.json")), "dist");
  const names = (await readdir(dist)).filter((name) => /^(\d+\.)?decap-cms\.js$/.test(name)).sort();
  return Promise.all(
    names.map(async (name) => ({ path: `admin/${name}`, contents: await readFile(path.join(dist, name)) })),
  );
}
