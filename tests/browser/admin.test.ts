/**
 * The web editor in local mode, as an editor uses it: `watch --admin` on a fresh copy of the project,
 * /admin/ in Chromium with every request to another origin blocked (and none attempted), the German
 * text of a testimonial and the seats of a date changed and saved. Exactly those lines change in the
 * files, and the rebuilt pages show them; a German "2.490" as a price is refused in the form.
 * `SCREENSHOTS=1` also writes the README's screenshots to docs/editor/.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { borrowChromium } from "../support/chromium.ts";
import { copyProject } from "../support/project.ts";
import { projectRoot } from "../support/site.ts";
import { startWatch, type WatchProcess } from "../support/watch.ts";

let root: string;
let watch: WatchProcess;
let browser: Browser;
let release: () => Promise<void> = async () => {};
const foreign: string[] = [];

const testimonial = "content/testimonials/01-svenja-hollmann.de.md";
const oldSentence = "Heute gehören die ersten zwanzig Minuten nur den Fragen";
const newSentence = "Heute gehört die erste halbe Stunde nur den Fragen";

beforeAll(async () => {
  root = await copyProject();
  let borrowed;
  [watch, borrowed] = await Promise.all([startWatch(root, ["--admin"], { poll: false }), borrowChromium()]);
  ({ browser, release } = borrowed);
});

afterAll(async () => {
  await watch?.stop();
  await release();
});

/** A page whose requests to any other origin are blocked and recorded. */
async function editorPage(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.route("**/*", (route) => {
    const { hostname } = new URL(route.request().url());
    if (hostname === "localhost" || hostname === "127.0.0.1") return route.continue();
    foreign.push(route.request().url());
    return route.abort();
  });
  return page;
}

/** Opens an entry of the editor, logging in to the local mode (one click, no account). */
async function openEntry(page: Page, hash: string) {
  await page.goto(`${watch.origin}/admin/#/${hash}`);
  await page.getByRole("button", { name: "Login" }).click();
  await expect.poll(() => page.getByText("Writing in").count(), { timeout: 20_000 }).toBeGreaterThan(0);
}

/** Saves the entry ("Publish now" in the editor's simple mode) and waits for the rebuild it causes. */
async function publish(page: Page) {
  const from = watch.lines.length;
  await page.getByRole("button", { name: "Publish" }).click();
  await page.getByText("Publish now").click();
  await watch.waitFor(/^Web editor saved /, from);
  await watch.waitFor(/: rebuilt \d+ pages in \d+ ms$/, from);
}

/** The lines of a file that differ from the project's own copy: [old, new] pairs. */
async function changedLines(file: string): Promise<[string, string][]> {
  const before = (await readFile(path.join(projectRoot, file), "utf8")).split("\n");
  const after = (await readFile(path.join(root, file), "utf8")).split("\n");
  expect(after.length, file).toBe(before.length);
  return before.flatMap((line, index) => (line === after[index] ? [] : [[line, after[index]!] as [string, string]]));
}

async function shot(page: Page, name: string) {
  if (process.env["SCREENSHOTS"]) await page.screenshot({ path: path.join(projectRoot, "docs/editor", `${name}.png`) });
}

describe("the web editor in local mode (watch --admin)", () => {
  it("changes the German text of a testimonial: that sentence changes in the file and on the rebuilt page", async () => {
    const page = await editorPage();
    await openEntry(page, "collections/testimonials/entries/01-svenja-hollmann");
    await shot(page, "2-testimonial");
    // The form shows both languages side by side, English first.
    const german = page.getByLabel("Text", { exact: true }).last();
    const text = await german.inputValue();
    expect(text).toContain(oldSentence);
    await german.fill(text.replace(oldSentence, newSentence));
    await publish(page);
    await shot(page, "3-saved");
    const [[before, after]] = (await changedLines(testimonial)) as [[string, string]];
    expect(after).toBe(before.replace(oldSentence, newSentence));
    expect(await changedLines("content/testimonials/01-svenja-hollmann.en.md")).toEqual([]);
    const site = await browser.newPage();
    await site.goto(`${watch.origin}/de/references/`);
    expect(await site.textContent("main")).toContain("erste halbe Stunde");
    await site.close();
    await page.close();
  });

  it("changes the seats of a date: one line of site.yaml changes, comments and all else stay, the pricing page shows it", async () => {
    const page = await editorPage();
    await openEntry(page, "collections/site/entries/site");
    const seats = page.getByLabel("Seats left").first();
    expect(await seats.inputValue()).toBe("4");
    await seats.fill("3");
    await shot(page, "4-dates");
    await publish(page);
    expect(await changedLines("content/site.yaml")).toEqual([["    seatsLeft: 4", "    seatsLeft: 3"]]);
    const pricing = await browser.newPage();
    await pricing.goto(`${watch.origin}/de/pricing/`);
    expect(await pricing.locator("#dates li").first().textContent()).toMatch(
      /15\.–17\. März 2027.*Deutsch\s*3\s+Plätze frei/,
    );
    await pricing.close();
    await page.close();
  });

  it("refuses a price written with a German thousands separator, and saves nothing", async () => {
    const page = await editorPage();
    await openEntry(page, "collections/site/entries/site");
    const price = page.getByLabel("Price (optional)").first();
    await price.fill("2.490");
    const from = watch.lines.length;
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByText("Publish now").click();
    await expect.poll(() => page.getByText(/whole number in digits only/).count()).toBeGreaterThan(0);
    await shot(page, "5-refused");
    expect(watch.lines.slice(from).filter((line) => line.startsWith("Web editor saved"))).toEqual([]);
    expect(await changedLines("content/site.yaml")).toEqual([["    seatsLeft: 4", "    seatsLeft: 3"]]);
    await page.close();
  });

  it("refuses a save that check refuses, with its located line, and puts the file back", async () => {
    const page = await editorPage();
    await openEntry(page, "collections/site/entries/site");
    // Any text fits the form; that no offer "teams" exists, only check knows.
    await page.getByLabel("Offer (optional)").first().fill("teams");
    const from = watch.lines.length;
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByText("Publish now").click();
    await watch.waitFor(/^Web editor: not saved/, from);
    const notice = page.getByText(/content\/site\.yaml:\d+:\d+: .*teams/).first();
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(watch.lines.slice(from).join("\n")).toMatch(/^ {2}content\/site\.yaml:\d+:\d+: .*"teams"/m);
    expect(await changedLines("content/site.yaml")).toEqual([["    seatsLeft: 4", "    seatsLeft: 3"]]);
    await page.close();
  });

  it("asked nothing of another origin", () => {
    expect(foreign).toEqual([]);
  });
});
