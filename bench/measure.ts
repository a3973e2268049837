/**
 * Measuring whole processes: wall time from spawn to exit, CPU time (user + sys) and peak memory
 * (maxRSS) from the child's rusage as GNU time (Debian's `time` package) reports it from wait4().
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/** One run of a process: milliseconds of wall time and CPU time, MiB of peak resident memory. */
export interface Sample {
  wall: number;
  cpu: number;
  rss: number;
}

export interface Command {
  command: string;
  args: string[];
  cwd: string;
  env?: NodeJS.ProcessEnv;
}

const gnuTime = "/usr/bin/time";
export const hasGnuTime = existsSync(gnuTime);

/** Runs a command to its end; rejects with its output when it fails. */
export async function measure(run: Command, scratch: string): Promise<Sample> {
  const report = path.join(scratch, `rusage-${process.pid}.txt`);
  const [command, args] = hasGnuTime
    ? [gnuTime, ["-f", "%U %S %M", "-o", report, run.command, ...run.args]]
    : [run.command, run.args];
  const started = performance.now();
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: run.cwd,
      env: { ...process.env, ...run.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let text = "";
    child.stdout.on("data", (chunk: Buffer) => (text += chunk));
    child.stderr.on("data", (chunk: Buffer) => (text += chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(text) : reject(new Error(`${run.command} ${run.args.join(" ")} exited ${code}:\n${text}`)),
    );
  });
  const wall = performance.now() - started;
  void output;
  if (!hasGnuTime) return { wall, cpu: Number.NaN, rss: Number.NaN };
  const [user, system, maxKiB] = (await readFile(report, "utf8")).trim().split("\n").at(-1)!.split(" ").map(Number);
  await rm(report, { force: true });
  return { wall, cpu: (user! + system!) * 1000, rss: maxKiB! / 1024 };
}

/** Median, minimum and maximum. */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

export function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted.at(-1)! };
}

/** One kind of save in a watched project: which file changes and which output file must show it. */
export interface Edit {
  name: string;
  file: string;
  output: string;
  /** The file's new text carrying the marker. */
  change: (original: string, marker: string) => string;
}

/**
 * Starts a watching server, then times each save from the write to the moment the output file on
 * disk carries the save's marker. Saves alternate between the edits, each waits for quiet first.
 */
export async function watchLatency(
  run: Command,
  ready: RegExp,
  root: string,
  edits: Edit[],
  rounds: number,
): Promise<Map<string, number[]>> {
  const child = spawn(run.command, run.args, {
    cwd: run.cwd,
    env: { ...process.env, ...run.env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line from ${run.command}:\n${log}`)), 60_000);
      const collect = (chunk: Buffer) => {
        log += chunk;
        if (ready.test(log)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on("data", collect);
      child.stderr!.on("data", collect);
      child.on("exit", (code) => reject(new Error(`${run.command} exited ${code} before it was ready:\n${log}`)));
    });
    const originals = new Map(
      await Promise.all(
        edits.map(async (edit) => [edit.file, await readFile(path.join(root, edit.file), "utf8")] as const),
      ),
    );
    const latencies = new Map(edits.map((edit) => [edit.name, [] as number[]]));
    await pause(500);
    for (let round = 0; round < rounds; round++) {
      for (const edit of edits) {
        const marker = `Benchmark${round}x${Math.random().toString(36).slice(2, 8)}`;
        const started = performance.now();
        await writeFile(path.join(root, edit.file), edit.change(originals.get(edit.file)!, marker));
        const output = path.join(root, edit.output);
        for (;;) {
          const text = await readFile(output, "utf8").catch(() => "");
          if (text.includes(marker)) break;
          if (performance.now() - started > 30_000)
            throw new Error(`${edit.output} never showed the ${edit.name} edit:\n${log}`);
          await pause(2);
        }
        latencies.get(edit.name)!.push(performance.now() - started);
        await pause(400);
      }
    }
    return latencies;
  } finally {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // already gone
    }
    await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once("exit", resolve)));
  }
}

export const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
