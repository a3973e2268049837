/**
 * Global setup of the tiers that read the built site: the real site is built once per run, into
 * tmpfs, and every test file gets its folder through `inject("siteDir")` (see builtSite()).
 * Files that need another build (a base path, a broken copy) still make their own.
 *
 * It also keeps a copy of the cache that build filled (`inject("projectCache")`): copies of the project
 * start from it (copyProject()), as an editor's checkout does, instead of rendering every markdown
 * file and Open Graph card afresh in each of them.
 *
 * vitest runs every project's global setup in its main process, one after another, before any test
 * starts, and loads this file once per project. The build is kept on `globalThis`, so the tiers of
 * one run share it (one build for `npm test`, not one per tier), and removed after the last tier.
 */
import { execFile } from "node:child_process";
import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";
import { cacheDir } from "../../generator/cache/folder.ts";
import { build, resolveConfig } from "../../generator/index.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The real site, built once with the default config and `--precompress`; read it, never change it. */
    siteDir: string;
    /** The project's cache folder as the shared build left it, for copies of the project; never change it. */
    projectCache: string;
  }
}

interface SharedBuild {
  folders: Promise<{ siteDir: string; projectCache: string }>;
  users: number;
}

const key = Symbol.for("ranch-site.tests.shared-site");
const shared = globalThis as typeof globalThis & { [key]?: SharedBuild };

async function buildOnce(): Promise<{ siteDir: string; projectCache: string }> {
  const root = path.resolve(import.meta.dirname, "../..");
  // The launcher recompiles the CLI after an edit of generator/ and says so on stderr: done here, once, so that the
  // tests that run the bin, many at a time, see neither that line nor the compile.
  await promisify(execFile)(process.execPath, [path.join(root, "bin/ranch-site.js"), "--version"]);
  const base = await mkdtemp(path.join(process.platform === "linux" ? "/dev/shm" : os.tmpdir(), "ranch-shared-"));
  const siteDir = path.join(base, "dist");
  // With the .br and .gz copies its GitHub Pages host does without: the tiers serve it as nginx and Apache do.
  await build(resolveConfig({ root, outDir: siteDir, precompress: true }));
  // No test runs yet, so nothing else writes the cache while it is copied. The compiled CLI stays out.
  const projectCache = path.join(base, "cache");
  await cp(cacheDir(root), projectCache, { recursive: true, filter: (source) => path.basename(source) !== "cli" });
  return { siteDir, projectCache };
}

export default async function setup(project: TestProject) {
  const entry = (shared[key] ??= { folders: buildOnce(), users: 0 });
  entry.users++;
  const { siteDir, projectCache } = await entry.folders;
  project.provide("siteDir", siteDir);
  project.provide("projectCache", projectCache);
  return async () => {
    if (--entry.users > 0) return;
    delete shared[key];
    await rm(path.dirname(siteDir), { recursive: true, force: true });
  };
}
