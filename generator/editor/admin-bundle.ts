/**
 * The web editor's code: Decap CMS's prebuilt bundle (React inside) and the chunks it loads later from beside
 * itself. Nothing of it comes from another origin: /admin/ serves these files. They are not an npm dependency
 * (the package would bring 670 packages that nothing runs): `npm run get-editor` (bin/get-editor.js) fetches the
 * exact version of generator/editor/decap-cms.json, checks its sha512 and unpacks the bundle into the cache folder.
 */
import { readFile, readdir } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { PublicFile } from "../../model/content.ts";
import pin from "../editor/decap-cms.json" with { type: "json" };
import { UsageError } from "../errors.ts";

/** Where bin/get-editor.js puts the bundle: node_modules/.cache/ranch-site/editor/decap-cms-<version>/. */
export function adminBundleDir(): string {
  // The generator's own node_modules (wherever its code runs from: the sources, or the CLI bundle in the cache).
  const modules = path.resolve(createRequire(import.meta.url).resolve("yaml/package.json"), "../..");
  return path.join(modules, ".cache/ranch-site/editor", `${pin.package}-${pin.version}`);
}

/** The bundle's main file and its lazily loaded chunks (`1077.decap-cms.js`), under admin/. */
export async function loadAdminBundle(): Promise<PublicFile[]> {
  const dir = adminBundleDir();
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => /^(\d+\.)?decap-cms\.js$/.test(name))
    .sort();
  if (!names.includes("decap-cms.js"))
    throw new UsageError(`The web editor's code (${pin.package} ${pin.version}) is not installed`, {
      hint: "Get it once with: npm run get-editor",
    });
  return Promise.all(
    names.map(async (name) => ({ path: `admin/${name}`, contents: await readFile(path.join(dir, name)) })),
  );
}
