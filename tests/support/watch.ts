import { readFile } from "node:fs/promises";
import path from "node:path";
import { defaults } from "../../generator/index.ts";
import { startBin, type BinProcess } from "./bin-process.ts";

/** A running `ranch-site watch`, with its output lines and the URL it serves. */
export interface WatchProcess extends Omit<BinProcess, "exited"> {
  origin: string;
  /** Resident memory of the process, in MiB. */
  memoryMiB(): Promise<number>;
}

/** Starts `watch` with polling on a project folder (and any extra flags) and waits for its ready line. */
export async function startWatch(root: string, extraArgs: readonly string[] = []): Promise<WatchProcess> {
  const bin = startBin([
    "watch",
    ...["--root", root, "--out", path.join(root, defaults.outDir), "--port", "0", "--poll"],
    ...extraArgs,
  ]);
  const ready = await bin.waitFor(/^Watching /);
  const origin = /Serving (http:\/\/localhost:\d+)/.exec(bin.lines.slice(0, ready + 1).join("\n"))![1]!;
  return {
    child: bin.child,
    lines: bin.lines,
    waitFor: bin.waitFor,
    stop: bin.stop,
    origin,
    async memoryMiB() {
      const status = await readFile(`/proc/${bin.child.pid}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
    },
  };
}
