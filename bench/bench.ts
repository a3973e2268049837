/**
 * `npm run bench`: ranch-site beside Eleventy 3 and Hugo, in one run, on one generated corpus of N
 * markdown pages per locale (N = 0, 100, 1,000), output on tmpfs. Whole processes, as a maintainer
 * runs them: median and spread (min–max) of wall time, CPU time and peak memory, and ratios to
 * Eleventy. Then `watch` latency from save to rewritten file beside `eleventy --serve` and
 * `hugo server`, and the figures of bench/targets.ts beside their targets and the committed baseline.
 *
 * Environment: BENCH_RUNS (builds per generator and size), BENCH_SIZES ("0,100,1000"),
 * BENCH_WATCH_ROUNDS (saves per edit kind), BENCH_ONLY ("builds" or "watch": one part alone, when
 * working on it), BENCH_BEFORE (the folder of another checkout of ranch-site, installed: measured in the
 * same run, interleaved, as "before"), BENCH_SAVE_BASELINE=1 (write this run's figures to
 * bench/baseline.json, at a release). The machine may be shared: compare ratios, not absolutes.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eleventyProject, hugoProject, peerEdits, ranchSiteProject } from "./corpus.ts";
import { freePort } from "../tests/support/ports.ts";
import {
  hasGnuTime,
  measure,
  spread,
  watchLatency,
  type Command,
  type Edit,
  type Sample,
  type Spread,
} from "./measure.ts";
import { readBaseline, saveBaseline, targetHeader, targetRows, type Figures } from "./targets.ts";
import { watchArgs, watchEdits } from "./watch-edits.ts";

const projectRoot = path.resolve(import.meta.dirname, "..");
// The peer, exact-pinned in a lockfile of its own and installed on demand, not with the project's dependencies.
const eleventyDir = path.join(projectRoot, "tests/tools/eleventy/node_modules/@11ty/eleventy");
const eleventyBin = path.join(eleventyDir, "cmd.cjs");
if (!existsSync(eleventyBin)) {
  console.error("Eleventy, the bench's peer, is not installed: npm ci --prefix tests/tools/eleventy");
  process.exit(1);
}
const beforeRoot = process.env.BENCH_BEFORE ? path.resolve(process.env.BENCH_BEFORE) : undefined;
if (beforeRoot && !existsSync(path.join(beforeRoot, "node_modules/react"))) {
  console.error(`BENCH_BEFORE=${beforeRoot}: give a checkout of ranch-site with its packages installed (npm ci)`);
  process.exit(1);
}
const hugoBin = "/usr/bin/hugo";
const hasHugo = existsSync(hugoBin);
const tmpfs = process.platform === "linux" && existsSync("/dev/shm");
const scratch = await mkdtemp(path.join(tmpfs ? "/dev/shm" : os.tmpdir(), "ranch-bench-"));
const only = process.env.BENCH_ONLY;
if (only !== undefined && only !== "builds" && only !== "watch")
  throw new Error(`BENCH_ONLY=${only}: give "builds" or "watch", or leave it unset for both`);
const sizes = only === "watch" ? [] : (process.env.BENCH_SIZES ?? "0,100,1000").split(",").map(Number);
const runsFor = (pages: number) => Number(process.env.BENCH_RUNS) || (pages >= 1000 ? 5 : 9);
const watchRounds = Number(process.env.BENCH_WATCH_ROUNDS) || 10;

const eleventyVersion = JSON.parse(await readFile(path.join(eleventyDir, "package.json"), "utf8")).version as string;
const hugoVersion = hasHugo
  ? /v(\d+\.\d+\.\d+)/.exec(execFileSync(hugoBin, ["version"], { encoding: "utf8" }))![1]
  : "";
const names = {
  cold: "ranch-site, cold cache",
  warm: "ranch-site, warm cache",
  coldBefore: "before, cold cache",
  warmBefore: "before, warm cache",
  eleventy: `Eleventy ${eleventyVersion}`,
  hugo: `Hugo ${hugoVersion}`,
};
type Tool = keyof typeof names;

/** The checkouts measured: this one, and the one BENCH_BEFORE names. */
const checkouts: { root: string; cold: Tool; warm: Tool; label: string }[] = [
  { root: projectRoot, cold: "cold", warm: "warm", label: "" },
  ...(beforeRoot ? [{ root: beforeRoot, cold: "coldBefore", warm: "warmBefore", label: "before" } as const] : []),
];

