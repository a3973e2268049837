import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { defaults } from "../../generator/index.ts";
import { projectRoot } from "./site.ts";

/** A running `ranch-site watch`, with its output lines and the URL it serves. */
export interface WatchProcess {
  child: ChildProcess;
  origin: string;
  lines: string[];
  /** Resolves with the index of the first line after `from` that matches. */
  waitFor(pattern: RegExp, from?: number, timeoutMs?: number): Promise<number>;
  /** Resident memory of the process, in MiB. */
  memoryMiB(): Promise<number>;
  stop(): Promise<void>;
}

/** Starts `watch` with polling on a project folder (and any extra flags) and waits for its ready line. */
export async function startWatch(root: string, extraArgs: readonly string[] = []): Promise<WatchProcess> {
  const child = spawn(
    process.execPath,
    [
      path.join(projectRoot, "bin/ranch-site.js"),
      "watch",
      "--root",
      root,
      "--out",
      path.join(root, defaults.outDir),
      "--port",
      "0",
      "--poll",
      ...extraArgs,
    ],
    {
      cwd: projectRoot,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    lines.push(...chunk.toString().split("\n").filter(Boolean));
    for (const wake of waiters) wake();
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);

  const waitFor = (pattern: RegExp, from = 0, timeoutMs = 20_000) =>
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
        reject(
          new Error(`watch printed no line matching ${pattern} after line ${from}:\n${lines.slice(from).join("\n")}`),
        );
      }, timeoutMs);
      waiters.add(check);
      check();
      child.once("exit", () => !check() && reject(new Error(`watch exited:\n${lines.join("\n")}`)));
    });

  const ready = await waitFor(/^Watching /);
  const origin = /Serving (http:\/\/localhost:\d+)/.exec(lines.slice(0, ready + 1).join("\n"))![1]!;
  return {
    child,
    origin,
    lines,
    waitFor,
    async memoryMiB() {
      const status = await readFile(`/proc/${child.pid}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
