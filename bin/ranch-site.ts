import { Command } from "commander";
import { build, formatError, isUserError, resolveConfig, type ConfigInput } from "../generator/index.ts";

const program = new Command("ranch-site")
  .description("Builds the bilingual ranch sales-training site from content/ and templates/.")
  .showHelpAfterError();

const withSiteOptions = (command: Command) =>
  command
    .option("--root <dir>", "project folder with content/, templates/ and public/", ".")
    .option("--out <dir>", "output folder", "dist")
    .option("--base-url <url>", "absolute address the site is published at (default: baseUrl in content/site.yaml)")
    .option("--base-path <path>", "path the site is hosted under, such as /ranch/", "/");

const toConfig = (options: { root: string; out: string; baseUrl?: string; basePath: string }): ConfigInput => ({
  root: options.root,
  outDir: options.out,
  baseUrl: options.baseUrl,
  basePath: options.basePath,
});

withSiteOptions(program.command("build").description("build the site into the output folder")).action(async (options) => {
  const config = resolveConfig(toConfig(options));
  const report = await build(config);
  console.log(`Built ${report.pages} pages (${report.files} files) into ${options.out}/ in ${Math.round(report.milliseconds)} ms.`);
});

try {
  await program.parseAsync();
} catch (error) {
  console.error(isUserError(error) ? formatError(error) : error);
  process.exitCode = 1;
}
