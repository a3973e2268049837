import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/**
 * Ends the run with the plain line CI reads: `N passed, N failed` (and skipped, when any). Above it, the
 * tests that passed only at their second try (vitest.config.ts `secondTry`), by name: a flake to mend.
 */
export default class SummaryReporter implements Reporter {
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
    console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
  }
}
