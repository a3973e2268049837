import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import type { TemplateModule } from "../../model/page.ts";

const require = createRequire(import.meta.url);
let cached: { hash: string; module: TemplateModule } | undefined;

const cacheDir = path.join(os.tmpdir(), "ranch-site-templates");

/**
 * Compiles templates/ with esbuild and imports the result, so that `watch` picks up template edits
 * without a restart. A module is only imported again when the compiled code changed. The compiled
 * file lives in a temp cache with its source map, so a template's stack trace names its own lines.
 */
export async function loadTemplates(root: string): Promise<{ module: TemplateModule; sources: Map<string, string> }> {
  const result = await esbuild.build({
    entryPoints: [path.join(root, "templates/index.ts")],
    absWorkingDir: root,
    outdir: cacheDir,
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    jsx: "automatic",
    sourcemap: "inline",
    metafile: true,
    logLevel: "silent",
    plugins: [externalByAbsoluteUrl],
  });
  const [output] = result.outputFiles;
  const sources = new Map<string, string>();
  for (const input of Object.keys(result.metafile.inputs).filter((file) => file.startsWith("templates/"))) {
    sources.set(input, await readFile(path.join(root, input), "utf8"));
  }
  if (!cached || cached.hash !== output!.hash) {
    const file = path.join(cacheDir, `templates.${output!.hash.replace(/\W/g, "")}.mjs`);
    await mkdir(cacheDir, { recursive: true });
    await writeFile(file, output!.contents);
    cached = { hash: output!.hash, module: (await import(pathToFileURL(file).href)) as TemplateModule };
  }
  return { module: cached.module, sources };
}

/** The compiled file sits outside the project, so packages such as react are imported from their resolved files. */
const externalByAbsoluteUrl: esbuild.Plugin = {
  name: "external-by-absolute-url",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("node:")) return { path: args.path, external: true };
      return { path: pathToFileURL(require.resolve(args.path)).href, external: true };
    });
  },
};
