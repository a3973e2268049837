import { spawn, type ChildProcess } from "node:child_process";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import path from "node:path";
import { projectRoot } from "./site.ts";

/** A running `ranch-site` command (serve or watch), with every line it printed. */
export interface BinProcess {
  child: ChildProcess;
  lines: string[];
  /** Resolves with the index of the first line after `from` that matches. */
  waitFor(pattern: RegExp, from?: number, timeoutMs?: number): Promise<number>;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** Starts the real bin with `args` from the repository root; stdout and stderr are collected as lines. */
export function startBin(args: string[]): BinProcess {
  const child = spawn(process.execPath, [path.join(projectRoot, "bin/ranch-site.js"), ...args], {
    cwd: projectRoot,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    lines.push(...chunk.toString().split("\n").filter(Boolean));
    for (const wake of waiters) wake();
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const waitFor = (pattern: RegExp, from = 0, timeoutMs = 30_000) =>
    new Promise<number>((resolve, reject) => {
      const check = () => {
        const index = lines.findIndex((line, position) => position >= from && pattern.test(line));
        if (index < 0) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(index);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no line matching ${pattern} after line ${from}:\n${lines.slice(from).join("\n")}`));
      }, timeoutMs);
      waiters.add(check);
      if (check()) return;
      void exited.then(() => {
        // Output may still be in the pipe when the process ends.
        setTimeout(() => {
          if (!check()) reject(new Error(`the process exited:\n${lines.join("\n")}`));
        }, 50);
      });
    });

  return {
    child,
    lines,
    waitFor,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

/** One HTTP answer, read completely. */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * Sends one request with the path exactly as given (no URL normalisation, unlike fetch) and an
 * explicit Host header, over a fresh connection to 127.0.0.1.
 */
export function rawRequest(
  port: number,
  rawPath: string,
  options: { host?: string; method?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: rawPath,
        method: options.method ?? "GET",
        agent: false,
        setHost: false,
        headers: { host: options.host ?? `localhost:${port}` },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString() }),
        );
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** The port of an `http://host:port/…` URL. */
export const portOf = (url: string) => Number(new URL(url).port);
