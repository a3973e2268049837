/**
 * What the test suite needs from the system (Chromium, nginx, Java for the Nu HTML checker), and
 * the honest answer when something is missing: tests install Debian packages only when CI is set or
 * the maintainer opts in (RANCH_SITE_INSTALL=1), and otherwise skip the files that need the tool,
 * with one line saying why and how to install it.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** A system tool some tests need. */
export interface Tool {
  name: string;
  /** Debian package that provides it. */
  debianPackage: string;
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
  { name: "Java", debianPackage: "default-jre-headless", found: () => onPath("java", "-version"), usedBy: /vnu\.jar/ },
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

/** Test files below `testsDir` (relative to `root`) whose source needs each tool. */
function filesNeeding(root: string, testsDir: string, tool: Tool): string[] {
  const files = readdirSync(path.join(root, testsDir), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
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
    tools = systemTools,
    env = process.env,
    installPackages = install,
    warn = (line: string) => console.warn(line),
  }: {
    testsDir?: string;
    tools?: Tool[];
    env?: NodeJS.ProcessEnv;
    installPackages?: (packages: string[]) => boolean;
    warn?: (line: string) => void;
  } = {},
): string[] {
  let missing = tools.filter((tool) => !tool.found());
  if (missing.length > 0 && mayInstall(env) && installPackages(missing.map((tool) => tool.debianPackage)))
    missing = missing.filter((tool) => !tool.found());
  const skipped: string[] = [];
  for (const tool of missing) {
    const files = filesNeeding(root, testsDir, tool);
    if (files.length === 0) continue;
    const count = `${files.length} test ${files.length === 1 ? "file" : "files"}`;
    warn(
      `${tool.name} is not installed: skipping ${count} (install it with: ${installLine([tool.debianPackage])}; or let the tests do it: RANCH_SITE_INSTALL=1 npm test).`,
    );
    skipped.push(...files);
  }
  return [...new Set(skipped)];
}
