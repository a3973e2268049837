/** The public API of ranch-site: the only module bin/ imports. */
import { stat } from "node:fs/promises";
import { build, type BuildReport } from "./build.ts";
import type { SiteConfig } from "./config.ts";
import { UsageError } from "./errors.ts";
import { readHostHeaders } from "./host-headers.ts";
import { startServer } from "./serve.ts";
import { hostConfigFiles } from "./write/host-config.ts";
import { MemoryWriter } from "./write/writer.ts";

export { build, type BuildReport } from "./build.ts";
export { resolveConfig, defaults, type ConfigInput, type SiteConfig } from "./config.ts";
export { formatError, isUserError, ContentError, ContentErrors, RenderError } from "./errors.ts";
export { watch, type WatchOptions } from "./watch.ts";
export { ContentWarning, countWarnings, formatWarnings } from "./warnings.ts";
export { reportToGithub } from "./github-report.ts";
export { writeJsonSchemas } from "./json-schemas.ts";
export { markTranslationsReviewed } from "./translations-reviewed.ts";
export { MemoryWriter, DiskWriter, type OutputFile, type Writer } from "./write/writer.ts";

/** Every check a build makes, rendering included, with nothing written. */
export function check(config: SiteConfig): Promise<BuildReport> {
  return build({ ...config, mode: "build" }, new MemoryWriter());
}

/** Serves a built output folder for a production preview. */
export async function serve(config: SiteConfig, port: number) {
  const exists = await stat(config.outDir)
    .then((entry) => entry.isDirectory())
    .catch(() => false);
  if (!exists) throw new UsageError(`There is no built site in ${config.outDir}: run "ranch-site build" first.`);
  const headers = await readHostHeaders(config.outDir, config.basePath);
  const server = await startServer({
    dir: config.outDir,
    port,
    basePath: config.basePath,
    locales: config.locales,
    headers,
    hiddenFiles: hostConfigFiles,
  });
  const address = server.address() as { port: number };
  return { server, url: `http://localhost:${address.port}${config.basePath}` };
}
