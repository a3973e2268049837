/**
 * The precompiled CLI: esbuild bundles bin/ranch-site.ts and generator/ into one CommonJS file in the
 * project's cache folder, so `ranch-site` runs on plain Node with no TypeScript compiler on its path.
 * CommonJS, not an ES module, so that the launcher can compile it with V8's code cache (bin/code-cache.js),
 * which Node 20 offers for scripts only.
 * `npm ci` runs this file through the `prepare` script; the launcher (bin/ranch-site.js) calls
 * `freshBundle()`, which rebundles in about a tenth of a second when a source file changed since.
 *
 * Plain JavaScript on purpose: it runs before anything is compiled.
 */
import { lstatSync, readFileSync, statSync } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const cacheFolder = path.join(packageRoot, "node_modules/.cache/ranch-site");
const outDir = path.join(cacheFolder, "cli");
const bundleFile = path.join(outDir, "ranch-site.cjs");
const manifestFile = path.join(outDir, "inputs.json");
/** Bump when the bundle's options change, so old bundles are rebuilt. */
const format = "ranch-site-cli/4";

/**
 * Packages that stay outside the bundle. React must be the very instance the compiled templates import
 * (hooks and context go through it), and it picks its production or development build when imported;
 * esbuild and sharp load native binaries of their own. Everything else (markdown-it, yaml, commander, chokidar …)
 * is bundled: one file parses faster than hundreds of small modules resolve.
 */
const external = ["react", "react-dom", "react-dom/*", "react/*", "esbuild", "sharp"];

/** The bundle's own URL, for the generator's `import.meta.url`. */
const importMetaUrl = 'var __ranchImportMetaUrl = require("node:url").pathToFileURL(__filename).href;';

/**
 * gray-matter requires js-yaml as it loads, for a default YAML engine that never runs here: the front matter
 * goes to the generator's own YAML reader (generator/load/markdown.ts gives gray-matter that engine and
 * refuses every other). The bundle holds a stub in its place that says so, should it ever be called: a warm
 * build of the real site runs 1.4 % fewer instructions (2.066 → 2.037 billion, callgrind, two runs each), and
 * nothing looks for esprima, which js-yaml would load to read `!!js/function` (YAML that runs code).
 */
const noJsYaml = {
  name: "no-js-yaml",
  setup(build) {
    build.onResolve({ filter: /^js-yaml$/ }, () => ({ path: "js-yaml", namespace: "ranch-site-stub" }));
    build.onLoad({ filter: /.*/, namespace: "ranch-site-stub" }, () => ({
      loader: "js",
      contents: `const refuse = () => {
  throw new Error("js-yaml is not in ranch-site's CLI: front matter is read by generator/io/yaml.ts");
};
module.exports = { safeLoad: refuse, safeDump: refuse };`,
    }));
  },
};

/** The bundle's path, rebuilt first if any of its sources changed (or it does not exist yet). */
export async function freshBundle({ log = (line) => console.error(line) } = {}) {
  refuseLinkedCache();
  const stale = staleReason();
  if (stale) {
    const started = performance.now();
    try {
      await bundle();
    } catch (error) {
      const first = error.errors?.[0];
      const where = first?.location
        ? `${first.location.file}:${first.location.line}:${first.location.column + 1}: `
        : "";
      throw new CompileError(`ranch-site: cannot compile the CLI: ${where}${first?.text ?? error.message}`);
    }
    if (stale !== "missing")
      log(`ranch-site: ${stale} changed, recompiled the CLI in ${Math.round(performance.now() - started)} ms`);
  }
  return bundleFile;
}

/**
 * The cache folder and its cli/ folder must be plain folders: through a symbolic link the launcher would
 * run a bundle from, and write its files into, wherever the link points. Checked before anything in it is
 * read or written; the generator checks its own parts the same way (generator/cache/folder.ts).
 */
function refuseLinkedCache() {
  for (const folder of [cacheFolder, outDir]) {
    const entry = lstatSync(folder, { throwIfNoEntry: false });
    if (entry && (entry.isSymbolicLink() || !entry.isDirectory()))
      throw new CompileError(
        `${folder}: ranch-site's cache folder is not a plain folder\n  hint: Delete it; the next run makes a new one.`,
      );
  }
}

