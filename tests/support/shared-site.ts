/**
 * Global setup of the tiers that read the built site: the real site is built once per run, into
 * tmpfs, and every test file gets its folder through `inject("siteDir")` (see builtSite()).
 * Files that need another build (a base path, a broken copy) still make their own.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { build, resolveConfig } from "../../generator/index.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The real site, built once with the default config; read it, never change it. */
    siteDir: string;
  }
}

export default async function setup(project: TestProject) {
  const base = process.platform === "linux" ? "/dev/shm" : os.tmpdir();
  const dir = path.join(await mkdtemp(path.join(base, "ranch-shared-")), "dist");
  await build(resolveConfig({ root: path.resolve(import.meta.dirname, "../.."), outDir: dir }));
  project.provide("siteDir", dir);
  return () => rm(path.dirname(dir), { recursive: true, force: true });
}
