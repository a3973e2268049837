import { configDefaults, defineConfig } from "vitest/config";
import { testsWithoutTools } from "./tests/support/requirements.ts";
import LongestFirst from "./tests/support/sequencer.ts";

/**
 * Tests in tiers, fastest first (style.md habit 18). Each tier is a vitest project:
 *   unit     in-process: loaders on fixture trees, checks, routes, golden pages      npm run test:unit
 *   cli      the real bin, the error cases, the servers under attack, the image pipeline (sharp), the heap
 *            of many template edits; no browser                                     (with unit: npm run test:quick)
 *   browser  behaviour in Chromium: consent, tooltips, form, navigation, live reload
 *   host     the shipped nginx configuration, served by nginx
 *   quality  HTML validity, axe, SEO, budgets
 *   lighthouse  Lighthouse's 16 runs, once every other tier is done (see below)
 * `npm test` runs them all.
 */
const tier = (
  name: string,
  include: string[],
  extra: {
    globalSetup?: string[];
    pool?: "threads" | "forks";
    isolate?: boolean;
    sequence?: { groupOrder: number };
    exclude?: string[];
  } = {},
) => ({
  extends: true as const,
  test: { name, include, ...extra, exclude: [...exclude, ...(extra.exclude ?? [])] },
});
// Files that need Chromium, nginx or Java are left out, with a one-line reason, when the tool is
// missing and may not be installed (installing needs CI or RANCH_SITE_INSTALL=1).
const exclude = [...configDefaults.exclude, ...testsWithoutTools(import.meta.dirname)];
const lighthouse = "tests/quality/lighthouse-*.test.ts";
/*
 * No tier retries a failed test, on CI or anywhere: a test that passes only at a second try cries wolf, and
 * a newcomer's plain `npm test` gets no second try. Tests wait for what they mean (an event, a state), not
 * for time, so that a loaded machine makes them slower, never red.
 */
/** One build of the real site per run, shared by every tier and file that only reads it (tests/support/site.ts). */
const sharedSite = { globalSetup: ["tests/support/shared-site.ts"] };

export default defineConfig({
  test: {
    exclude,
    // React's production build, as the bin uses wherever output is written (bin/ranch-site.js): the same
    // bytes, a third less CPU per in-process build, and errors as an editor's build reports them.
    env: { NODE_ENV: "production" },
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // expect.poll() asks until what a visitor would see has arrived (a smooth scroll's end, a reload, a slide), and
    // answers as soon as it has: its timeout only says how long "never" is. vitest's own 1 s is a wall-clock limit
    // that a loaded machine's Chromium overruns; a test that times a behaviour sets its own (navigation.test.ts).
    expect: { poll: { timeout: 15_000 } },
    // Two cores: browser tests each drive a Chromium; more workers only make them fight.
    maxWorkers: 2,
    // Longest files first, across the tiers, so that both workers finish together.
    sequence: { sequencer: LongestFirst },
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    projects: [
      // In-process and side-effect free: one set of worker threads that import the generator once, rather than
      // a fresh process per file (which cost twice the CPU of the tests themselves).
      tier("unit", ["tests/unit/**/*.test.ts", "tests/golden/**/*.test.ts"], { pool: "threads", isolate: false }),
      // Not isolated either: no cli file mocks modules or changes the cwd (site-data stubs env only around a build and
      // unstubs it), and the generator's module caches are keyed by content. A fresh module graph per file cost 18 s.
      tier("cli", ["tests/cli/**/*.test.ts", "tests/adversarial/**/*.test.ts", "tests/images/**/*.test.ts"], {
        ...sharedSite,
        isolate: false,
      }),
      // No module state of their own (no mocks, env or cwd changes), so a worker keeps playwright-core and the
      // generator imported from one file to the next instead of importing them again for each.
      tier("browser", ["tests/browser/**/*.test.ts"], { ...sharedSite, isolate: false }),
      tier("host", ["tests/host/**/*.test.ts"], sharedSite),
      tier("quality", ["tests/quality/**/*.test.ts"], { ...sharedSite, isolate: false, exclude: [lighthouse] }),
      // Last, and alone: Lighthouse scores CPU time (total blocking time is the main thread observed × 4), and a
      // Chromium busy beside it in the other worker cost /contact/ 20 points of performance in one CI run. Desktop
      // first, then the phone runs on their own: beside the desktop runs, the German home page's phone score fell
      // to a median of 86 (TBT 571 ms) in a full run, and passed at 95–100 alone (issue 20's longer pages).
      tier("lighthouse-desktop", ["tests/quality/lighthouse-desktop.test.ts"], {
        ...sharedSite,
        sequence: { groupOrder: 1 },
      }),
      tier("lighthouse-mobile", ["tests/quality/lighthouse-mobile.test.ts"], {
        ...sharedSite,
        sequence: { groupOrder: 2 },
      }),
    ],
  },
});
