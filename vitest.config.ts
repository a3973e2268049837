import { defineConfig } from "vitest/config";

/**
 * Tests in tiers, fastest first (style.md habit 18). Each tier is a vitest project:
 *   unit     in-process: loaders on fixture trees, checks, routes, golden pages      npm run test:unit
 *   cli      the real bin, the error cases, the servers under attack, the image pipeline (sharp); no browser                            (with unit: npm run test:quick)
 *   browser  behaviour in Chromium: consent, tooltips, form, navigation, live reload
 *   host     the shipped nginx configuration, served by nginx
 *   quality  HTML validity, axe, SEO, budgets, Lighthouse
 * `npm test` runs them all.
 */
const tier = (name: string, include: string[], extra: { globalSetup?: string[] } = {}) => ({
  extends: true as const,
  test: { name, include, ...extra },
});
/** One build of the real site per tier run, shared by every file that only reads it (tests/support/site.ts). */
const sharedSite = { globalSetup: ["tests/support/shared-site.ts"] };

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Two cores: browser tests each drive a Chromium; more workers only make them fight.
    maxWorkers: 2,
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    projects: [
      tier("unit", ["tests/unit/**/*.test.ts", "tests/golden/**/*.test.ts"]),
      tier(
        "cli",
        ["tests/cli/**/*.test.ts", "tests/adversarial/**/*.test.ts", "tests/images/**/*.test.ts"],
        sharedSite,
      ),
      tier("browser", ["tests/browser/**/*.test.ts"], sharedSite),
      tier("host", ["tests/host/**/*.test.ts"], sharedSite),
      tier("quality", ["tests/quality/**/*.test.ts"], sharedSite),
    ],
  },
});
