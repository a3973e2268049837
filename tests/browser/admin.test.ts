/**
 * The web editor in local mode, as an editor uses it: `watch --admin` on a fresh copy of the project,
 * /admin/ in Chromium with every request to another origin blocked (and none attempted), the German
 * text of a testimonial, one word of a page in each language and the seats of a date changed and saved.
 * Exactly those lines change in the files, and the rebuilt pages show them and nothing else new. Closed
 * sets are choices; a German "2.490" as a price and a first day that has passed are refused in the form,
 * a page cannot be deleted, and a failed build neither covers Publish nor opens an empty form.
 * `SCREENSHOTS=1` also writes the README's screenshots to docs/editor/.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { check, resolveConfig } from "../../generator/index.ts";
import { borrowChromium } from "../support/chromium.ts";
import { makePhoto } from "../support/images.ts";
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

/** Decap's own words the tests click and wait for, in the two interface languages (its locales "en" and "de"). */
const ui = {
  en: { login: "Login", writing: "Writing in", publish: "Publish", publishNow: "Publish now" },
  de: {
    login: "Login",
    writing: "Änderungen gespeichert",
    publish: "Veröffentlichen",
    publishNow: "Jetzt veröffentlichen",
  },
};
const languageOf = new WeakMap<Page, keyof typeof ui>();

/**
 * A page whose requests to any other origin are blocked and recorded. In German (the README's screenshots),
 * the browser asks for German and the editor speaks it.
 */
async function editorPage(language: keyof typeof ui = "en"): Promise<Page> {
  const page = await browser.newPage({
    viewport: { width: 1280, height: 900 },
    ...(language === "de" && { locale: "de-DE" }),
  });
  languageOf.set(page, language);
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
  const words = ui[languageOf.get(page) ?? "en"];
  await page.getByRole("button", { name: words.login }).click();
  await expect.poll(() => page.getByText(words.writing).count(), { timeout: 20_000 }).toBeGreaterThan(0);
}