/** The CLI's own sources do not compile: one line, no stack. */
export class CompileError extends Error {}

/** Why the bundle must be rebuilt: a changed source's path, "missing", or undefined when it is current. */
// Synchronous on purpose: a hundred stats of files in the page cache cost less than as many promises.
function staleReason() {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
    statSync(bundleFile);
  } catch {
    return "missing";
  }
  if (manifest.format !== format || manifest.node !== process.version) return "missing";
  for (const [file, [mtimeMs, size]] of Object.entries(manifest.inputs)) {
    const now = statSync(path.join(packageRoot, file), { throwIfNoEntry: false });
    if (!now || now.mtimeMs !== mtimeMs || now.size !== size) return file;
  }
  return undefined;
}

/** esbuild's options for the bundle, the same for the CLI and for its source map (sourceMapOfBundle). */
const bundleOptions = () => ({
  entryPoints: [path.join(packageRoot, "bin/ranch-site.ts")],
  absWorkingDir: packageRoot,
  bundle: true,
  write: false,
  platform: "node",
  format: "cjs",
  target: `node${process.versions.node}`,
  outfile: bundleFile,
  external,
  metafile: true,
  logLevel: "silent",
  legalComments: "none",
  // A third less to read, hash and decode on every run; names stay, so a stack trace still names its functions.
  minifyWhitespace: true,
  // The generator's ES modules ask import.meta.url for their own place: the bundle's, as before.
  define: { "import.meta.url": "__ranchImportMetaUrl" },
  banner: { js: importMetaUrl },
  plugins: [noJsYaml],
  // import("sharp") and import("esbuild") become require(): a script has no loader for import(), and
  // every package left outside the bundle is CommonJS.
  supported: { "dynamic-import": false },
  // Any other use of import.meta would be empty in CommonJS: a compile error, not a wrong value at run time.
  logOverride: { "empty-import-meta": "error" },
});

/** Bundles the CLI and records the mtime and size of every source file it read, both written atomically. */
export async function bundle() {
  const esbuild = await import("esbuild");
  const result = await esbuild.build(bundleOptions());
  const inputs = {};
  // package-lock.json stands for the bundled packages: an install that changes them recompiles the CLI.
  const sources = Object.keys(result.metafile.inputs).filter(
    (name) => !name.includes("node_modules/") && !name.startsWith("ranch-site-stub:"),
  );
  for (const file of [...sources, "package-lock.json"]) {
    const entry = await stat(path.join(packageRoot, file)).catch(() => undefined);
    if (entry) inputs[file] = [entry.mtimeMs, entry.size];
  }
  await mkdir(outDir, { recursive: true });
  await writeAtomically(bundleFile, result.outputFiles[0].contents);
  // The ES module bundle of earlier versions.
  await rm(path.join(outDir, "ranch-site.mjs"), { force: true });
  await writeAtomically(manifestFile, JSON.stringify({ format, node: process.version, inputs }, null, 2));
}

/**
 * The source map of the bundle as it is on disk, made with the same options: the CPU profiles of the bench
 * (bench/profile-summary.ts) name each sample's source file and package with it. The CLI never writes or reads
 * one (a map would cost every run its parse). Undefined when the bundle on disk is not what the sources give.
 */
export async function sourceMapOfBundle() {
  const esbuild = await import("esbuild");
  const result = await esbuild.build({ ...bundleOptions(), metafile: false, sourcemap: "external" });
  const code = result.outputFiles.find((file) => file.path.endsWith(".cjs"));
  const map = result.outputFiles.find((file) => file.path.endsWith(".map"));
  const onDisk = await readFile(bundleFile).catch(() => undefined);
  return onDisk && code && map && Buffer.from(code.contents).equals(onDisk)
    ? { file: bundleFile, map: map.text }
    : undefined;
}

/** A temporary name, then a rename: a launcher running beside this one sees the old file or the new one, never half. */
async function writeAtomically(file, contents) {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, contents, { flag: "wx" });
  await rename(temporary, file);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await bundle();
  console.log(
    `ranch-site: compiled the CLI into ${path.relative(packageRoot, bundleFile)} in ${Math.round(performance.now() - started)} ms`,
  );
}
