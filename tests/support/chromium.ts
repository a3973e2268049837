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

/**
 * Which Chromium a test drives. "shell": Chromium's headless shell where it is installed (Debian's
 * chromium-headless-shell, the same engine and version), as Playwright itself drives for headless runs: the full
 * browser opens a window for every context, and here a fresh context and page cost 1.7 s of CPU against the
 * shell's 0.46 s, and a page load 315 ms against 202 ms; four browser files took 164 s on the full browser and
 * 71 s on the shell, two workers each. "full": the browser visitors run, for tests that measure text: the shell
 * lays glyphs out on whole pixels ("Verhandlungspartner" in the fallback face is 154 px wide there, 159 px in
 * Chromium), so a font swap's shift or a 320 px line's width would be measured in text no phone draws.
 * Without the shell, or with $CHROMIUM_PATH set, both are findChromium().
 */
export type ChromiumKind = "shell" | "full";

function findTestBrowser(kind: ChromiumKind): string {
  const shell = "/usr/bin/chromium-headless-shell";
  return kind === "shell" && !process.env["CHROMIUM_PATH"] && existsSync(shell) ? shell : findChromium();
}

/** The kind for a test that also takes the README's pictures (SCREENSHOTS=1): those show the owner the browser. */
export const pictureKind = (): ChromiumKind => (process.env["SCREENSHOTS"] ? "full" : "shell");

/** A headless Chromium of this kind with the flags above. */
export function launchChromium(kind: ChromiumKind = "shell"): Promise<Browser> {
  return chromium.launch({ executablePath: findTestBrowser(kind), args: chromiumArgs, headless: true });
}

const shared = new Map<ChromiumKind, Promise<Browser>>();

/**
 * A Chromium for one test file, shared with the files its worker runs before and after it: the browser and
 * quality tiers keep a worker's modules from one file to the next (vitest.config.ts), and a launch costs a
 * second. A file works in contexts of its own, which are as separate as browsers (storage, cache, cookies);
 * `release` closes the ones it left open. The browser ends with the worker (Playwright kills it on exit).
 */
export async function borrowChromium(
  kind: ChromiumKind = "shell",
): Promise<{ browser: Browser; release: () => Promise<void> }> {
  const launch = () => {
    const launched = launchChromium(kind).catch((error: unknown) => {
      shared.delete(kind);
      throw error;
    });
    shared.set(kind, launched);
    return launched;
  };
  let browser = await (shared.get(kind) ?? launch());
  if (!browser.isConnected()) browser = await launch();
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