/** How each generator builds one size of the corpus, and what must happen before each run. */
async function setUp(pages: number) {
  const tools: { tool: Tool; run: Command; before?: () => Promise<void> }[] = [];
  for (const checkout of checkouts) {
    const name = `ranch${checkout.label}-${pages}`;
    const ranch = await ranchSiteProject(checkout.root, path.join(scratch, name), pages);
    // Until the template cache moves into the project's cache folder, it lives in $TMPDIR: one per project.
    const ranchTmp = path.join(ranch, ".tmp");
    await mkdir(ranchTmp, { recursive: true });
    const ranchBuild: Command = {
      command: process.execPath,
      args: [
        path.join(checkout.root, "bin/ranch-site.js"),
        "build",
        "--root",
        ranch,
        "--out",
        path.join(scratch, `out-${name}`),
      ],
      cwd: ranch,
      env: { TMPDIR: ranchTmp },
    };
    const forget = async () => {
      await rm(path.join(ranch, "node_modules/.cache/ranch-site"), { recursive: true, force: true });
      await rm(ranchTmp, { recursive: true, force: true });
      await mkdir(ranchTmp, { recursive: true });
    };
    tools.push({ tool: checkout.cold, run: ranchBuild, before: forget }, { tool: checkout.warm, run: ranchBuild });
  }
  const eleventy = await eleventyProject(path.join(scratch, `eleventy-${pages}`), pages);
  tools.push({
    tool: "eleventy",
    run: {
      command: process.execPath,
      args: [eleventyBin, "--quiet", "--output", path.join(scratch, `out-eleventy-${pages}`)],
      cwd: eleventy,
    },
  });
  if (hasHugo) {
    const hugo = await hugoProject(path.join(scratch, `hugo-${pages}`), pages);
    tools.push({
      tool: "hugo",
      run: {
        command: hugoBin,
        args: ["--quiet", "--source", hugo, "--destination", path.join(scratch, `out-hugo-${pages}`)],
        cwd: hugo,
        env: { HUGO_CACHEDIR: path.join(scratch, "hugo-cache") },
      },
    });
  }
  return tools;
}

/** Builds of every size, the generators interleaved run by run so that noise hits all of them alike. */
const results = new Map<number, Map<Tool, Sample[]>>();
for (const pages of sizes) {
  const tools = await setUp(pages);
  const samples = new Map(tools.map(({ tool }) => [tool, [] as Sample[]]));
  for (const { run } of tools) await measure(run, scratch); // warm the page cache and the disk cache
  for (let round = 0; round < runsFor(pages); round++) {
    for (const { tool, run, before } of tools) {
      await before?.();
      samples.get(tool)!.push(await measure(run, scratch));
    }
  }
  results.set(pages, samples);
  process.stderr.write(`measured N = ${pages}\n`);
}

const ms = (value: number) => (Number.isNaN(value) ? "–" : `${Math.round(value)}`);
const show = (s: Spread) => `${ms(s.median)} (${ms(s.min)}–${ms(s.max)})`;
const ratio = (a: number, b: number) => (Number.isFinite(a / b) ? (a / b).toFixed(2) : "–");
const stat = (pages: number, tool: Tool, key: keyof Sample) =>
  spread(
    results
      .get(pages)
      ?.get(tool)
      ?.map((sample) => sample[key]) ?? [Number.NaN],
  );
const median = (pages: number, tool: Tool, key: keyof Sample) => stat(pages, tool, key).median;

