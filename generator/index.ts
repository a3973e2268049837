/** The public API of ranch-site: the only module bin/ imports. */
export { build, type BuildReport } from "./build.ts";
export { resolveConfig, defaults, type ConfigInput, type SiteConfig } from "./config.ts";
export { formatError, isUserError, ContentError, ContentErrors, RenderError } from "./errors.ts";
export { MemoryWriter, DiskWriter, type OutputFile, type Writer } from "./write/writer.ts";
