import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Server } from "node:http";
import { build, resolveConfig, type ConfigInput } from "../../generator/index.ts";
import { startServer } from "../../generator/serve.ts";

/** The repository root: tests build its real content. */
export const projectRoot = path.resolve(import.meta.dirname, "../..");

/** Builds the real site into a fresh temp folder (tmpfs where there is one). */
export async function buildSite(options: ConfigInput = {}): Promise<string> {
  const outDir = await mkdtemp(path.join(tmpBase(), "ranch-site-"));
  await build(resolveConfig({ root: projectRoot, ...options, outDir }));
  return outDir;
}

/** Builds the real site and serves it on 127.0.0.1 as a static host would. */
export async function serveSite(
  options: ConfigInput = {},
): Promise<{ dir: string; origin: string; server: Server; close: () => Promise<void> }> {
  const dir = await buildSite(options);
  const config = resolveConfig({ root: projectRoot, ...options });
  const server = await startServer({ dir, port: 0, locales: config.locales, basePath: config.basePath });
  const { port } = server.address() as { port: number };
  return {
    dir,
    origin: `http://127.0.0.1:${port}`,
    server,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function tmpBase(): string {
  return process.platform === "linux" ? "/dev/shm" : os.tmpdir();
}
