/**
 * Lighthouse measures the host's CPU at the start of every run: a second of busy loops in the page
 * (`computeBenchmarkIndex`, two 500 ms loops). The number it gives lands in the report's `environment`
 * and in a slow-host warning that only Lighthouse's own CLI shows; no audit and no score reads it
 * (lighthouse/core/runner.js and gather/driver/environment.js, 12.8). Run 16 times, that was 16 s of
 * one core, a quarter of the tier, spent measuring the same machine again.
 *
 * So the benchmark runs for real once per process, in the first run, and later runs are given that
 * measured value. The page function is looked up on Lighthouse's `pageFunctions` object when a run
 * starts, so the value is swapped there; if Lighthouse renames it, this fails loudly rather than
 * leaving every run a second longer without anyone noticing.
 */
/** Lighthouse's `pageFunctions` object (lighthouse/core/lib/page-functions.js), as far as this file uses it. */
export interface PageFunctions {
  computeBenchmarkIndex: () => number;
}

/** One per loaded Lighthouse: the first made keeps the original to compare with. */
const reusers = new WeakMap<PageFunctions, (measured: number | undefined) => void>();

/**
 * Given Lighthouse's `pageFunctions`: after a run whose report measured the host, later runs in this process
 * reuse that measurement.
 */
export function benchmarkReuser(pageFunctions: PageFunctions): (measured: number | undefined) => void {
  const known = reusers.get(pageFunctions);
  if (known) return known;
  const original = pageFunctions.computeBenchmarkIndex;
  if (typeof original !== "function" || original.name !== "computeBenchmarkIndex")
    throw new Error(
      "lighthouse's pageFunctions.computeBenchmarkIndex has moved: see tests/support/lighthouse-benchmark.ts",
    );
  const reuser = (measured: number | undefined) => {
    if (measured === undefined || !(measured > 0) || pageFunctions.computeBenchmarkIndex !== original) return;
    const reused = () => measured;
    // Lighthouse runs a page function from its source text (as it does for its own, in page-functions.js).
    reused.toString = () => `function computeBenchmarkIndex() { return ${measured}; }`;
    pageFunctions.computeBenchmarkIndex = reused;
  };
  reusers.set(pageFunctions, reuser);
  return reuser;
}
