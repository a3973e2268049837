import path from "node:path";
import type { Reporter, TestModule, Vitest } from "vitest/node";
import { skippedFiles, type Skipped } from "./requirements.ts";

/**
 * Ends the run with the plain line CI reads: `N passed, N failed` (and skipped, when any). Above it, the
 * tests that passed only at a second try (when one asks for retries: `vitest run --retry 1`), by name: a
 * flake to mend; and the files left out because a tool is not installed (requirements.ts), each with the command that gets it,
 * so that a plain `npm test` says what it did not run rather than only when it started.
 */
export default class SummaryReporter implements Reporter {
  /** The file filters of the command line (`vitest run tests/browser`), when it has any. */
  private filters: string[] = [];

  onInit(vitest: Vitest) {
    this.filters = (vitest as unknown as { filenamePattern?: string[] }).filenamePattern ?? [];
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const flaky: string[] = [];
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
        if (state === "passed" && test.diagnostic()?.flaky)
          flaky.push(`${path.relative(process.cwd(), module.moduleId)} > ${test.fullName}`);
      }
      if (module.state() === "failed" && [...module.children.allTests()].length === 0) failed++;
    }
    if (flaky.length > 0)
      console.log(`\nPassed only at the second try:\n${flaky.map((name) => `  ${name}`).join("\n")}`);
    const missing = leftOut(
      skippedFiles(),
      modules.map((module) => path.relative(process.cwd(), module.moduleId)),
      this.filters,
    );
    const files = missing.flatMap((entry) => entry.files);
    if (files.length > 0) console.log(`\n${skippedSummary(missing)}`);
    const notRun =
      files.length > 0 ? `, ${files.length} ${files.length === 1 ? "file" : "files"} not run (see above)` : "";
    console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}${notRun}`);
  }
}

/**
 * The skipped files this run would have run: those in a folder it ran files of, and that match its command
 * line's filters. `npm test` is told of them all; `vitest run tests/unit` of none.
 */
export function leftOut(skipped: Skipped[], ran: readonly string[], filters: readonly string[]): Skipped[] {
  const folders = new Set(ran.map((file) => path.posix.dirname(file.split(path.sep).join("/"))));
  const wanted = (file: string) =>
    folders.has(path.posix.dirname(file)) && (filters.length === 0 || filters.some((filter) => file.includes(filter)));
  return skipped
    .map((entry) => ({ ...entry, files: entry.files.filter(wanted) }))
    .filter((entry) => entry.files.length > 0);
}

/** The files left out, tool by tool, with the command that installs each tool and the one that installs them all. */
export function skippedSummary(missing: Skipped[]): string {
  const count = missing.reduce((sum, entry) => sum + entry.files.length, 0);
  const lines = [
    `Not run: ${count} test ${count === 1 ? "file needs a tool" : "files need tools"} not installed here.`,
  ];
  for (const entry of missing) {
    lines.push(`  ${entry.tool} (install it with: ${entry.install})`);
    lines.push(...entry.files.map((file) => `    ${file}`));
  }
  lines.push("Install them all as the run goes, and run every file: RANCH_SITE_INSTALL=1 npm test");
  return lines.join("\n");
}
