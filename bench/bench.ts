/**
 * `npm run bench`: how fast ranch-site builds, on tmpfs so the disk does not dominate.
 * Prints one table: cold build (whole process), in-process rebuild, watch latency, scaling.
 */
import { execFileSync, spawn } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { build, defaults, resolveConfig } from "../generator/index.ts";

const projectRoot = path.resolve(import.meta.dirname, "..");
const bin = path.join(projectRoot, "bin/ranch-site.js");
const scratch = await mkdtemp(path.join(process.platform === "linux" ? "/dev/shm" : "/tmp", "ranch-bench-"));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rows: [string, string, string][] = [];

async function copyProject(name: string): Promise<string> {
  const root = path.join(scratch, name);
  for (const folder of Object.values(defaults.folders))
    await cp(path.join(projectRoot, folder), path.join(root, folder), { recursive: true });
  return root;
}

// 1. Cold build: a new process each time, as a maintainer runs `npm run build`.
const cold: number[] = [];
for (let run = 0; run < 5; run++) {
  const started = performance.now();
  execFileSync(process.execPath, [bin, "build", "--out", path.join(scratch, `cold-${run}`)], {
    cwd: projectRoot,
    stdio: "ignore",
  });
  cold.push(performance.now() - started);
}
rows.push(["cold build, whole process (22 pages)", `${median(cold).toFixed(0)} ms`, "median of 5"]);

// 2. Rebuild in a running process, as `watch` does after a save.
const config = resolveConfig({ root: projectRoot, outDir: path.join(scratch, "warm"), mode: "watch" });
await build(config);
const warm: number[] = [];
for (let run = 0; run < 20; run++) warm.push((await build(config)).milliseconds);
rows.push(["in-process rebuild (22 pages)", `${median(warm).toFixed(0)} ms`, "median of 20"]);

// 3. Watch latency: from saving a file to the rewritten page on disk.
const watchRoot = await copyProject("watch");
const child = spawn(
  process.execPath,
  [bin, "watch", "--root", watchRoot, "--out", path.join(watchRoot, "dist"), "--port", "0"],
  { cwd: projectRoot, stdio: ["ignore", "pipe", "inherit"] },
);
await new Promise<void>((resolve) =>
  child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("Watching") && resolve()),
);
const dictionary = path.join(watchRoot, "content/i18n/de.yaml");
const original = await readFile(dictionary, "utf8");
const latency: number[] = [];
for (let run = 0; run < 10; run++) {
  const marker = `Messlauf ${run}`;
  const started = performance.now();
  await writeFile(dictionary, original.replace("loading: Wird geladen...", `loading: ${marker}`));
  while (!(await readFile(path.join(watchRoot, "dist/de/index.html"), "utf8").catch(() => "")).includes(marker))
    await new Promise((resolve) => setTimeout(resolve, 2));
  latency.push(performance.now() - started);
  await new Promise((resolve) => setTimeout(resolve, 150));
}
child.kill();
rows.push([
  "watch: save to rewritten page",
  `${median(latency).toFixed(0)} ms`,
  `median of 10, includes the ${defaults.debounceMs} ms debounce`,
]);

// 4. Scaling: 1,000 testimonials and 200 markdown pages per locale.
const bigRoot = await copyProject("scale");
const locales = ["en", "de"];
await Promise.all(
  locales.flatMap((locale) => [
    ...Array.from({ length: 1000 }, (_, index) =>
      writeFile(
        path.join(bigRoot, `content/testimonials/${String(index + 100).padStart(4, "0")}-guest.${locale}.md`),
        `---\nname: Guest ${index}\nrole: Account Executive, Company ${index}\nheadline: Day ${(index % 3) + 1} changed how I sell\n---\nThree days on the ranch, ${index} new ideas, and a **pipeline** that finally moves.\n`,
      ),
    ),
    ...Array.from({ length: 200 }, (_, index) =>
      writeFile(
        path.join(bigRoot, `content/pages/guide-${index}.${locale}.md`),
        `---\ntitle: Guide ${index}\ndescription: A generated page for measuring how ranch-site scales with many markdown pages in every locale.\nlead: Page ${index} of the scaling run.\n---\n## Section\n\n${"A paragraph with *emphasis* and a [link](/contact/).\n\n".repeat(12)}`,
      ),
    ),
  ]),
);
const bigConfig = resolveConfig({ root: bigRoot, outDir: path.join(scratch, "scale-out") });
const scale: number[] = [];
let pages = 0;
for (let run = 0; run < 3; run++) {
  const report = await build(bigConfig);
  scale.push(report.milliseconds);
  pages = report.pages;
}
rows.push([
  `scaling: ${pages} pages, 2,000 testimonials`,
  `${(median(scale) / pages).toFixed(2)} ms/page`,
  `median of 3 builds: ${median(scale).toFixed(0)} ms`,
]);

await rm(scratch, { recursive: true, force: true });
const width = [Math.max(...rows.map((row) => row[0].length)), Math.max(...rows.map((row) => row[1].length))];
console.log(`\n| ${"measure".padEnd(width[0]!)} | ${"result".padEnd(width[1]!)} | how |`);
console.log(`|${"-".repeat(width[0]! + 2)}|${"-".repeat(width[1]! + 2)}|-----|`);
for (const [name, value, how] of rows)
  console.log(`| ${name.padEnd(width[0]!)} | ${value.padEnd(width[1]!)} | ${how} |`);
console.log(
  `\nNode ${process.version}, ${(await import("node:os")).cpus().length} cores, output on ${scratch.startsWith("/dev/shm") ? "tmpfs (/dev/shm)" : "the temp folder"}.`,
);
