import { setFlagsFromString } from "node:v8";
import { Command, InvalidArgumentError } from "commander";
import packageJson from "../package.json" with { type: "json" };
import {
  build,
  check,
  checkOutDir,
  ContentError,
  ContentErrors,
  countWarnings,
  formatError,
  formatWarnings,
  isUserError,
  defaults,
  deployPlan,
  markTranslationsReviewed,
  reportToGithub,
  writeJsonSchemas,
  writeCmsConfig,
  movedPortLine,
  networkLines,
  printable,
  resolveConfig,
  serve,
  watch,
  type ConfigInput,
  type ServerOptions,
} from "../generator/index.ts";
import { versionLine } from "./version.ts";

/** The terminal's two streams: what a command did, and what went wrong; a control character prints as `\x1b`. */
const say = (text: string) => console.log(printable(text));
const warn = (text: string) => console.error(printable(text));

/** The options a command may take about the project; each command takes only those it uses. */
interface SiteOptions {
  root: string;
  out?: string;
  baseUrl?: string;
  basePath?: string;
  cache?: boolean;
}

const program = new Command("ranch-site")
  .description("Builds the bilingual ranch sales-training site from content/ and templates/.")
  .option("-v, --version", "print the version, and the commit when run from a clone")
  .showHelpAfterError();
// Asked for only when printed: naming the commit runs git, which no other command should wait for.
program.on("option:version", () => {
  console.log(versionLine(packageJson.version));
  process.exit(0);
});

/** The project folder: every command reads it. */
const withRoot = (command: Command) =>
  command.option("--root <dir>", "project folder with content/, templates/ and public/", ".");

/** The folder a command writes the site into, or serves it from. */
const withOut = (command: Command, out = { help: "output folder", folder: defaults.outDir }) =>
  command.option("--out <dir>", out.help, out.folder);

/** Where the site is published: what its links, canonical addresses and host files are made for. */
const withAddress = (command: Command) =>
  command
    .option("--base-url <url>", "absolute address the site is published at (default: baseUrl in content/site.yaml)")
    .option("--base-path <path>", "path the site is hosted under, such as /ranch/", "/");

/** For the commands that build: whether they may use the project's cache. */
const withCache = (command: Command) =>
  command.option("--no-cache", "make everything afresh, without reading or writing node_modules/.cache/ranch-site/");

/** Where a server listens and whom it answers: loopback unless `--host`; a chosen `--port` is kept or refused. */
const withServerOptions = (command: Command, fallback: number) =>
  command
    .option("--port <number>", `port to listen on (default ${fallback}; if busy, the next free one)`, parsePort)
    .option("--host [address]", "listen on the network too (every address, or the one given), for phones and tablets")
    .option(
      "--allowed-host <name>",
      "also answer requests for this host name (repeatable; localhost and IP addresses always work)",
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    );

interface ServerFlags {
  port?: number;
  host?: string | true;
  allowedHost?: string[];
}

const toServerOptions = (flags: ServerFlags, fallback: number): ServerOptions => ({
  port: flags.port ?? fallback,
  strictPort: flags.port !== undefined,
  host: flags.host === true ? "0.0.0.0" : flags.host,
  allowedHosts: flags.allowedHost ?? [],
});

const toConfig = (options: SiteOptions): ConfigInput => ({
  root: options.root,
  outDir: options.out,
  baseUrl: options.baseUrl,
  basePath: options.basePath,
  cache: options.cache,
});

/** Which command runs, for the error lines and the job summary: `check` writes nothing by design. */
let command = "build";

/**
 * `watch` keeps the site between saves: with the launcher's fixed heap growth (bin/ranch-site.js), made
 * for one-off builds, V8 would collect it so often that each save cost a fifth more CPU. It goes back
 * to V8's own growth (0: the default) once the CLI is compiled, which leaves the code cache valid.
 */
const growHeapAsV8Does = () => setFlagsFromString("--heap-growing-percent=0");

withCache(withAddress(withOut(withRoot(program.command("build").description("build the site into the output folder")))))
  .option(
    "--meta-csp",
    "also put the Content-Security-Policy in every page, for hosts without headers (GitHub Pages)",
    false,
  )
  .option("--admin", "also ship the web editor at /admin/ (on by itself with `editor:` in content/site.yaml)", false)
  .option(
    "--precompress",
    "also write .br and .gz copies of text files, whatever host content/site.yaml names (on by itself for own-server and shared-hosting, whose servers send them)",
    false,
  )
  .action(async (options: SiteOptions & { metaCsp: boolean; admin: boolean; precompress: boolean }) => {
    const report = await build(
      resolveConfig({
        ...toConfig(options),
        metaCsp: options.metaCsp,
        admin: options.admin,
        precompress: options.precompress,
      }),
    );
    for (const line of report.cacheWarnings) warn(`warning: ${line}`);
    if (report.contentWarnings.length > 0) warn(formatWarnings(report.contentWarnings));
    await reportToGithub("build", [], report.contentWarnings);
    say(
      `Built ${report.pages} pages (${report.files} files) into ${options.out}/ in ${Math.round(report.milliseconds)} ms.`,
    );
    say(previewLine(options));
  });

/** What to do after a build: look at it, with the same folders. */
function previewLine(options: SiteOptions): string {
  const flags = [
    ...(options.root !== "." ? [`--root ${shellWord(options.root)}`] : []),
    ...(options.out !== defaults.outDir ? [`--out ${shellWord(options.out!)}`] : []),
    ...(options.basePath !== "/" ? [`--base-path ${shellWord(options.basePath!)}`] : []),
  ];
  return flags.length > 0
    ? `Preview it: npm run serve -- ${flags.join(" ")}`
    : "Preview it: npm run serve (or npm run dev, which rebuilds and reloads as you edit)";
}

