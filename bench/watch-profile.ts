/**
 * `tsx bench/watch-profile.ts`: the CPU a `watch` rebuild costs, from inside the process, which a
 * shared machine disturbs far less than the wall time `npm run bench` reports. Runs `watch` under
 * `--cpu-prof` on the real site plus N pages per locale, saves one file SAVES times (each save waits
 * for its page, then for quiet), stops it, and sums the profile's samples from the first save on:
 * CPU per save, and the functions and files that spend it, by self and by inclusive time.
 *
 * Environment: PROFILE_PAGES (N per locale, 100: 222 pages), PROFILE_SAVES (20), PROFILE_EDIT
 * ("dictionary" or "markdown"), PROFILE_KEEP (a folder to keep the .cpuprofile in), PROFILE_SAMPLING
 * ("off": no profiler, only the process's CPU, which the profiler itself raises a lot), PROFILE_FLAGS
 * (more flags for node, such as --trace-gc), PROFILE_LOG (print what watch printed) and PROFILE_TREE
 * (print the calls top down, down to this many ms a save).
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ranchSiteProject } from "./corpus.ts";
import { pause, spread } from "./measure.ts";
import { watchArgs, watchEdits } from "./watch-edits.ts";
import { freshBundle, sourceMapOfBundle } from "../bin/cli-bundle.js";
import { summarise, topLines, type Profile } from "./profile-summary.ts";

const projectRoot = path.resolve(import.meta.dirname, "..");
const pages = Number(process.env.PROFILE_PAGES ?? 100);
const saves = Number(process.env.PROFILE_SAVES) || 20;
const kind = process.env.PROFILE_EDIT ?? "dictionary";
const sampling = process.env.PROFILE_SAMPLING !== "off";
const edit = watchEdits[kind as keyof typeof watchEdits];
if (!edit) throw new Error(`PROFILE_EDIT=${kind}: give "dictionary" or "markdown"`);

await freshBundle();
const bundle = await sourceMapOfBundle();
const scratch = await mkdtemp(path.join(existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir(), "ranch-profile-"));
const root = await ranchSiteProject(projectRoot, path.join(scratch, "site"), pages);
const profiles = path.join(scratch, "profiles");
await mkdir(path.join(root, ".tmp"));
const child = spawn(
  process.execPath,
  [
    ...(sampling ? ["--cpu-prof", `--cpu-prof-dir=${profiles}`, "--cpu-prof-interval=100"] : []),
    ...(process.env.PROFILE_FLAGS ?? "").split(" ").filter(Boolean),
    ...watchArgs(projectRoot, root),
  ],
  { cwd: root, env: { ...process.env, TMPDIR: path.join(root, ".tmp") }, stdio: ["ignore", "pipe", "pipe"] },
);
let log = "";
await new Promise<void>((resolve, reject) => {
  const collect = (chunk: Buffer) => {
    log += chunk;
    if (/Watching/.test(log)) resolve();
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  child.on("exit", (code) => reject(new Error(`watch exited ${code}:\n${log}`)));
});
const original = await readFile(path.join(root, edit.file), "utf8");
await pause(1500);
// The profile's clock is the monotonic one, in microseconds, like process.hrtime.
const firstSave = Number(process.hrtime.bigint() / 1000n);
const cpuBefore = await processCpu(child.pid!);
const latencies: number[] = [];
for (let save = 0; save < saves; save++) {
  const marker = `Profile${save}x${Math.random().toString(36).slice(2, 8)}`;
  const started = performance.now();
  await writeFile(path.join(root, edit.file), edit.change(original, marker));
  while (!(await readFile(path.join(root, edit.output), "utf8").catch(() => "")).includes(marker)) await pause(2);
  latencies.push(performance.now() - started);
  await pause(400);
}
const lastSave = Number(process.hrtime.bigint() / 1000n);
const cpuSpent = (await processCpu(child.pid!)) - cpuBefore;
child.kill("SIGTERM");
await new Promise((resolve) => child.once("exit", resolve));

if (process.env.PROFILE_LOG) console.log(log);
const latency = spread(latencies);
console.log(
  [
    `${kind} saves at ${22 + 2 * pages} pages, ${saves} saves:`,
    `CPU of the whole process (every thread, /proc): ${(cpuSpent / saves).toFixed(1)} ms a save`,
    `latency ms: median ${latency.median.toFixed(0)} (${latency.min.toFixed(0)}–${latency.max.toFixed(0)})`,
    ...(sampling ? await summary() : []),
  ].join("\n"),
);
await rm(scratch, { recursive: true, force: true });

/** The profile's samples from the first save to the last, as ms a save: the busy total, then by self and inclusive time. */
async function summary(): Promise<string[]> {
  const [file] = (await readdir(profiles)).filter((name) => name.endsWith(".cpuprofile"));
  const profile = JSON.parse(await readFile(path.join(profiles, file!), "utf8")) as Profile;
  if (process.env.PROFILE_KEEP)
    await writeFile(path.join(process.env.PROFILE_KEEP, `${kind}-${pages}.cpuprofile`), JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const where = (node: Profile["nodes"][number]) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^.*\/(node_modules\/)/, "$1");
    return `${functionName || "(anonymous)"} ${file ? `${file}:${lineNumber + 1}` : ""}`.trim();
  };
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busy = 0;
  let time = profile.startTime;
  for (let index = 0; index < profile.samples.length; index++) {
    time += profile.timeDeltas[index]!;
    const delta = profile.timeDeltas[index + 1] ?? 0;
    if (time < firstSave || time > lastSave) continue;
    const node = byId.get(profile.samples[index]!)!;
    if (node.callFrame.functionName === "(idle)") continue;
    busy += delta;
    self.set(where(node), (self.get(where(node)) ?? 0) + delta);
    // A function that recurses counts once a sample.
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const name = where(byId.get(id)!);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + delta);
    }
  }
  const perSave = (micros: number) => (micros / 1000 / saves).toFixed(1);
  // By package and file, and by our own stage, through the bundle's source map (bench/profile-summary.ts).
  const mapped = summarise(profile, bundle, { from: firstSave, to: lastSave });
  // Top down, the calls merged by name along each path: where the time of each caller goes.
  const tree = new Map<string, number>();
  time = profile.startTime;
  for (let index = 0; index < profile.samples.length; index++) {
    time += profile.timeDeltas[index]!;
    const delta = profile.timeDeltas[index + 1] ?? 0;
    const node = byId.get(profile.samples[index]!)!;
    if (time < firstSave || time > lastSave || node.callFrame.functionName === "(idle)") continue;
    const names: string[] = [];
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id))
      names.unshift(byId.get(id)!.callFrame.functionName || "(anonymous)");
    for (let depth = 1; depth <= names.length; depth++) {
      const key = names.slice(0, depth).join(" > ");
      tree.set(key, (tree.get(key) ?? 0) + delta);
    }
  }
  const treeLines = [...tree]
    .filter(([, micros]) => micros / 1000 / saves >= Number(process.env.PROFILE_TREE ?? Infinity))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, micros]) => {
      const names = key.split(" > ");
      return `${perSave(micros).padStart(7)}  ${"  ".repeat(names.length - 1)}${names.at(-1)}`;
    });
  const top = (table: Map<string, number>, count: number) =>
    [...table]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, micros]) => `${perSave(micros).padStart(7)}  ${name}`);
  return [
    `main thread busy (profiled samples, idle left out; a busy machine stretches them): ${perSave(busy)} ms a save`,
    "",
    "ms a save, self, by module:",
    ...topLines(mapped.modules, mapped.busy, 20, saves),
    "",
    "ms a save, by stage (the innermost of our functions on the stack, with what it calls):",
    ...topLines(mapped.stages, mapped.busy, 25, saves),
    "",
    "ms a save, self:",
    ...top(self, 25),
    "",
    "ms a save, inclusive:",
    ...top(inclusive, 50),
    ...(treeLines.length > 0 ? ["", "ms a save, top down:", ...treeLines] : []),
  ];
}

/** User and system CPU of every thread of a process so far, in milliseconds (Linux: /proc/<pid>/stat, in clock ticks of 10 ms). */
async function processCpu(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).replace(/^.*\) /, "").split(" ");
  // After the command's name: state is field 3, utime field 14 and stime field 15 of the whole line.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