/** Saves the entry ("Publish now" in the editor's simple mode) and waits for the rebuild it causes. */
async function publish(page: Page) {
  const from = watch.lines.length;
  const words = ui[languageOf.get(page) ?? "en"];
  await page.getByRole("button", { name: words.publish }).click();
  await page.getByText(words.publishNow).click();
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
    const page = await editorPage("de");
    await openEntry(page, "collections/testimonials/entries/01-svenja-hollmann");
    await shot(page, "2-testimonial");
    // The form shows both languages side by side, German first.
    const german = page.getByLabel(/^Text/).first();
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

  it("adds one word to a page's text in each language: one line changes in each file, the rest of the page stays", async () => {
    const pageOf = (language: string) => `${watch.origin}${language === "de" ? "/de" : ""}/training-details/`;
    const mainOf = async (language: string) => {
      const site = await browser.newPage();
      await site.goto(pageOf(language));
      const html = await site.innerHTML("main");
      await site.close();
      return html;
    };
    const edits = [
      { language: "en", line: "The training follows one thread", word: "Overview: " },
      { language: "de", line: "Das Training folgt einem roten Faden", word: "Überblick: " },
    ];
    const before = new Map(
      await Promise.all(edits.map(async (edit) => [edit.language, await mainOf(edit.language)] as const)),
    );
    const page = await editorPage();
    await openEntry(page, "collections/pages/entries/training-details");
    // The text is raw markdown, one editable line per line of the file: no rich-text mode rewrites it.
    const bodies = page.locator("[contenteditable=true]");
    await expect.poll(() => bodies.count()).toBe(2);
    for (const [index, edit] of edits.entries()) {
      const line = bodies.nth(index).getByText(edit.line);
      await line.click({ position: { x: 1, y: 5 } });
      await page.keyboard.press("Home");
      await page.keyboard.type(edit.word);
    }
    await publish(page);
    for (const edit of edits) {
      const file = `content/pages/training-details.${edit.language}.md`;
      const [[old, now]] = (await changedLines(file)) as [[string, string]];
      expect(now, file).toBe(`${edit.word}${old}`);
      // The page changes in that word alone: lists, emphasis and headings render as before.
      const after = await mainOf(edit.language);
      expect(after.replace(edit.word, "")).toBe(before.get(edit.language));
    }
    await page.close();
  });

  it("publishes a new testimonial in German only: one file, shown on the German pages, English a translation to do", async () => {
    const page = await editorPage();
    await openEntry(page, "collections/testimonials/new");
    await page.getByLabel(/^Name/).first().fill("Maren Ketels");
    await page.getByLabel(/^Role/).first().fill("Vertriebsleiterin, Nordwind Logistik");
    await page
      .getByLabel(/^Headline/)
      .first()
      .fill("Endlich ein Training, das hängen bleibt");
    await page.getByLabel(/^Text/).first().fill("Nach drei Tagen auf dem Deich führen wir Gespräche anders.");
    await publish(page);
    const saved = await readFile(path.join(root, "content/testimonials/maren-ketels.de.md"), "utf8");
    expect(saved).toContain("name: Maren Ketels");
    await expect(readFile(path.join(root, "content/testimonials/maren-ketels.en.md"))).rejects.toThrow();
    const checked = await check(resolveConfig({ root }));
    expect(checked.contentWarnings.map((warning) => warning.reason)).toContain(
      '"maren-ketels" has no English version yet: it shows on the German pages only',
    );
    const site = await browser.newPage();
    await site.goto(`${watch.origin}/de/references/`);
    expect(await site.textContent("main")).toContain("Endlich ein Training, das hängen bleibt");
    await site.goto(`${watch.origin}/references/`);
    expect(await site.textContent("main")).not.toContain("Maren Ketels");
    await site.close();
    await page.close();
  });

  it("changes the seats of a date: one line of site.yaml changes, comments and all else stay, the pricing page shows it", async () => {
    const page = await editorPage("de");
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
      /15\.–17\. März 2027.*Deutsch.*\b3\s+Plätze frei/,
    );
    await pricing.close();
    await page.close();
  });

  it("refuses a price written with a German thousands separator, and saves nothing", async () => {
    const page = await editorPage("de");
    await openEntry(page, "collections/site/entries/site");
    const price = page.getByLabel("Price (optional)").first();
    await price.fill("2.490");
    const from = watch.lines.length;
    await page.getByRole("button", { name: ui.de.publish }).click();
    await page.getByText(ui.de.publishNow).click();
    await expect.poll(() => page.getByText(/whole number in digits only/).count()).toBeGreaterThan(0);
    await shot(page, "5-refused");
    expect(watch.lines.slice(from).filter((line) => line.startsWith("Web editor saved"))).toEqual([]);
    expect(await changedLines("content/site.yaml")).toEqual([["    seatsLeft: 4", "    seatsLeft: 3"]]);
    await page.close();
  });

  it("offers the closed sets as choices: the language and offer of a date, the unit of a price", async () => {
    const page = await editorPage();
    await openEntry(page, "collections/site/entries/site");
    const choices = async (label: string) => {
      await page.getByLabel(label).first().click();
      const options = await page.getByRole("option").allTextContents();
      await page.keyboard.press("Escape");
      return options;
    };
    expect(await choices("Language (optional)")).toEqual(["en", "de"]);
    expect(await choices("Offer (optional)")).toEqual(["open", "team", "custom"]);
    expect(await choices("Per")).toEqual(["person", "group"]);
    await page.close();
  });

  it("refuses a first day that has passed in the form, and saves nothing", async () => {
    const page = await editorPage();
    await openEntry(page, "collections/site/entries/site");
    await page.getByLabel("Start").first().fill("2020-01-06");
    const from = watch.lines.length;
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByText("Publish now").click();
    await expect
      .poll(() => page.getByText(/Start didn't match the pattern: today \(\d{4}-\d\d-\d\d\) or later/).count())
      .toBe(1);
    expect(watch.lines.slice(from).filter((line) => line.startsWith("Web editor saved"))).toEqual([]);
    expect(await changedLines("content/site.yaml")).toEqual([["    seatsLeft: 4", "    seatsLeft: 3"]]);
    await page.close();
  });

  it("refuses a save that check refuses, with its located line and its field marked, and puts the file back", async () => {
    const page = await editorPage();
    await openEntry(page, "collections/site/entries/site");
    // The form takes any day after today as the last; that it comes before the first, only check knows.
    await page.getByLabel("End").first().fill("2027-03-10");
    const from = watch.lines.length;
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByText("Publish now").click();
    await watch.waitFor(/^Web editor: not saved/, from);
    const notice = page.getByText(/content\/site\.yaml:\d+:\d+: The date ends \(2027-03-10\) before it starts/).first();
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(watch.lines.slice(from).join("\n")).toMatch(/^ {2}content\/site\.yaml:\d+:\d+: The date ends/m);
    // Decap's toast goes after a few seconds; the refusal stays at the foot of the page, Publish free above it.
    const kept = page.locator("[data-save-refused]");
    expect(await kept.textContent()).toMatch(
      /Not saved.*The date ends \(2027-03-10\) before it starts.* In the form: Dates › 1 › End\./,
    );
    // The field is named as the form labels it, and its label is outlined until a save goes through.
    const marked = page.locator("[data-refused-field]");
    expect(await marked.count()).toBe(1);
    expect(await marked.getAttribute("data-refused-field")).toBe("Dates › 1 › End");
    expect(await marked.getAttribute("for")).toBe(await page.getByLabel("End").first().getAttribute("id"));
    await page.getByRole("button", { name: "Publish" }).click({ trial: true, timeout: 5_000 });
    expect(await changedLines("content/site.yaml")).toEqual([["    seatsLeft: 4", "    seatsLeft: 3"]]);
    await page.close();
  });

  it("offers no delete for a page, and the local mode refuses one before any file changes", async () => {
    const page = await editorPage();
    await openEntry(page, "collections/pages/entries/imprint");
    await page.getByRole("button", { name: "Published" }).click();
    expect(await page.getByRole("menuitem").allTextContents()).not.toContainEqual(expect.stringMatching(/delete/i));
    const status = await page.evaluate(async () => {
      const response = await fetch("/admin/api/v1", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          action: "deleteFiles",
          params: { paths: ["content/pages/imprint.en.md", "content/pages/imprint.de.md"] },
        }),
      });
      return response.status;
    });
    expect(status).toBe(422);
    expect(await changedLines("content/pages/imprint.en.md")).toEqual([]);
    expect(await changedLines("content/pages/imprint.de.md")).toEqual([]);
    await page.close();
  });

  it("stays usable while the build fails: no overlay over Publish, and no empty form over the broken file", async () => {
    const file = path.join(root, "content/i18n/de.yaml");
    const good = await readFile(file, "utf8");
    const from = watch.lines.length;
    await writeFile(file, good.replace(/^(\s+title: )"?([^"\n]*)"?$/m, '$1"$2'));
    await watch.waitFor(/build failed/, from);
    const page = await editorPage("de");
    await openEntry(page, "collections/site/entries/site");
    expect(await page.locator("[data-build-error]").count()).toBe(0);
    // Publish is not covered: Playwright's trial click fails on an element another one hides.
    // With nothing changed, the button reads "Veröffentlicht" (Published), its menu one click away.
    await page.getByRole("button", { name: /^Veröffentlich/ }).click({ trial: true, timeout: 5_000 });
    await shot(page, "6-build-failed");
    const texts = await editorPage();
    await texts.goto(`${watch.origin}/admin/#/collections/texts/entries/de`);
    await texts.getByRole("button", { name: "Login" }).click();
    await expect
      .poll(() => texts.getByText(/content\/i18n\/de\.yaml:\d+:\d+: /).count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await writeFile(file, good);
    await watch.waitFor(/: rebuilt \d+ pages in \d+ ms$/, from);
    await texts.close();
    await page.close();
  });

  it("puts an uploaded photo into a slot with its alt text in both languages; a photo too small is refused", async () => {
    const page = await editorPage();
    await openEntry(page, "collections/photos/entries/photos");
    const upload = async (slot: number, name: string, width: number) => {
      await page.getByRole("button", { name: "Choose an image" }).nth(slot).click();
      await page.locator("input[type=file]").setInputFiles({
        name,
        mimeType: "image/jpeg",
        buffer: await makePhoto(width, Math.round(width * 0.8)),
      });
      await page.getByRole("button", { name: "Choose selected" }).click();
    };
    // The trainer's slot (the third) needs 960 px: 800 is refused by check, and nothing stays behind.
    await upload(2, "small.jpg", 800);
    await page.getByLabel("In English (optional)").nth(2).fill("Katrin at the paddock gate");
    await page.getByLabel("In German (optional)").nth(2).fill("Katrin am Koppeltor");
    let from = watch.lines.length;
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByText("Publish now").click();
    await watch.waitFor(/^Web editor: not saved/, from);
    expect(await page.locator("[data-save-refused]").textContent()).toMatch(/800 px wide/);
    await expect(readFile(path.join(root, "content/images/small.jpg"))).rejects.toThrow();
    expect(await changedLines("content/images/images.yaml")).toEqual([]);
    await page.close();

    const again = await editorPage();
    await openEntry(again, "collections/photos/entries/photos");
    const retry = async () => {
      await again.getByRole("button", { name: "Choose an image" }).nth(2).click();
      await again.locator("input[type=file]").setInputFiles({
        name: "katrin.jpg",
        mimeType: "image/jpeg",
        buffer: await makePhoto(1000, 800),
      });
      await again.getByRole("button", { name: "Choose selected" }).click();
    };
    await retry();
    await again.getByLabel("In English (optional)").nth(2).fill("Katrin at the paddock gate");
    await again.getByLabel("In German (optional)").nth(2).fill("Katrin am Koppeltor");
    from = watch.lines.length;
    await publish(again);
    const manifest = await readFile(path.join(root, "content/images/images.yaml"), "utf8");
    // The comments stay; the slot follows them, named as images.yaml names photos.
    expect(manifest.startsWith(await readFile(path.join(projectRoot, "content/images/images.yaml"), "utf8"))).toBe(
      true,
    );
    expect(manifest).toContain(
      "trainer:\n  file: katrin.jpg\n  alt:\n    en: Katrin at the paddock gate\n    de: Katrin am Koppeltor\n",
    );
    for (const [address, alt] of [
      ["/about-me/", "Katrin at the paddock gate"],
      ["/de/about-me/", "Katrin am Koppeltor"],
    ] as const) {
      const site = await browser.newPage();
      await site.goto(`${watch.origin}${address}`);
      expect(await site.locator(`picture img[alt="${alt}"]`).count(), address).toBe(1);
      await site.close();
    }
    expect(watch.lines.slice(from).join("\n")).not.toMatch(/not saved/);
    await again.close();
  });

  it("speaks German to a browser that asks for German, with the short texts labelled in words, where they appear and the English beside them", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: "de-DE" });
    await page.goto(`${watch.origin}/admin/#/collections/texts/entries/de`);
    await page.getByRole("button").first().click();
    await expect.poll(() => page.getByText("Änderungen gespeichert").count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await page.getByText("Live ansehen").count()).toBe(1);
    // A one-line text in a one-line field, labelled "Skip link", its key below it.
    const skip = page.getByLabel("Skip link");
    expect(await skip.evaluate((field) => field.tagName)).toBe("INPUT");
    expect(await skip.inputValue()).toBe("Zum Inhalt springen");
    // Below it, where on the site it appears, its key, and the English text it translates.
    const hint =
      "Every page, first key press: the link that jumps to the content (skipLink) · English: “Skip to Main Content”";
    expect(await page.getByText(hint).count()).toBe(1);
    // Each group says where its texts are, before it is opened.
    expect(await page.getByText("Hero (Home page, top)").count()).toBeGreaterThan(0);
    expect(
      await page.getByText("Cookie (The privacy banner (asks before the map or videos load))").count(),
    ).toBeGreaterThan(0);
    await page.close();
  });

  it("marks a translation reviewed in the form: only its line of the lock changes, and check stops warning", async () => {
    const english = path.join(root, "content/i18n/en.yaml");
    const from = watch.lines.length;
    const source = await readFile(english, "utf8");
    await writeFile(
      english,
      source.replace(
        /^ {2}title: Professional Sales Training on the Ranch$/m,
        "  title: Sales Training on a Working Ranch",
      ),
    );
    await watch.waitFor(/: rebuilt \d+ pages in \d+ ms$/, from);
    const stale = (warnings: { reason: string }[]) =>
      warnings.filter((warning) => warning.reason.includes('"hero.title"'));
    expect(stale((await check(resolveConfig({ root }))).contentWarnings)).toHaveLength(1);
    const page = await editorPage();
    await page.goto(`${watch.origin}/admin/#/collections/review/entries/review`);
    await page.getByRole("button", { name: "Login" }).click();
    // Each text to review is named by where it appears; the owner ticks the one they compared.
    await page.getByText("German checked against the new English").last().waitFor({ timeout: 20_000 });
    await page.getByLabel("German checked against the new English").click();
    await page.getByText("Home page, top: the headline (hero.title)").click();
    const saved = watch.lines.length;
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByText("Publish now").click();
    await watch.waitFor(/^Web editor marked reviewed: hero\.title$/, saved);
    const [[before, after]] = (await changedLines("content/translations.lock.yaml")) as [[string, string]];
    expect(before).toMatch(/^ {4}hero\.title: "[0-9a-f]+"$/);
    expect(after).toMatch(/^ {4}hero\.title: "[0-9a-f]+"$/);
    expect(after).not.toBe(before);
    expect(stale((await check(resolveConfig({ root }))).contentWarnings)).toEqual([]);
    await page.close();
  });

  it("asked nothing of another origin", () => {
    expect(foreign).toEqual([]);
  });
});