const lines: string[] = [];
const table = (header: string[], rows: string[][]) => {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(" | ")} |`;
  lines.push(
    line(header),
    `|${widths.map((width, column) => (column === 0 ? "-" : "").padEnd(width + 1, "-") + (column === 0 ? "-" : ":")).join("|")}|`,
    ...rows.map(line),
    "",
  );
};

if (only !== "watch") {
  lines.push("## Builds, whole process (median (min–max))", "");
  const buildRows: string[][] = [];
  for (const [pages, samples] of results) {
    for (const tool of samples.keys()) {
      const [wall, cpu, rss] = (["wall", "cpu", "rss"] as const).map((key) => stat(pages, tool, key));
      const peer = (key: keyof Sample) => median(pages, "eleventy", key);
      buildRows.push([
        `${pages}`,
        names[tool],
        show(wall!),
        show(cpu!),
        show(rss!),
        ...(["wall", "cpu", "rss"] as const).map((key, index) =>
          tool === "eleventy" ? "1" : ratio([wall!, cpu!, rss!][index]!.median, peer(key)),
        ),
      ]);
    }
  }
  table(
    ["N per locale", "generator", "wall ms", "CPU ms", "peak MiB", "wall ÷ 11ty", "CPU ÷ 11ty", "memory ÷ 11ty"],
    buildRows,
  );
  lines.push(
    "ranch-site builds its real site (26 pages) plus the N pages per locale; the peers build the N pages per locale.",
    "",
  );
}

/** CPU per added page: the slope of CPU time from the smallest to the largest non-empty corpus. */
const withPages = sizes.filter((pages) => pages > 0);
const [low, high] = [Math.min(...withPages), Math.max(...withPages)];
const slope = (tool: Tool) => (median(high, tool, "cpu") - median(low, tool, "cpu")) / (2 * (high - low));

// Watch: save → rewritten file, at the real site and with 100 pages per locale more, beside the peers' servers.
const watchRows: string[][] = [];
const watchMedians = new Map<string, number>();
const ranchEdits: Edit[] = Object.entries(watchEdits).map(([name, edit]) => ({ name, ...edit }));
const watchSizes = only === "builds" ? [] : [0, 100];
for (const extra of watchSizes) {
  const size = extra === 0 ? "real site" : `real site + ${2 * extra}`;
  // The peers watch 11 pages per locale and 100 more: the 22 and 222 pages our real site had when the targets were set.
  const peerPages = 11 + extra;
  const servers: [string, Map<string, number[]>][] = [];
  for (const checkout of checkouts) {
    const root = await ranchSiteProject(
      checkout.root,
      path.join(scratch, `watch-ranch${checkout.label}-${extra}`),
      extra,
    );
    await mkdir(path.join(root, ".tmp"));
    const latencies = await watchLatency(
      {
        command: process.execPath,
        args: watchArgs(checkout.root, root),
        cwd: root,
        env: { TMPDIR: path.join(root, ".tmp") },
      },
      /Watching/,
      root,
      ranchEdits,
      watchRounds,
    );
    servers.push([checkout.label ? `ranch-site watch, ${checkout.label}` : "ranch-site watch", latencies]);
  }
  const eleventyRoot = await eleventyProject(path.join(scratch, `watch-eleventy-${extra}`), peerPages);
  const eleventy = await watchLatency(
    {
      command: process.execPath,
      args: [eleventyBin, "--serve", "--quiet", `--port=${await freePort()}`],
      cwd: eleventyRoot,
    },
    /Server at/,
    eleventyRoot,
    [
      {
        name: "markdown",
        file: peerEdits.eleventy.page,
        output: peerEdits.eleventy.pageOut,
        change: (text, marker) => `${text}\n${marker} is the word.\n`,
      },
      {
        name: "dictionary",
        file: peerEdits.eleventy.dictionary,
        output: peerEdits.eleventy.dictionaryOut,
        change: (text, marker) => text.replace(peerEdits.footer.de, marker),
      },
    ],
    watchRounds,
  );
  servers.push([`Eleventy ${eleventyVersion} --serve`, eleventy]);
  if (hasHugo) {
    const hugoRoot = await hugoProject(path.join(scratch, `watch-hugo-${extra}`), peerPages);
    const hugo = await watchLatency(
      {
        command: hugoBin,
        args: ["server", "--renderToDisk", "--port", String(await freePort()), "--source", hugoRoot],
        cwd: hugoRoot,
        env: { HUGO_CACHEDIR: path.join(scratch, "hugo-cache") },
      },
      /Web Server is available/,
      hugoRoot,
      [
        {
          name: "markdown",
          file: peerEdits.hugo.page,
          output: peerEdits.hugo.pageOut,
          change: (text, marker) => `${text}\n${marker} is the word.\n`,
        },
        {
          name: "dictionary",
          file: peerEdits.hugo.dictionary,
          output: peerEdits.hugo.dictionaryOut,
          change: (text, marker) => text.replace(peerEdits.footer.de, marker),
        },
      ],
      watchRounds,
    );
    servers.push([`Hugo ${hugoVersion} server --renderToDisk`, hugo]);
  }
  for (const [name, latencies] of servers) {
    for (const [kind, values] of latencies) {
      const s = spread(values);
      watchMedians.set(`${name}|${extra}|${kind}`, s.median);
      watchRows.push([size, name, kind, show(s)]);
    }
  }
  process.stderr.write(`measured watch at the ${size}\n`);
}
if (only !== "builds") {
  lines.push(`## watch: save → rewritten file on disk, ms (median (min–max) of ${watchRounds} saves)`, "");
  table(["pages", "server", "edit", "ms"], watchRows);
  lines.push("The peers watch 22 and 222 pages of the bench's corpus.", "");
}

