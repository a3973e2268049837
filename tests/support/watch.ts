import { readFile } from "node:fs/promises";
import path from "node:path";
import { defaults } from "../../generator/index.ts";
import { startReady, type BinProcess } from "./bin-process.ts";

/** A running `ranch-site watch`, with its output lines and the URL it serves. */
export interface WatchProcess extends Omit<BinProcess, "exited"> {
  origin: string;
  /** Resident memory of the process, in MiB. */
  memoryMiB(): Promise<number>;
}

/**
 * Starts `watch` on a project folder (and any extra flags) and waits for its ready line. It polls unless asked
 * for file system events, as an editor's machine gives them: a save is then seen at once, not up to a poll later.
 */
export async function startWatch(
  root: string,
  extraArgs: readonly string[] = [],
  { poll = true }: { poll?: boolean } = {},
): Promise<WatchProcess> {
  const bin = await startReady(
    [
      "watch",
      ...["--root", root, "--out", path.join(root, defaults.outDir), "--port", "0"],
      ...(poll ? ["--poll"] : []),
      ...extraArgs,
    ],
    /^Watching /,
  );
  const origin = /Serving (http:\/\/localhost:\d+)/.exec(bin.lines.slice(0, bin.ready + 1).join("\n"))![1]!;
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
