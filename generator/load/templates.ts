import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import type { TemplateModule } from "../../templates/types.ts";

const require = createRequire(import.meta.url);
let cached: { hash: string; module: TemplateModule } | undefined;

/**
 * Compiles templates/ with esbuild and imports the result, so that `watch` picks up template edits
 * without a restart. A module is only imported again when the compiled code changed.
 */
export async function loadTemplates(root: string): Promise<{ module: TemplateModule; sources: Map<string, string> }> {
  const result = await esbuild.build({
    entryPoints: [path.join(root, "templates/index.ts")],
    absWorkingDir: root,
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
    const url = `data:text/javascript;base64,${Buffer.from(output!.contents).toString("base64")}`;
    cached = { hash: output!.hash, module: (await import(url)) as TemplateModule };
  }
  return { module: cached.module, sources };
}

/** A data: module can only import absolute URLs, so packages such as react are imported from their resolved files. */
const externalByAbsoluteUrl: esbuild.Plugin = {
  name: "external-by-absolute-url",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("node:")) return { path: args.path, external: true };
      return { path: pathToFileURL(require.resolve(args.path)).href, external: true };
    });
  },
};
