/** The public API of ranch-site: the only module bin/ imports. */
import { stat } from "node:fs/promises";
import { build, type BuildReport } from "./build.ts";
import type { SiteConfig } from "./config.ts";
import { UsageError } from "./errors.ts";
import { allowedHostNames, serverUrls, type ServerOptions } from "./dev/listen.ts";
import { startServer } from "./dev/serve.ts";
import { headerRules, headersFor, type HeaderRules, type HostConfigInput } from "./hosts/host-config.ts";
import { MemoryWriter } from "./write/writer.ts";

export { build, type BuildReport } from "./build.ts";
export { resolveConfig, defaults, type ConfigInput, type SiteConfig } from "./config.ts";
export { formatError, isUserError, printable, ContentError, ContentErrors, RenderError } from "./errors.ts";
export { watch, type WatchOptions } from "./dev/watch.ts";
export { checkOutDir } from "./write/out-dir.ts";
export { outputMarker } from "../model/output.ts";
export { ContentWarning, countWarnings, formatWarnings } from "./warnings.ts";
export { reportToGithub } from "./check/github-report.ts";
export { writeJsonSchemas } from "./editor/json-schemas.ts";
export { deployPlan, type DeployPlan } from "./check/deploy-plan.ts";
export { writeCmsConfig } from "./editor/cms-config.ts";
export { loadLanguages } from "./load/site.ts";
export { markTranslationsReviewed } from "./editor/translations-reviewed.ts";
export { movedPortLine, networkLines, type ServerOptions } from "./dev/listen.ts";
export { MemoryWriter, DiskWriter, type Writer } from "./write/writer.ts";
export type { OutputFile } from "../model/output.ts";

/** Every check a build makes, rendering included, with nothing written. */
export function check(config: SiteConfig): Promise<BuildReport> {
  return build({ ...config, mode: "build" }, new MemoryWriter());
}

/** How `serve` runs. */
export interface ServeCommandOptions extends ServerOptions {
  /** Where status lines go (refused hosts, a moved port). */
  log: (line: string) => void;
}

/**
 * Serves a built output folder for a production preview, with the headers the shipped host
 * configuration gives each file. `serve` did not run that build, and nothing reads the `_headers`
 * it wrote back: the rules come from the sources through the same stages and the same pure
 * function (`headerRules`) that wrote them, in a build that writes nothing.
 */
export async function serve(config: SiteConfig, options: ServeCommandOptions) {
  const exists = await stat(config.outDir)
    .then((entry) => entry.isDirectory())
    .catch(() => false);
  if (!exists) throw new UsageError(`There is no built site in ${config.outDir}: run "ranch-site build" first.`);
  // Listen first, so a busy port is reported at once; requests wait for the rules.
  let rules: HeaderRules | undefined;
  let site: HostConfigInput | undefined;
  let rulesReady: (value?: unknown) => void = () => {};
  const server = await startServer({
    dir: config.outDir,
    port: options.port,
    host: options.host,
    strictPort: options.strictPort,
    allowedHosts: allowedHostNames(options),
    basePath: config.basePath,
    site: () => site,
    ready: new Promise((resolve) => (rulesReady = resolve)),
    headers: (file) => (rules ? headersFor(rules, file) : {}),
    precompressed: true,
    log: options.log,
  });
  try {
    site = (await check(config)).hostConfig;
    rules = headerRules(site);
  } catch (error) {
    server.close();
    throw error;
  }
  rulesReady();
  const { port } = server.address() as { port: number };
  const urls = serverUrls(options, port, config.basePath);
  return { server, port, url: urls.local, networkUrls: urls.network };
}
