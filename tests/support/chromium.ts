import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";
import { mayInstall } from "./requirements.ts";

/** Flags that keep Chromium from calling home on a closed network (see README, "Tests"). */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  // No DNS lookups for other hosts either: a test must never reach beyond this machine.
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
];

/**
 * Finds a Chromium: $CHROMIUM_PATH, then Playwright's own download, then Debian's. Where none is
 * found, on CI or with RANCH_SITE_INSTALL=1, as root on Debian, installs Debian's package, and says so.
 */
export function findChromium(): string {
  const candidates = [
    process.env["CHROMIUM_PATH"],
    safe(() => chromium.executablePath()),
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
  ];
  const found = candidates.find((candidate): candidate is string => !!candidate && existsSync(candidate));
  if (found) return found;
  // Only on CI or when the maintainer opted in (tests/support/requirements.ts); never silently.
  if (mayInstall() && process.getuid?.() === 0 && existsSync("/etc/debian_version")) {
    console.warn("No Chromium found: installing Debian's chromium package (apt-get install -y chromium).");
    execFileSync("sh", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium"], {
      stdio: "inherit",
    });
    if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  }
  throw new Error(
    "No Chromium found. Set CHROMIUM_PATH, or install one (Debian: sudo apt-get install chromium; or RANCH_SITE_INSTALL=1).",
  );
}

/** A headless Chromium with the flags above. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), args: chromiumArgs, headless: true });
}

let shared: Promise<Browser> | undefined;

/**
 * A Chromium for one test file, shared with the files its worker runs before and after it: the browser and
 * quality tiers keep a worker's modules from one file to the next (vitest.config.ts), and a launch costs a
 * second. A file works in contexts of its own, which are as separate as browsers (storage, cache, cookies);
 * `release` closes the ones it left open. The browser ends with the worker (Playwright kills it on exit).
 */
export async function borrowChromium(): Promise<{ browser: Browser; release: () => Promise<void> }> {
  let browser = await (shared ??= launchChromium().catch((error: unknown) => {
    shared = undefined;
    throw error;
  }));
  if (!browser.isConnected()) browser = await (shared = launchChromium());
  const before = new Set(browser.contexts());
  const release = async () => {
    await Promise.all(
      browser
        .contexts()
        .filter((context) => !before.has(context))
        .map((context) => context.close()),
    );
  };
  return { browser, release };
}

function safe<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
