/**
 * Where `serve` and `watch` listen: loopback by default, the LAN with `--host`, and a busy port
 * handled in one line (an explicit `--port` is kept and a free one suggested; the default port
 * moves on to the next free one, as Vite does).
 */
import { createServer, type Server } from "node:net";
import os from "node:os";
import { isIP } from "node:net";
import { UsageError } from "../errors.ts";

/** How a server of ranch-site is reached, from the command line. */
export interface ServerOptions {
  port: number;
  /** Address to listen on: undefined for loopback only, `0.0.0.0` for every network interface. */
  host?: string;
  /** True when the maintainer chose the port: then a busy port is an error with a suggestion, not a move. */
  strictPort?: boolean;
  /** Host names, besides `localhost` and IP addresses, that requests may name (DNS rebinding protection). */
  allowedHosts?: readonly string[];
}

/** The loopback address the servers listen on unless `--host` says otherwise. */
export const loopback = "127.0.0.1";

/** Tries at most this many ports after a busy default one before asking the system for any free port. */
const portsToTry = 20;

/**
 * Starts listening; resolves with the port taken. A busy port either moves on to the next free
 * one (`strictPort: false`) or fails with one line that names a free port.
 */
export async function listen(
  server: Server | import("node:http").Server,
  options: { port: number; host?: string; strictPort: boolean },
): Promise<number> {
  const host = options.host ?? loopback;
  for (let offset = 0; ; offset++) {
    const port = options.port === 0 ? 0 : offset > portsToTry ? 0 : options.port + offset;
    try {
      return await listenOnce(server, port, host);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EADDRINUSE" && !options.strictPort && port !== 0 && port < 65535) continue;
      throw await listenError(code, options.port, host, error);
    }
  }
}

function listenOnce(server: Server | import("node:http").Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.once("error", failed);
    server.listen(port, host, () => {
      server.off("error", failed);
      resolve((server.address() as { port: number }).port);
    });
  });
}

/** One line (and a hint) for a port or address that cannot be used. */
async function listenError(code: string | undefined, port: number, host: string, cause: unknown): Promise<Error> {
  if (code === "EADDRINUSE") {
    const free = await findFreePort(port + 1, host);
    return new UsageError(
      `Port ${port} is already in use on ${host}.\n  hint: pass --port ${free}, which is free, or stop the program that holds port ${port}.`,
      { cause },
    );
  }
  if (code === "EACCES")
    return new UsageError(
      `Port ${port} needs administrator rights on this system.\n  hint: pass a port above 1023, such as --port 8080.`,
      { cause },
    );
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND" || code === "EAI_AGAIN")
    return new UsageError(
      `--host ${host} is not an address of this machine.\n  hint: pass --host without a value to listen on every network address, or one of: ${networkAddresses().join(", ") || "(none)"}.`,
      { cause },
    );
  return cause instanceof Error ? cause : new Error(String(cause));
}

/** The first port from `from` on that can be listened on right now (the system's choice after a few). */
async function findFreePort(from: number, host: string): Promise<number> {
  for (let port = from; port < Math.min(from + portsToTry, 65536); port++) {
    const probe = createServer();
    const ok = await listenOnce(probe, port, host).then(
      () => true,
      () => false,
    );
    if (ok) {
      await new Promise((resolve) => probe.close(resolve));
      return port;
    }
  }
  const probe = createServer();
  const port = await listenOnce(probe, 0, host);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Every non-internal IPv4 address of this machine: where a phone on the same network reaches it. */
export function networkAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((entry) => entry !== undefined && entry.family === "IPv4" && !entry.internal)
    .map((entry) => entry!.address);
}

/** The URLs a server answers at: on this machine, and on the network when it listens there. */
export function serverUrls(
  options: ServerOptions,
  port: number,
  basePath: string,
): { local: string; network: string[] } {
  const host = options.host;
  const everywhere = host === "0.0.0.0" || host === "::";
  const network = everywhere
    ? networkAddresses()
    : host && host !== loopback && host !== "localhost" && host !== "::1"
      ? [host]
      : [];
  const origin = (name: string) => `http://${isIP(name) === 6 ? `[${name}]` : name}:${port}${basePath}`;
  return { local: origin("localhost"), network: network.map(origin) };
}

/** The lines that say where a server is, after `Serving … at <local URL>`. */
export function networkLines(options: ServerOptions, urls: { network: string[] }): string[] {
  if (!options.host) return [];
  if (urls.network.length === 0) return ["  on your network: no network address found (is this machine on a network?)"];
  return urls.network.map((url) => `  on your network: ${url}`);
}

/** The line for a default port that was busy, or none. */
export function movedPortLine(options: ServerOptions, port: number): string[] {
  return options.port !== 0 && port !== options.port ? [`Port ${options.port} is in use, so using port ${port}.`] : [];
}

/** Host names requests may name: the maintainer's, plus this machine's own names when it listens on the network. */
export function allowedHostNames(options: ServerOptions): string[] {
  const names = [...(options.allowedHosts ?? [])];
  if (options.host && isIP(options.host) === 0) names.push(options.host);
  if (options.host) names.push(os.hostname(), `${os.hostname()}.local`);
  return names;
}
