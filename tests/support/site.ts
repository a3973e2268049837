import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Server } from "node:http";
import { inject } from "vitest";
import { build, loadLanguages, resolveConfig, type ConfigInput } from "../../generator/index.ts";
import { startServer } from "../../generator/dev/serve.ts";

/** The repository root: tests build its real content. */
export const projectRoot = path.resolve(import.meta.dirname, "../..");

/** The real site with the default config and its .br/.gz copies, built once per run by tests/support/shared-site.ts. Read only. */
export function builtSite(): string {
  const dir = inject("siteDir");
  if (!dir)
    throw new Error("No shared build: this tier has no globalSetup tests/support/shared-site.ts (vitest.config.ts)");
  return dir;
}

/**
 * Builds the real site with these options into a fresh temp folder (tmpfs where there is one); the caller
 * removes it. With .br and .gz copies unless the options say otherwise, as the shared build has them.
 */
export async function buildSite(options: ConfigInput = {}): Promise<string> {
  const outDir = await mkdtemp(path.join(tmpBase(), "ranch-site-"));
  await build(resolveConfig({ root: projectRoot, precompress: true, ...options, outDir }));
  return outDir;
}

/**
 * Serves the real site on 127.0.0.1 as a static host would: the shared build, or with options a build
 * of its own, which `close` removes.
 */
export async function serveSite(
  options: ConfigInput = {},
): Promise<{ dir: string; origin: string; server: Server; close: () => Promise<void> }> {
  const own = Object.keys(options).length > 0;
  const dir = own ? await buildSite(options) : builtSite();
  const config = resolveConfig({ root: projectRoot, ...options });
  const languages = await loadLanguages(projectRoot);
  // As the real host does (nginx gzip_static): Lighthouse and the budgets see the bytes a visitor downloads.
  const server = await startServer({
    dir,
    port: 0,
    site: () => ({ locales: languages }),
    basePath: config.basePath,
    precompressed: true,
  });
  const { port } = server.address() as { port: number };
  return {
    dir,
    origin: `http://127.0.0.1:${port}`,
    server,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (own) await rm(dir, { recursive: true, force: true });
    },
  };
}

function tmpBase(): string {
  return process.platform === "linux" ? "/dev/shm" : os.tmpdir();
}