/** A value as one word of a POSIX shell command to copy: single-quoted unless it is plain (`--out 'my site'`). */
const shellWord = (value: string) => (/^[\w./:@%+=,-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`);

withCache(
  withAddress(
    withRoot(program.command("check").description("run every content check and render every page, writing nothing")),
  ),
)
  .option("--strict", "fail on warnings too (stale or untranslated texts, unused keys, unlinked pages)", false)
  .action(async (options: SiteOptions & { strict: boolean }) => {
    command = "check";
    const report = await check(resolveConfig(toConfig(options)));
    for (const line of report.cacheWarnings) warn(`warning: ${line}`);
    const warnings = report.contentWarnings;
    await reportToGithub("check", [], warnings);
    if (warnings.length > 0) warn(formatWarnings(warnings));
    if (options.strict && warnings.length > 0) {
      warn(`check --strict: ${countWarnings(warnings.length)} count as errors.`);
      process.exitCode = 1;
      return;
    }
    const found = warnings.length > 0 ? `no errors, ${countWarnings(warnings.length)}` : "no problems";
    say(`Checked ${report.pages} pages: ${found}.`);
  });

program
  .command("translations")
  .description("keep translations in step with the English text")
  .addCommand(
    withRoot(
      new Command("reviewed")
        .description("record that translations match their English text now (check reports them when it changes)")
        .argument("[names...]", "dictionary keys (hero.subtitle) or pages (pages/about-me)")
        .option("--all", "mark every translation as reviewed", false),
    ).action(async (names: string[], options: SiteOptions & { all: boolean }) => {
      command = "translations reviewed";
      const result = await markTranslationsReviewed(resolveConfig(toConfig(options)), names, options.all);
      say(
        options.all
          ? `Marked every translation as reviewed in ${result.file}.`
          : `Marked as reviewed in ${result.file}: ${result.marked.join(", ")}.`,
      );
    }),
  );

withRoot(
  program
    .command("deploy-plan")
    .description("print what the deploy workflow does for content/site.yaml: host=, editor= and deploys= lines"),
).action(async (options: { root: string }) => {
  command = "deploy-plan";
  const plan = await deployPlan(resolveConfig({ root: options.root }));
  say(`host=${plan.host}\neditor=${plan.editor}\ndeploys=${plan.deploys}`);
});

withRoot(
  program
    .command("schemas")
    .description("write the JSON Schemas of content/ and the web editor's configuration into content/schemas/"),
).action(async (options: { root: string }) => {
  const changed = [...(await writeJsonSchemas(options.root)), ...(await writeCmsConfig(options.root))];
  say(changed.length > 0 ? `Wrote ${changed.join(", ")}.` : "The schemas in content/schemas/ are up to date.");
});

withServerOptions(
  // watch builds into a folder of its own: a `build` beside it never deletes the editor, and the
  // folder uploaded from dist/ never holds the editor's local mode or lacks its compressed files.
  withCache(
    withAddress(
      withOut(
        withRoot(program.command("watch").description("build, serve with live reload, and rebuild on every change")),
        {
          help: "output folder, apart from the one build writes",
          folder: defaults.watchOutDir,
        },
      ),
    ),
  ),
  defaults.ports.watch,
)
  .option("--poll", "poll for changes instead of file system events", false)
  .option("--open-saved", "after a rebuild, open tabs go to the page of the file you saved", false)
  .option("--admin", "also serve the web editor at /admin/, saving into content/ without any account", false)
  .action(async (options: SiteOptions & ServerFlags & { poll: boolean; openSaved: boolean; admin: boolean }) => {
    growHeapAsV8Does();
    const config = resolveConfig({ ...toConfig(options), admin: options.admin });
    // The same output-folder rules as build, before anything is served or watched.
    await checkOutDir(config.root, config.outDir);
    const watcher = await watch(config, {
      ...toServerOptions(options, defaults.ports.watch),
      poll: options.poll,
      openSaved: options.openSaved,
      log: (line) => say(line),
    });
    process.once("SIGINT", () => void watcher.close());
    process.once("SIGTERM", () => void watcher.close());
  });

withServerOptions(
  withAddress(
    withOut(
      withRoot(
        program.command("serve").description("serve a built output folder as the shipped nginx configuration does"),
      ),
      { help: "the built folder to serve", folder: defaults.outDir },
    ),
  ),
  defaults.ports.serve,
).action(async (options: SiteOptions & ServerFlags) => {
  const serverOptions = toServerOptions(options, defaults.ports.serve);
  const server = await serve(resolveConfig(toConfig(options)), { ...serverOptions, log: (line) => say(line) });
  for (const line of movedPortLine(serverOptions, server.port)) say(line);
  say(`Serving ${options.out}/ at ${server.url}`);
  for (const line of networkLines(serverOptions, { network: server.networkUrls })) say(line);
});

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new InvalidArgumentError("Give a port number from 0 to 65535.");
  return port;
}

// No top-level await: the launcher runs this file compiled to CommonJS (bin/cli-bundle.js), which has none.
void program.parseAsync().catch(async (error: unknown) => {
  const errors = error instanceof ContentErrors ? error.errors : error instanceof ContentError ? [error] : [];
  await reportToGithub(command, errors, []);
  warn(
    isUserError(error)
      ? formatError(error, { writes: command !== "check" })
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error),
  );
  process.exitCode = 1;
});
