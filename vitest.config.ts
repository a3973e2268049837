import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Two cores: browser tests each start a Chromium; more workers only make them fight.
    maxWorkers: 2,
    reporters: ["default", "./tests/support/summary-reporter.ts"],
  },
});