/** The figures of bench/targets.ts for one checkout, from this run. */
function figuresOf(cold: Tool, warm: Tool, server: string): Figures {
  const watch = (extra: number, kind: string) => watchMedians.get(`${server}|${extra}|${kind}`)!;
  return {
    ...(only === "watch"
      ? {}
      : {
          coldSite: median(0, cold, "cpu") / median(0, "eleventy", "cpu"),
          coldSiteWall: median(0, cold, "wall") / median(0, "eleventy", "wall"),
          warmSite: median(0, warm, "cpu") / median(0, "eleventy", "cpu"),
          coldPage: slope(cold) / slope("eleventy"),
          warmPage: slope(warm) / slope("eleventy"),
          memory: median(high, cold, "rss") / median(high, "eleventy", "rss"),
        }),
    ...(only === "builds"
      ? {}
      : {
          watchSiteMarkdown: watch(0, "markdown"),
          watchSiteDictionary: watch(0, "dictionary"),
          watchLargeMarkdown: watch(100, "markdown"),
          watchLargeDictionary: watch(100, "dictionary"),
        }),
  };
}

const now = figuresOf("cold", "warm", "ranch-site watch");
const before = beforeRoot ? figuresOf("coldBefore", "warmBefore", "ranch-site watch, before") : undefined;
const baseline = await readBaseline();
lines.push("## Figures held to their targets (ratios within this run)", "");
table(targetHeader(before !== undefined), targetRows(now, baseline, before));
lines.push(
  `Baseline: bench/baseline.json (${baseline?.measured ?? "none committed"}). ▲: more than 5 % worse than the` +
    " baseline; ✗: past the target (issue 37); goal: the issue's aim beyond this round.",
);
if (only !== "watch") {
  const perPage = (tool: Tool) => `${slope(tool).toFixed(2)} ms`;
  lines.push(
    `CPU per added page: ranch-site ${perPage("cold")} cold, ${perPage("warm")} warm; Eleventy ${perPage("eleventy")}` +
      `${hasHugo ? `; Hugo ${perPage("hugo")}` : ""} (slope N = ${low} → ${high}).`,
  );
}
if (!hasHugo) lines.push("Hugo: not installed (/usr/bin/hugo), skipped.");
if (!hasGnuTime)
  lines.push("CPU and memory: GNU time (/usr/bin/time, Debian package `time`) is not installed; wall time only.");
const machine = `Node ${process.version}, ${os.cpus().length} cores, load average ${os
  .loadavg()
  .map((load) => load.toFixed(1))
  .join(" ")}, output on ${tmpfs ? "tmpfs (/dev/shm)" : "the temp folder"}`;
lines.push(`${machine}.`);
console.log(lines.join("\n"));
if (process.env.BENCH_SAVE_BASELINE) {
  let commit = "a folder outside git";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: projectRoot, encoding: "utf8" }).trim();
  } catch {
    // an exported tree: the note says so
  }
  await saveBaseline(`npm run bench at ${commit}, ${new Date().toISOString().slice(0, 10)}; ${machine}`, now, baseline);
  console.log("Wrote this run's figures to bench/baseline.json.");
}
await rm(scratch, { recursive: true, force: true });
