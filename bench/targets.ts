/**
 * The figures `npm run bench` holds the line on (issue 37): each printed beside its target, the issue's
 * goal, and the figures committed in bench/baseline.json from the last release, so that a change that
 * costs more than 5 % shows in the run that makes it, not a round later. Every figure is lower-is-better.
 * The build figures are ratios to Eleventy in the same run, which a busy machine moves far less than
 * absolute times; the watch figures are milliseconds from save to page, which it does move.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/** One figure: what it measures, the bar this round must pass, and the issue's goal beyond it. */
interface Figure {
  label: string;
  unit: "×" | "ms";
  target: number;
  goal?: number;
}

export const figures = {
  coldSite: {
    label: "real site, cold cache: CPU ÷ Eleventy's on an empty project",
    unit: "×",
    target: 1.5,
    goal: 1.0,
  },
  coldSiteWall: { label: "the same, wall time", unit: "×", target: 1.5, goal: 1.0 },
  warmSite: { label: "real site, warm cache: CPU ÷ Eleventy's on an empty project", unit: "×", target: 0.7 },
  coldPage: { label: "CPU per added page, cold cache ÷ Eleventy's", unit: "×", target: 2.5, goal: 1.0 },
  warmPage: { label: "CPU per added page, warm cache ÷ Eleventy's", unit: "×", target: 0.5 },
  memory: { label: "peak memory, largest corpus (2,000 pages), cold ÷ Eleventy's", unit: "×", target: 1.0 },
  // The issue's "22 pages" and "222 pages": the real site alone, and with 100 pages per locale more.
  watchSiteMarkdown: { label: "watch, real site: markdown save → page on disk", unit: "ms", target: 50 },
  watchSiteDictionary: { label: "watch, real site: dictionary save → page on disk", unit: "ms", target: 50 },
  watchLargeMarkdown: { label: "watch, real site + 200 pages: markdown save", unit: "ms", target: 100 },
  watchLargeDictionary: { label: "watch, real site + 200 pages: dictionary save", unit: "ms", target: 100 },
} satisfies Record<string, Figure>;

export type FigureName = keyof typeof figures;
export type Figures = Partial<Record<FigureName, number>>;

/** A change worse than this against the baseline is marked in the table. */
const drift = 0.05;

const baselineFile = path.join(import.meta.dirname, "baseline.json");

/** What bench/baseline.json holds: how and where it was measured, and the figures (medians). */
export interface Baseline {
  measured: string;
  figures: Figures;
}

export async function readBaseline(): Promise<Baseline | undefined> {
  return JSON.parse(await readFile(baselineFile, "utf8").catch(() => "null")) as Baseline | undefined;
}

/** Writes this run's figures as the new baseline, keeping those of parts this run left out (BENCH_ONLY). */
export async function saveBaseline(measured: string, now: Figures, old: Baseline | undefined): Promise<void> {
  const merged = { ...old?.figures, ...now };
  const ordered = Object.fromEntries(
    (Object.keys(figures) as FigureName[])
      .filter((name) => merged[name] !== undefined)
      .map((name) => [name, merged[name]]),
  );
  await writeFile(baselineFile, `${JSON.stringify({ measured, figures: ordered }, null, 2)}\n`);
}

/**
 * The rows of the targets table: each figure of this run, of the release before it when measured in the
 * same run (BENCH_BEFORE), and of the baseline, with the change against the baseline; a change over 5 %
 * for the worse is marked ▲, a figure past its target ✗.
 */
export function targetRows(now: Figures, baseline: Baseline | undefined, before?: Figures): string[][] {
  const show = (name: FigureName, value: number | undefined) =>
    value === undefined || Number.isNaN(value)
      ? "–"
      : figures[name].unit === "ms"
        ? `${Math.round(value)} ms`
        : value.toFixed(2);
  const rows: string[][] = [];
  for (const name of Object.keys(figures) as FigureName[]) {
    const value = now[name];
    if (value === undefined) continue;
    const figure: Figure = figures[name];
    const base = baseline?.figures[name];
    const change = base === undefined || Number.isNaN(value) ? undefined : (value - base) / base;
    const changed =
      change === undefined
        ? "–"
        : `${change > 0 ? "+" : ""}${(100 * change).toFixed(0)} %${change > drift ? " ▲" : ""}`;
    rows.push([
      figure.label,
      `${show(name, value)}${value > figure.target ? " ✗" : ""}`,
      ...(before ? [show(name, before[name])] : []),
      show(name, base),
      changed,
      `≤ ${figure.unit === "ms" ? `${figure.target} ms` : figure.target.toFixed(1)}`,
      figure.goal === undefined ? "" : `≤ ${figure.goal.toFixed(1)}`,
    ]);
  }
  return rows;
}

export const targetHeader = (before: boolean) => [
  "figure",
  "this run",
  ...(before ? ["before (same run)"] : []),
  "baseline",
  "change",
  "target",
  "goal",
];
