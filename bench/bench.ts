/**
 * `npm run bench`: ranch-site beside Eleventy 3 and Hugo, in one run, on one generated corpus of N
 * markdown pages per locale (N = 0, 100, 1,000), output on tmpfs. Whole processes, as a maintainer
 * runs them: median and spread (min–max) of wall time, CPU time and peak memory, and ratios to
 * Eleventy. Then `watch` latency from save to rewritten file beside `eleventy --serve` and
 * `hugo server`, and the targets with today's figures.
 *
 * Environment: BENCH_RUNS (builds per generator and size), BENCH_SIZES ("0,100,1000"),
 * BENCH_WATCH_ROUNDS (saves per edit kind), BENCH_ONLY ("builds" or "watch": one part alone, when
 * working on it). The machine is shared: compare ratios, not absolutes.
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

const projectRoot = path.resolve(import.meta.dirname, "..");
const bin = path.join(projectRoot, "bin/ranch-site.js");
// The peer, exact-pinned in a lockfile of its own and installed on demand, not with the project's dependencies.
const eleventyDir = path.join(projectRoot, "tests/tools/eleventy/node_modules/@11ty/eleventy");
const eleventyBin = path.join(eleventyDir, "cmd.cjs");
if (!existsSync(eleventyBin)) {
  console.error("Eleventy, the bench's peer, is not installed: npm ci --prefix tests/tools/eleventy");
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
  eleventy: `Eleventy ${eleventyVersion}`,
  hugo: `Hugo ${hugoVersion}`,
};
type Tool = keyof typeof names;

/** How each generator builds one size of the corpus, and what must happen before each run. */
async function setUp(pages: number) {
  const ranch = await ranchSiteProject(projectRoot, path.join(scratch, `ranch-${pages}`), pages);
  const eleventy = await eleventyProject(path.join(scratch, `eleventy-${pages}`), pages);
  const hugo = await hugoProject(path.join(scratch, `hugo-${pages}`), pages);
  // Until the template cache moves into the project's cache folder, it lives in $TMPDIR: one per project.
  const ranchTmp = path.join(ranch, ".tmp");
  await mkdir(ranchTmp, { recursive: true });
  const ranchBuild: Command = {
    command: process.execPath,
    args: [bin, "build", "--root", ranch, "--out", path.join(scratch, `out-ranch-${pages}`)],
    cwd: ranch,
    env: { TMPDIR: ranchTmp },
  };
  const forget = async () => {
    await rm(path.join(ranch, "node_modules/.cache/ranch-site"), { recursive: true, force: true });
    await rm(ranchTmp, { recursive: true, force: true });
    await mkdir(ranchTmp, { recursive: true });
  };
  const tools: { tool: Tool; run: Command; before?: () => Promise<void> }[] = [
    { tool: "cold", run: ranchBuild, before: forget },
    { tool: "warm", run: ranchBuild },
    {
      tool: "eleventy",
      run: {
        command: process.execPath,
        args: [eleventyBin, "--quiet", "--output", path.join(scratch, `out-eleventy-${pages}`)],
        cwd: eleventy,
      },
    },
  ];
  if (hasHugo)
    tools.push({
      tool: "hugo",
      run: {
        command: hugoBin,
        args: ["--quiet", "--source", hugo, "--destination", path.join(scratch, `out-hugo-${pages}`)],
        cwd: hugo,
        env: { HUGO_CACHEDIR: path.join(scratch, "hugo-cache") },
      },
    });
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
const mib = (value: number) => (Number.isNaN(value) ? "–" : `${Math.round(value)}`);
const show = (s: Spread, format: (value: number) => string) =>
  `${format(s.median)} (${format(s.min)}–${format(s.max)})`;
const ratio = (a: number, b: number) => (Number.isFinite(a / b) ? (a / b).toFixed(2) : "–");
const stat = (pages: number, tool: Tool, key: keyof Sample) =>
  spread(
    results
      .get(pages)
      ?.get(tool)
      ?.map((sample) => sample[key]) ?? [Number.NaN],
  );

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
      const [eWall, eCpu, eRss] = (["wall", "cpu", "rss"] as const).map((key) => stat(pages, "eleventy", key).median);
      buildRows.push([
        `${pages}`,
        names[tool],
        show(wall!, ms),
        show(cpu!, ms),
        show(rss!, mib),
        tool === "eleventy" ? "1" : ratio(wall!.median, eWall!),
        tool === "eleventy" ? "1" : ratio(cpu!.median, eCpu!),
        tool === "eleventy" ? "1" : ratio(rss!.median, eRss!),
      ]);
    }
  }
  table(
    ["N per locale", "generator", "wall ms", "CPU ms", "peak MiB", "wall ÷ 11ty", "CPU ÷ 11ty", "memory ÷ 11ty"],
    buildRows,
  );
  lines.push(
    "ranch-site builds its real site (22 pages) plus the N pages per locale; the peers build the N pages per locale.",
    "",
  );
}

/** CPU per added page: the slope of CPU time from the smallest to the largest non-empty corpus. */
const withPages = sizes.filter((pages) => pages > 0);
const [low, high] = [Math.min(...withPages), Math.max(...withPages)];
const slope = (tool: Tool) => (stat(high, tool, "cpu").median - stat(low, tool, "cpu").median) / (2 * (high - low));

