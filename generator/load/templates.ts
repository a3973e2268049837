import { randomBytes } from "node:crypto";
import { readFile, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import type { TemplateModule } from "../../templates/types.ts";
import { cacheDir, ensureCacheFolder } from "../cache.ts";
import { ContentError, displayPath, UsageError } from "../errors.ts";

const require = createRequire(import.meta.url);
let cached: { hash: string; module: TemplateModule } | undefined;

/**
 * Compiles templates/ with esbuild and imports the result, so that `watch` picks up template edits
 * without a restart. A module is only imported again when the compiled code changed. The compiled
 * file is written to the project's cache folder under a name no other build uses (exclusive
 * creation, a random part), imported, and deleted at once: its inline source map is already read,
 * so a template's stack trace still names its own lines, and no edit leaves a file behind.
 */
export async function loadTemplates(root: string): Promise<{ module: TemplateModule; sources: Map<string, string> }> {
  const entry = path.join(root, "templates/index.ts");
  if (
    !(await stat(entry).then(
      (found) => found.isFile(),
      () => false,
    ))
  )
    throw new UsageError(`${path.join(displayPath(root), "templates/index.ts")}: the templates' index is missing`, {
      hint: "Give the project folder with --root, the one that holds templates/index.ts.",
    });
  const folder = cacheDir(root);
  const result = await esbuild
    .build({
      entryPoints: [entry],
      absWorkingDir: root,
      outdir: path.join(folder, "templates"),
      bundle: true,
      write: false,
      format: "esm",
      platform: "node",
      jsx: "automatic",
      sourcemap: "inline",
      metafile: true,
      logLevel: "silent",
      plugins: [externalByAbsoluteUrl],
    })
    .catch((error: unknown) => {
      throw templateError(error, root);
    });
  const [output] = result.outputFiles;
  const sources = new Map<string, string>();
  for (const input of Object.keys(result.metafile.inputs).filter((file) => file.startsWith("templates/"))) {
    sources.set(input, await readFile(path.join(root, input), "utf8"));
  }
  if (!cached || cached.hash !== output!.hash) {
    const dir = await ensureCacheFolder(root, "templates");
    const file = path.join(dir, `templates.${output!.hash.replace(/\W/g, "")}.${randomBytes(6).toString("hex")}.mjs`);
    await writeFile(file, output!.contents, { flag: "wx", mode: 0o600 });
    try {
      cached = { hash: output!.hash, module: (await import(pathToFileURL(file).href)) as TemplateModule };
    } finally {
      await rm(file, { force: true });
    }
  }
  return { module: cached.module, sources };
}

/** A template that does not compile: located at its first error, as content errors are; anything else is ours. */
function templateError(error: unknown, root: string): unknown {
  const first = (error as { errors?: esbuild.Message[] }).errors?.[0];
  if (!first) return error;
  if (!first.location) {
    const missing = /Could not resolve "(.+?)"/.exec(first.text);
    return new UsageError(`${missing ? missing[1] : "templates/index.ts"}: ${first.text}`, {
      hint: "Give the project folder with --root, the one that holds templates/index.ts.",
    });
  }
  const file = path.relative(root, path.resolve(root, first.location.file)).split(path.sep).join("/");
  return new ContentError({ file, line: first.location.line, column: first.location.column + 1 }, first.text, {
    hint: "Fix the template; the build stops until it compiles.",
  });
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
