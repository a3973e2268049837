/**
 * Measured accessibility and valid HTML (issue 5), on the pages as a browser shows them.
 *
 * axe-core finds no violation of WCAG 2.0/2.1/2.2 A and AA or of axe's best practices on any of the 22
 * pages, with the consent banner shown (a first visit), nor with a tooltip open or the contact form showing
 * its errors or its result; each at a phone's and at a desktop's width.
 *
 * The Nu HTML Checker (vnu, the W3C validator) reports no error on the 26 built pages, nor on the DOM a
 * visitor gets in those same states: the desktop tab's DOM (page.content()) is saved just before axe looks
 * at it. One file for both, so each page and state is loaded once for the two checks, not once for each.
 */
import { access, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newContext, thirdPartyRequests } from "../support/browser.ts";
import { borrowChromium } from "../support/chromium.ts";
import {
  forgetVisit,
  interactiveStates,
  showPage,
  sitePages,
  viewports,
  type PageState,
  type ViewportName,
} from "../support/quality-site.ts";
import { canary, checkHtml, fileOf, hasJava, report as vnuReport, type VnuMessage } from "../support/nu-checker.ts";
import { serveSite } from "../support/site.ts";

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
const layouts = Object.keys(viewports) as ViewportName[];

let origin: string;
let dist: string;
let browser: Browser;
let stop: () => Promise<void>;
/** The desktop DOM of every page and state, for the Nu HTML Checker: `banner/<page file>`, `<state name>.html`. */
let snapshots: string;
const snapshotFiles = [
  ...sitePages.map((page) => `banner/${page.file}`),
  ...interactiveStates.map((state) => `${state.name}.html`),
];

async function snapshot(page: Page, file: string): Promise<void> {
  if (!hasJava) return;
  const html = await page.content();
  await mkdir(path.dirname(path.join(snapshots, file)), { recursive: true });
  await writeFile(path.join(snapshots, file), html);
}
/**
 * One tab per layout for the 26 pages and the interactive states, emptied of storage after each
 * (forgetVisit()), so every page is still a first visit with the banner shown. A fresh context and tab
 * per page cost 0.8 s more per check; axe's full results (violations, passes, incomplete, inapplicable,
 * with their nodes) on all 22 pages at both layouts were the same either way.
 */
const tabs = {} as Record<ViewportName, { page: Page; thirdParty: string[] }>;

async function openTab(layout: ViewportName): Promise<void> {
  const context = await newContext(browser, viewports[layout]);
  tabs[layout] = { page: await context.newPage(), thirdParty: thirdPartyRequests(context) };
}

beforeAll(async () => {
  const [site, borrowed] = await Promise.all([serveSite(), borrowChromium()]);
  origin = site.origin;
  dist = site.dir;
  browser = borrowed.browser;
  snapshots = await mkdtemp(path.join(os.tmpdir(), "ranch-snapshots-"));
  stop = async () => {
    await borrowed.release();
    await site.close();
    await rm(snapshots, { recursive: true, force: true });
  };
  await Promise.all(layouts.map(openTab));
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

/** Runs axe on a page at one layout; one report line per violation, and one for requests to other hosts. */
async function report(page: Page, thirdParty: string[], where: string): Promise<string[]> {
  const found = await violations(page);
  const lines: string[] = [];
  if (found.length > 0) lines.push(`${where}:\n${found.join("\n")}`);
  if (thirdParty.length > 0) lines.push(`${where}: requests to other hosts: ${thirdParty.join(", ")}`);
  return lines;
}

/** Fails with every violation found at both layouts. */
async function atBothLayouts(what: string, check: (layout: ViewportName) => Promise<string[]>): Promise<void> {
  // Both layouts at once, each in its own tab: two renderers keep two cores busy.
  const found = (await Promise.all(layouts.map(check))).flat();
  if (found.length > 0) expect.fail(`axe violations:\n${found.join("\n")}`);
}

/**
 * A page as a first visit shows it, with the banner, at a phone's and at a desktop's width, brought into a
 * state by real input when one is given. Nothing may leave the machine.
 */
async function checkPage(path: string, what: string, snapshotFile: string, reach?: PageState["reach"]): Promise<void> {
  await atBothLayouts(what, async (layout) => {
    const { page, thirdParty } = tabs[layout];
    const before = thirdParty.length;
    try {
      await showPage(page, origin + path);
      await reach?.(page);
      if (layout === "desktop") await snapshot(page, snapshotFile);
      return await report(page, thirdParty.slice(before), `${what}, ${layout} layout`);
    } finally {
      // A page that failed to load has no storage to empty: the next page gets a fresh tab instead.
      await forgetVisit(page).catch(async () => {
        await page.context().close();
        await openTab(layout);
      });
    }
  });
}

// One test per page keeps each well inside its timeout on two cores and names the page that fails.
describe("axe: every page with the consent banner shown", () => {
  it.each(sitePages.map((page) => [page.path, page.file] as const))("%s (%s)", async (path, file) => {
    await checkPage(path, `${path} (${file})`, `banner/${file}`);
  });
});

describe("axe: interactive states, banner still shown", () => {
  it.each(interactiveStates.map((state) => [state.name, state.path, state] as const))(
    "%s (%s)",
    async (name, path, state) => {
      await checkPage(path, `${path} (${name})`, `${name}.html`, state.reach);
    },
  );
});

if (!hasJava)
  console.warn(
    "html validity: skipped, `java` is not on PATH (the Nu HTML Checker needs a Java runtime; Debian: apt-get install default-jre-headless).",
  );

// After the axe tests above, which saved the snapshots (a file's tests run in order).
describe.skipIf(!hasJava)("Nu HTML Checker", () => {
  let messages: VnuMessage[] = [];
  const isCanary = (message: VnuMessage) => !!fileOf(message)?.endsWith(`${path.sep}canary${path.sep}canary.html`);
  const inSnapshots = (message: VnuMessage) => !!fileOf(message)?.startsWith(snapshots);

  beforeAll(async () => {
    await mkdir(path.join(snapshots, "canary"));
    await writeFile(path.join(snapshots, "canary", "canary.html"), canary);
    messages = await checkHtml([dist, snapshots]);
  }, 120_000);

  it("ran: it reports the error planted in a canary file", () => {
    expect(messages.filter((message) => isCanary(message) && message.type === "error").length).toBeGreaterThan(0);
  });

  it("finds no error in the 26 built pages", () => {
    const errors = messages.filter((message) => message.type !== "info" && fileOf(message) && !inSnapshots(message));
    expect(errors, `vnu errors in dist/:\n${vnuReport(errors, { dist, snapshots })}`).toEqual([]);
  });

  it("finds no error in the DOM with the banner shown, a tooltip open, or the contact form in its error and result states", async () => {
    // A page the axe test above could not load has no snapshot: that must not pass as valid.
    const missing = (
      await Promise.all(
        snapshotFiles.map(async (file) =>
          access(path.join(snapshots, file)).then(
            () => [],
            () => [file],
          ),
        ),
      )
    ).flat();
    expect(missing, "no snapshot was saved for these (see the axe failures above)").toEqual([]);
    const errors = messages.filter(
      (message) => message.type !== "info" && !isCanary(message) && (!fileOf(message) || inSnapshots(message)),
    );
    expect(errors, `vnu errors in the browser snapshots:\n${vnuReport(errors, { dist, snapshots })}`).toEqual([]);
  });
});
