/**
 * The editor's own script, admin/editor.js: generator/editor/client/ bundled by esbuild with what the build
 * knows (the interface languages and their words, how the published editor signs in), from the project's
 * bundle cache while none of its sources changed (generator/cache/bundle.ts).
 */
import path from "node:path";
import type { BuildOptions } from "esbuild";
import { cachedBundle } from "../cache/bundle.ts";
import type { EditorSettings } from "./client/settings.ts";
import { wordsFolder } from "./words.ts";

/** The bundled script's text. */
export async function adminScript(settings: EditorSettings, cache = true): Promise<string> {
  // The generator's own folder (its package), wherever the CLI runs from.
  const packageRoot = path.resolve(wordsFolder(), "../../..");
  const options: BuildOptions & { absWorkingDir: string; metafile: true; write: false } = {
    absWorkingDir: packageRoot,
    entryPoints: [path.join(packageRoot, "generator/editor/client/admin.ts")],
    bundle: true,
    write: false,
    minify: true,
    metafile: true,
    logLevel: "silent",
    format: "iife",
    target: ["es2020", "chrome100", "firefox100", "safari15"],
    define: { __EDITOR__: JSON.stringify(settings) },
  };
  const bundle = await cachedBundle({ name: "admin-script", options }, cache, async () => ({
    result: await (await import("esbuild")).build(options),
  }));
  return bundle.outputFiles[0]!.text;
}
