/**
 * Measured accessibility (issue 5): axe-core finds no violation of WCAG 2.0/2.1/2.2 A and AA or of
 * axe's best practices on any of the 22 pages, with the consent banner shown (a first visit), nor with
 * a tooltip open or the contact form showing its errors or its result; each at a phone's and at a
 * desktop's width.
 */
import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../support/chromium.ts";
import { interactiveStates, openPage, sitePages, viewports, type ViewportName } from "../support/quality-site.ts";
import { serveSite } from "../support/site.ts";

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

let origin: string;
let browser: Browser;
let stop: () => Promise<void>;

beforeAll(async () => {
  const [site, launched] = await Promise.all([serveSite(), launchChromium()]);
  origin = site.origin;
  browser = launched;
  stop = async () => {
    await browser.close();
    await site.close();
  };
});
afterAll(() => stop?.());

/**
 * Runs axe on the page as it is and returns one readable block per violation (empty: none).
 *
 * In one pass (axe.run, AxeBuilder's "legacy mode") rather than the builder's default of a partial run per
 * frame and a finishing run in a blank page of its own: that extra page and a second injection of axe made
 * a check three times as expensive (1.2 s against 0.4 s per page and layout). The two differ only for
 * cross-origin frames, which the single pass leaves out; these pages have no frames (before consent nothing
 * of another origin loads), and a page that ever gets one is checked the builder's way.
 */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(tags)
    .options({ resultTypes: ["violations"] })
    .setLegacyMode(page.frames().length === 1)
    .analyze();
  return results.violations.map((violation) => {
    const nodes = violation.nodes.map(
      (node) =>
        `    at ${node.target.map(String).join(" >> ")}${node.failureSummary ? `\n      ${node.failureSummary.replace(/\n\s*/g, " / ")}` : ""}`,
    );
    return `  ${violation.id} (${violation.impact ?? "no impact"}): ${violation.help} <${violation.helpUrl}>\n${nodes.join("\n")}`;
  });
}

/**
 * Opens a path with the banner shown, at a phone's and at a desktop's width, brings it into a state,
 * runs axe, and fails with every violation of both layouts. Nothing may leave the machine.
 */
async function check(path: string, what: string, reach?: (page: Page) => Promise<void>): Promise<void> {
  // Both layouts at once, each in its own context: two renderers keep two cores busy.
  const layouts = await Promise.all(
    (Object.keys(viewports) as ViewportName[]).map(async (viewport) => {
      const { context, page, thirdParty } = await openPage(browser, origin, path, viewport);
      try {
        await reach?.(page);
        const found = await violations(page);
        const report: string[] = [];
        if (found.length > 0) report.push(`${what}, ${viewport} layout:\n${found.join("\n")}`);
        if (thirdParty.length > 0)
          report.push(`${what}, ${viewport} layout: requests to other hosts: ${thirdParty.join(", ")}`);
        return report;
      } finally {
        await context.close();
      }
    }),
  );
  const report = layouts.flat();
  if (report.length > 0) expect.fail(`axe violations:\n${report.join("\n")}`);
}

// One test per page keeps each well inside its timeout on two cores and names the page that fails.
describe("axe: every page with the consent banner shown", () => {
  it.each(sitePages.map((page) => [page.path, page.file] as const))("%s (%s)", async (path, file) => {
    await check(path, `${path} (${file})`);
  });
});

describe("axe: interactive states, banner still shown", () => {
  it.each(interactiveStates.map((state) => [state.name, state.path, state] as const))(
    "%s (%s)",
    async (name, path, state) => {
      await check(path, `${path} (${name})`, state.reach);
    },
  );
});
