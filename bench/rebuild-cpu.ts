/**
 * `tsx bench/rebuild-cpu.ts`: the CPU of `watch`'s rebuild alone, in this process, without the
 * watcher, the server or the debounce: the stages of a BuildSession and an IncrementalWriter, as
 * `watch` runs them after a save, on the real site plus N pages per locale. Each round saves the
 * file, rebuilds and checks that the page shows the edit, then reports the median and spread of
 * CPU (process.cpuUsage: every thread) and wall time a rebuild. A quick before/after of a change.
 *
 * Environment: REBUILD_PAGES (N per locale, 100: 222 pages), REBUILD_ROUNDS (40), REBUILD_EDIT
 * ("dictionary" or "markdown"), REBUILD_IDLE (ms of quiet between saves, 0).
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ranchSiteProject } from "./corpus.ts";
import { pause, spread } from "./measure.ts";
import { watchEdits } from "./watch-edits.ts";

// React's production build, as bin/ranch-site.js runs it: set before the generator loads React.
process.env.NODE_ENV ??= "production";
const { build } = await import("../generator/build.ts");
const { resolveConfig } = await import("../generator/config.ts");
const { BuildSession } = await import("../generator/dev/rebuild-memo.ts");
const { IncrementalWriter } = await import("../generator/write/incremental-writer.ts");
const projectRoot = path.resolve(import.meta.dirname, "..");
const pages = Number(process.env.REBUILD_PAGES ?? 100);
const rounds = Number(process.env.REBUILD_ROUNDS) || 40;
const idle = Number(process.env.REBUILD_IDLE ?? 0);
const kind = process.env.REBUILD_EDIT ?? "dictionary";
const edit = watchEdits[kind as keyof typeof watchEdits];
if (!edit) throw new Error(`REBUILD_EDIT=${kind}: give "dictionary" or "markdown"`);

const scratch = await mkdtemp(path.join(existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir(), "ranch-rebuild-"));
const root = await ranchSiteProject(projectRoot, path.join(scratch, "site"), pages);
await mkdir(path.join(root, ".tmp"));
process.env.TMPDIR = path.join(root, ".tmp");
const config = { ...resolveConfig({ root, outDir: path.join(root, "dist") }), mode: "watch" as const };
const session = new BuildSession();
const writer = new IncrementalWriter(config.outDir, root);
session.notice([]);
await build(config, writer, session);
const original = await readFile(path.join(root, edit.file), "utf8");
// For a --cpu-prof of this process: the rounds start this long after it started.
console.log(`rounds start at ${Math.round(performance.now())} ms`);
const cpu: number[] = [];
const wall: number[] = [];
for (let round = 0; round < rounds; round++) {
  const marker = `Rebuild${round}x${Math.random().toString(36).slice(2, 8)}`;
  await writeFile(path.join(root, edit.file), edit.change(original, marker));
  const started = performance.now();
  const before = process.cpuUsage();
  session.notice([edit.file]);
  await build(config, writer, session);
  const used = process.cpuUsage(before);
  wall.push(performance.now() - started);
  cpu.push((used.user + used.system) / 1000);
  if (!(await readFile(path.join(root, edit.output), "utf8")).includes(marker))
    throw new Error(`${edit.output} does not show the ${kind} edit`);
  if (idle > 0) {
    await pause(idle);
  }
}
const show = (values: number[]) => {
  const s = spread(values);
  return `median ${s.median.toFixed(1)} (${s.min.toFixed(1)}–${s.max.toFixed(1)})`;
};
console.log(
  `${kind} edit at ${22 + 2 * pages} pages, ${rounds} rebuilds, ${session.rendered} pages rendered the last time:`,
);
console.log(
  `  CPU ms ${show(cpu)}; first five ${cpu
    .slice(0, 5)
    .map((value) => value.toFixed(0))
    .join(" ")}`,
);
console.log(`  wall ms ${show(wall)}`);
await rm(scratch, { recursive: true, force: true });
