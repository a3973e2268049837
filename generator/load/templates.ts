import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import type { TemplateModule } from "../../model/page.ts";
import { defaults } from "../config.ts";
import { placeAt, type Place } from "../errors.ts";

const require = createRequire(import.meta.url);
let cached: { hash: string; module: TemplateModule } | undefined;

const cacheDir = path.join(os.tmpdir(), "ranch-site-templates");

/** The compiled page templates, and where each translation key is written in their sources. */
export interface Templates {
  module: TemplateModule;
  /** Every quoted dotted key (`"hero.title"`) in the templates a page uses, at its first place. */
  keys: ReadonlyMap<string, Place>;
}

/**
 * Compiles the page templates the route table names (templates/<file>) with esbuild and imports the
 * result, so that `watch` picks up template edits without a restart. A module is only imported again
 * when the compiled code changed. The compiled file lives in a temp cache with its source map, so a
 * template's stack trace names its own lines.
 */
export async function loadTemplates(root: string, templateFiles: readonly string[]): Promise<Templates> {
  const result = await esbuild.build({
    stdin: {
      contents: templateEntry(templateFiles),
      resolveDir: path.join(root, defaults.folders.templates),
      loader: "ts",
    },
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
  const inputs = Object.keys(result.metafile.inputs).filter((file) =>
    file.startsWith(`${defaults.folders.templates}/`),
  );
  const keys = new Map<string, Place>();
  for (const file of inputs) {
    const source = await readFile(path.join(root, file), "utf8");
    for (const [key, offset] of quotedKeys(source))
      if (!keys.has(key)) keys.set(key, { file, ...placeAt(source, offset) });
  }
  if (!cached || cached.hash !== output!.hash) {
    const file = path.join(cacheDir, `templates.${output!.hash.replace(/\W/g, "")}.mjs`);
    await mkdir(cacheDir, { recursive: true });
    await writeFile(file, output!.contents);
    cached = { hash: output!.hash, module: (await import(pathToFileURL(file).href)) as TemplateModule };
  }
  return { module: cached.module, keys };
}

/** The module esbuild compiles: each page template of the route table, by its file, and the Open Graph card. */
function templateEntry(templateFiles: readonly string[]): string {
  const files = [...new Set(templateFiles)];
  return [
    ...files.map((file, index) => `import page${index} from ${JSON.stringify(`./${file}`)};`),
    `export const templates = { ${files.map((file, index) => `${JSON.stringify(file)}: page${index}`).join(", ")} };`,
    'export { OpenGraphImage as openGraphImage } from "./OpenGraphImage.tsx";',
  ].join("\n");
}

/** `"hero.title"` and the offset of its first letter, for each quoted dotted name in a source. */
function* quotedKeys(source: string): Generator<[string, number]> {
  for (const match of source.matchAll(/(["'`])([A-Za-z][\w-]*(?:\.[\w-]+)+)\1/g)) yield [match[2]!, match.index + 1];
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