// Watch: save → rewritten file, at 22 and 222 pages of ours, beside the peers' servers on as many pages.
const watchRows: string[][] = [];
const watchMedians = new Map<string, number>();
const ranchEdits: Edit[] = [
  {
    name: "markdown",
    file: "content/pages/about-me.en.md",
    output: "dist/about-me/index.html",
    change: (text, marker) => `${text}\n${marker} is the word.\n`,
  },
  {
    name: "dictionary",
    file: "content/i18n/de.yaml",
    output: "dist/de/index.html",
    change: (text, marker) => replaceOnce(text, /^loading: .*$/m, `loading: ${marker}`),
  },
];
const watchSizes =
  only === "builds"
    ? []
    : ([
        [0, 22],
        [100, 222],
      ] as const);
for (const [extra, total] of watchSizes) {
  const root = await ranchSiteProject(projectRoot, path.join(scratch, `watch-ranch-${total}`), extra);
  await mkdir(path.join(root, ".tmp"));
  const ours = await watchLatency(
    {
      command: process.execPath,
      args: [bin, "watch", "--root", root, "--out", path.join(root, "dist"), "--port", "0"],
      cwd: root,
      env: { TMPDIR: path.join(root, ".tmp") },
    },
    /Watching/,
    root,
    ranchEdits,
    watchRounds,
  );
  const peerPages = total / 2;
  const eleventyRoot = await eleventyProject(path.join(scratch, `watch-eleventy-${total}`), peerPages);
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
  const results: [string, Map<string, number[]>][] = [
    ["ranch-site watch", ours],
    [`Eleventy ${eleventyVersion} --serve`, eleventy],
  ];
  if (hasHugo) {
    const hugoRoot = await hugoProject(path.join(scratch, `watch-hugo-${total}`), peerPages);
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
    results.push([`Hugo ${hugoVersion} server --renderToDisk`, hugo]);
  }
  for (const [name, latencies] of results) {
    for (const [kind, values] of latencies) {
      const s = spread(values);
      watchMedians.set(`${name}|${total}|${kind}`, s.median);
      watchRows.push([`${total}`, name, kind, show(s, ms)]);
    }
  }
  process.stderr.write(`measured watch at ${total} pages\n`);
}
if (only !== "builds") {
  lines.push(`## watch: save → rewritten file on disk (median (min–max) of ${watchRounds} saves)`, "");
  table(["pages", "server", "edit", "ms"], watchRows);
}

// The targets, with today's figures.
/** Wall time and CPU time of one generator ÷ another at one size: on a busy machine CPU time is the steadier one. */
const both = (tool: Tool, pages: number, peer: Tool) =>
  `wall ${ratio(stat(pages, tool, "wall").median, stat(pages, peer, "wall").median)}, CPU ${ratio(stat(pages, tool, "cpu").median, stat(pages, peer, "cpu").median)} (${ms(stat(pages, tool, "wall").median)} ms, ${ms(stat(pages, tool, "cpu").median)} ms CPU ÷ ${ms(stat(pages, peer, "wall").median)} ms, ${ms(stat(pages, peer, "cpu").median)} ms CPU)`;
const ourWatch = (total: number) => {
  const values = ["markdown", "dictionary"].map((kind) => watchMedians.get(`ranch-site watch|${total}|${kind}`)!);
  return `${values.map(ms).join(" ms, ")} ms (markdown, dictionary)`;
};
const buildTargets = [
  [
    "real site cold build ÷ Eleventy building an empty project (whole process, cold cache)",
    "≤ 1.0",
    both("cold", 0, "eleventy"),
  ],
  ["the same with a warm cache", "≤ 0.7", both("warm", 0, "eleventy")],
  [
    `CPU per added page ÷ Eleventy's (cold cache; slope N = ${low} → ${high})`,
    "≤ 1.0",
    `${ratio(slope("cold"), slope("eleventy"))} (${slope("cold").toFixed(2)} ÷ ${slope("eleventy").toFixed(2)} ms)`,
  ],
  ["the same, warm cache", "≤ 0.5", `${ratio(slope("warm"), slope("eleventy"))} (${slope("warm").toFixed(2)} ms)`],
  [
    `peak memory at ${2 * high} pages ÷ Eleventy's`,
    "≤ 1.0",
    `${ratio(stat(high, "cold", "rss").median, stat(high, "eleventy", "rss").median)} (${mib(stat(high, "cold", "rss").median)} ÷ ${mib(stat(high, "eleventy", "rss").median)} MiB)`,
  ],
];
const watchTargets = [
  ["watch save → rewritten page, 22 pages (median)", "≤ 50 ms", ourWatch(22)],
  ["watch save → rewritten page, 222 pages (median)", "≤ 100 ms", ourWatch(222)],
];
lines.push("## Targets (ratios within this run)", "");
table(
  ["measure", "target", "today"],
  [...(only === "watch" ? [] : buildTargets), ...(only === "builds" ? [] : watchTargets)],
);
if (!hasHugo) lines.push("Hugo: not installed (/usr/bin/hugo), skipped.");
else if (only !== "watch") lines.push(`Hugo's CPU per added page: ${slope("hugo").toFixed(2)} ms.`);
if (!hasGnuTime)
  lines.push("CPU and memory: GNU time (/usr/bin/time, Debian package `time`) is not installed; wall time only.");
lines.push(
  `Node ${process.version}, ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(" ")}, output on ${tmpfs ? "tmpfs (/dev/shm)" : "the temp folder"}.`,
);
console.log(lines.join("\n"));
await rm(scratch, { recursive: true, force: true });

function replaceOnce(text: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(text)) throw new Error(`the bench edit found no ${pattern} to change`);
  return text.replace(pattern, replacement);
}
