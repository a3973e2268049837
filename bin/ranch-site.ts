import { Command, InvalidArgumentError } from "commander";
import {
  build,
  check,
  formatError,
  isUserError,
  resolveConfig,
  serve,
  watch,
  type ConfigInput,
} from "../generator/index.ts";

interface SiteOptions {
  root: string;
  out: string;
  baseUrl?: string;
  basePath: string;
  cache: boolean;
}

const program = new Command("ranch-site")
  .description("Builds the bilingual ranch sales-training site from content/ and templates/.")
  .showHelpAfterError();

const withSiteOptions = (command: Command) =>
  command
    .option("--root <dir>", "project folder with content/, templates/ and public/", ".")
    .option("--out <dir>", "output folder", "dist")
    .option("--base-url <url>", "absolute address the site is published at (default: baseUrl in content/site.yaml)")
    .option("--base-path <path>", "path the site is hosted under, such as /ranch/", "/")
    .option(
      "--no-cache",
      "render every markdown file afresh, without reading or writing node_modules/.cache/ranch-site/",
    );

const withPort = (command: Command, fallback: string) =>
  command.option("--port <number>", "port on localhost", parsePort, Number(fallback));

const toConfig = (options: SiteOptions): ConfigInput => ({
  root: options.root,
  outDir: options.out,
  baseUrl: options.baseUrl,
  basePath: options.basePath,
  cache: options.cache,
});

withSiteOptions(program.command("build").description("build the site into the output folder")).action(
  async (options: SiteOptions) => {
    const report = await build(resolveConfig(toConfig(options)));
    console.log(
      `Built ${report.pages} pages (${report.files} files) into ${options.out}/ in ${Math.round(report.milliseconds)} ms.`,
    );
  },
);

withSiteOptions(
  program.command("check").description("run every content check and render every page, writing nothing"),
).action(async (options: SiteOptions) => {
  const report = await check(resolveConfig(toConfig(options)));
  console.log(`Checked ${report.pages} pages: no problems.`);
});

withPort(
  withSiteOptions(
    program.command("watch").description("build, serve on localhost with live reload, rebuild on every change"),
  ),
  "4321",
)
  .option("--poll", "poll for changes instead of file system events", false)
  .action(async (options: SiteOptions & { port: number; poll: boolean }) => {
    const watcher = await watch(resolveConfig(toConfig(options)), {
      port: options.port,
      poll: options.poll,
      log: (line) => console.log(line),
    });
    process.once("SIGINT", () => void watcher.close());
    process.once("SIGTERM", () => void watcher.close());
  });

withPort(
  withSiteOptions(
    program.command("serve").description("serve a built output folder as the shipped nginx configuration does"),
  ),
  "8080",
).action(async (options: SiteOptions & { port: number }) => {
  const server = await serve(resolveConfig(toConfig(options)), options.port);
  console.log(`Serving ${options.out}/ at ${server.url}`);
});

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new InvalidArgumentError("Give a port number from 0 to 65535.");
  return port;
}

try {
  await program.parseAsync();
} catch (error) {
  console.error(isUserError(error) ? formatError(error) : error);
  process.exitCode = 1;
}
