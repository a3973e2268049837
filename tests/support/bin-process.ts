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
  /**
   * Whole lines only, each stream on its own: a chunk of a pipe may end inside a line (or a character), and
   * half a line must neither match a pattern nor miss one. The rest of an unfinished line comes at the end.
   */
  const collect = (stream: NodeJS.ReadableStream) => {
    let rest = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      const parts = (rest + chunk).split("\n");
      rest = parts.pop()!;
      lines.push(...parts.filter(Boolean));
      for (const wake of waiters) wake();
    });
    stream.on("end", () => {
      if (rest) lines.push(rest);
      for (const wake of waiters) wake();
    });
  };
  collect(child.stdout!);
  collect(child.stderr!);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  /** The process has ended and its pipes are read to the end. */
  const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));

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
      void closed.then(() => {
        if (!check()) reject(new Error(`the process exited:\n${lines.join("\n")}`));
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

/**
 * Starts the bin and resolves once it prints its ready line (`watch`'s "Watching", after a whole first
 * build, which a busy machine may take a minute for), with that line's index. A process that exits or
 * never gets there is stopped, not left running to write into a folder the test is removing.
 */
export async function startReady(args: string[], ready: RegExp): Promise<BinProcess & { ready: number }> {
  const bin = startBin(args);
  try {
    return { ...bin, ready: await bin.waitFor(ready, 0, 120_000) };
  } catch (error) {
    await bin.stop();
    throw error;
  }
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
