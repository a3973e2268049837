import { configDefaults, defineConfig } from "vitest/config";
import { testsWithoutTools } from "./tests/support/requirements.ts";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    // Files that need Chromium, nginx or Java are left out, with a one-line reason, when the tool is
    // missing and may not be installed (installing needs CI or RANCH_SITE_INSTALL=1).
    exclude: [...configDefaults.exclude, ...testsWithoutTools(import.meta.dirname)],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Two cores: browser tests each start a Chromium; more workers only make them fight.
    maxWorkers: 2,
    reporters: ["default", "./tests/support/summary-reporter.ts"],
  },
});
