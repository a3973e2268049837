/**
 * Runs the precompiled CLI (one CommonJS file, bin/cli-bundle.js) with V8's code cache: the code V8
 * compiled for it in an earlier run, kept beside it, so a run neither parses nor compiles most of its
 * 1.4 MB again: a warm build of the real site takes 35 ms less CPU and 110 ms less wall time (medians of
 * 15 pairs, issue 25). Node 20 keeps no such cache for modules itself
 * (module.enableCompileCache came with Node 22); a script compiled by node:vm can take one.
 *
 * The cache file holds a tag, the SHA-256 of the bundle it was made from and the SHA-256 of V8's data,
 * then the data. It is used only when both hashes match (V8 checks no more than the source's length,
 * and its data's integrity only in debug builds), and then only if V8 accepts it for its version and
 * flags. Otherwise the bundle is compiled afresh and, once the command has run (so the cache holds the
 * functions it used), a new cache file replaces the old one atomically.
 *
 * Plain JavaScript on purpose: it runs before anything is compiled.
 */
import { createHash } from "node:crypto";
import { closeSync, constants, openSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";
import vm from "node:vm";

const tag = Buffer.from("ranch-site-code-cache/1\n");
const hashLength = 32;

/** Runs the CommonJS file `file` as Node would require it, with the code cache beside it. */
export function runWithCodeCache(file) {
  const bytes = readFileSync(file);
  const sourceHash = sha256(bytes);
  const cacheFile = `${file}.code-cache`;
  const cachedData = readCache(cacheFile, sourceHash);
  const script = new vm.Script(Module.wrap(bytes.toString("utf8")), {
    filename: file,
    cachedData,
    // The bundle turns import() into require(); should one be left, it loads as in any module.
    importModuleDynamically: vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  if (!cachedData || script.cachedDataRejected)
    // After the command (its pending work done): the cache then holds every function it compiled.
    process.once("beforeExit", () => writeCache(cacheFile, sourceHash, script.createCachedData()));
  const module = { exports: {}, filename: file, id: file, loaded: false };
  script.runInThisContext().call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  module.loaded = true;
}

/** V8's data from `cacheFile` if it was made from the source with this hash and is whole; else undefined. */
function readCache(cacheFile, sourceHash) {
  let cache;
  try {
    const handle = openSync(cacheFile, constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      cache = readFileSync(handle);
    } finally {
      closeSync(handle);
    }
  } catch {
    return undefined;
  }
  const dataStart = tag.length + 2 * hashLength;
  if (cache.length <= dataStart || !cache.subarray(0, tag.length).equals(tag)) return undefined;
  const madeFrom = cache.subarray(tag.length, tag.length + hashLength);
  const dataHash = cache.subarray(tag.length + hashLength, dataStart);
  const data = cache.subarray(dataStart);
  return madeFrom.equals(sourceHash) && dataHash.equals(sha256(data)) ? data : undefined;
}

/** Writes the cache through a new temporary file renamed over the old: a run beside this one reads either, whole. */
function writeCache(cacheFile, sourceHash, data) {
  const temporary = `${cacheFile}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    const handle = openSync(
      temporary,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o644,
    );
    try {
      writeFileSync(handle, Buffer.concat([tag, sourceHash, sha256(data), data]));
    } finally {
      closeSync(handle);
    }
    renameSync(temporary, cacheFile);
  } catch {
    // A cache that cannot be written costs the next run its compile time, nothing else.
    rmSync(temporary, { force: true });
  }
}

const sha256 = (bytes) => createHash("sha256").update(bytes).digest();
