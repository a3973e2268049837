/**
 * The order `npm test` starts its files in: longest first, across all tiers, so that the two workers
 * finish together. vitest's own order runs the tiers one after another by name (browser, cli, host,
 * quality, unit), which left Lighthouse, the longest file, to start last and run alone at the end.
 *
 * A file's expected duration is its last run's (vitest keeps it in node_modules/.vite/), and in a
 * fresh clone its tier's typical duration; files of equal estimate keep vitest's order (larger first).
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";
import path from "node:path";

/** Typical seconds per file of each tier on two cores, for files vitest has not timed yet. */
const tierSeconds: Record<string, number> = { quality: 60, browser: 30, host: 20, cli: 15, unit: 1 };

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const rank = new Map(ordered.map((spec, index) => [spec, index]));
    const estimate = new Map(ordered.map((spec) => [spec, this.expectedMs(spec)]));
    return ordered.sort((a, b) => estimate.get(b)! - estimate.get(a)! || rank.get(a)! - rank.get(b)!);
  }

  private expectedMs(spec: TestSpecification): number {
    const key = `${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId)}`;
    return this.ctx.cache.getFileTestResults(key)?.duration ?? (tierSeconds[spec.project.name] ?? 15) * 1000;
  }
}
