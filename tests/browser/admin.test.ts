/**
 * The web editor in local mode, as its owner uses it: `watch --admin` on a fresh copy of the project, /admin/
 * in a Chromium that asks for German (de-DE), every request to another origin blocked (and none attempted).
 * Every page an owner uses says its labels, hints and refusals in German, and check's refusals too. The
 * German text of a testimonial, one word of a page in each language, the seats of a date, a short text found
 * by the search and the order of the testimonials are changed and published: exactly those lines change in
 * the files, and the rebuilt pages show them. Closed sets are choices; a German "2.490" as a price, a first
 * day that has passed, an end before the start and a photo too small are refused at their field; a page
 * cannot be deleted; a failed build covers nothing, and a hand-broken file keeps the editor's header, its
 * navigation and a way back. At 390 px the form fits the screen and Publish stays in reach. An English
 * browser gets the editor in English. `SCREENSHOTS=1` also writes the README's screenshots to docs/editor/.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { check, resolveConfig } from "../../generator/index.ts";
import { loadEditorWords, type Words } from "../../generator/editor/words.ts";
import { borrowChromium, pictureKind } from "../support/chromium.ts";
import { makePhoto } from "../support/images.ts";
import { copyProject } from "../support/project.ts";
import { projectRoot } from "../support/site.ts";
import { german as germanAddress } from "../support/addresses.ts";
import { startWatch, type WatchProcess } from "../support/watch.ts";

let root: string;
let watch: WatchProcess;
let browser: Browser;
let release: () => Promise<void> = async () => {};
const foreign: string[] = [];
let english: RegExp[] = [];

const testimonial = "content/testimonials/01-svenja-hollmann.de.md";
const oldSentence = "Heute gehören die ersten zwanzig Minuten nur den Fragen";
const newSentence = "Heute gehört die erste halbe Stunde nur den Fragen";

/**
 * Decap's 5 MB bundle is parsed anew for each page, on a machine that may be running seven other test
 * suites: its steps get minutes, which a loaded run needs and an idle one never uses.
 */
const patient = { timeout: 180_000 };

beforeAll(async () => {
  root = await copyProject();
  let borrowed;
  [watch, borrowed] = await Promise.all([
    startWatch(root, ["--admin"], { poll: false }),
    borrowChromium(pictureKind()),
  ]);
  ({ browser, release } = borrowed);
  english = englishPhrases(await loadEditorWords());
});

afterAll(async () => {
  await watch?.stop();
  await release();
});

/** Decap's own words the tests click and wait for, in the two interface languages (its locales "en" and "de"). */
const ui = {
  en: { publish: "Publish", publishNow: "Publish now", published: "Published" },
  de: { publish: "Veröffentlichen", publishNow: "Jetzt veröffentlichen", published: "Veröffentlicht" },
};
const languageOf = new WeakMap<Page, keyof typeof ui>();

/**
 * A page whose requests to any other origin are blocked and recorded. It asks for German unless told
 * otherwise, as the owner's browser does, and the editor speaks it.
 */
async function editorPage(language: keyof typeof ui = "de", width = 1280, height = 900): Promise<Page> {
  const page = await browser.newPage({
    viewport: { width, height },
    locale: language === "de" ? "de-DE" : "en-US",
  });
  page.setDefaultTimeout(patient.timeout);
  languageOf.set(page, language);
  await page.route("**/*", (route) => {
    const { hostname } = new URL(route.request().url());
    if (hostname === "localhost" || hostname === "127.0.0.1") return route.continue();
    foreign.push(route.request().url());
    return route.abort();
  });
  return page;
}

/** Opens the editor at `hash`, logging in to the local mode (one click, no account). */
async function signIn(page: Page, hash: string) {
  await page.goto(`${watch.origin}/admin/#/${hash}`);
  await page.getByRole("button", { name: "Login" }).click();
}

/** Opens an entry's form and waits until its fields are there. */
async function openEntry(page: Page, hash: string) {
  await signIn(page, hash);
  await formReady(page);
}

/**
 * Goes to another part of the editor as a typed address does: without loading it again, except from one
 * entry's form to another's, which loads the editor anew (generator/editor/client/entry-switch.ts). The
 * caller waits for what the new part shows.
 */
async function goTo(page: Page, hash: string) {
  await page.goto(`${watch.origin}/admin/#/${hash}`);
}

/** Waits until the form of the open entry shows its fields (the search of the short texts hides its own label). */
async function formReady(page: Page) {
  await page.locator('[class*="-ControlPaneContainer"] label:visible').first().waitFor(patient);
}

/** Saves the entry ("Publish now" in the editor's simple mode) and waits for the rebuild it causes. */
async function publish(page: Page) {
  const from = watch.lines.length;
  const words = ui[languageOf.get(page) ?? "de"];
  await page.getByRole("button", { name: words.publish, exact: true }).click();
  await page.getByText(words.publishNow).click();
  await watch.waitFor(/^Web editor saved /, from);
  await watch.waitFor(/: rebuilt \d+ pages in \d+ ms$/, from);
}

/** Clicks Publish and "Publish now" for a save that must not go through. */
async function tryToPublish(page: Page) {
  const words = ui[languageOf.get(page) ?? "de"];
  await page.getByRole("button", { name: words.publish, exact: true }).click();
  await page.getByText(words.publishNow).click();
}

/** The lines of a file that differ from the project's own copy: [old, new] pairs. */
async function changedLines(file: string): Promise<[string, string][]> {
  const before = (await readFile(path.join(projectRoot, file), "utf8")).split("\n");
  const after = (await readFile(path.join(root, file), "utf8")).split("\n");
  expect(after.length, file).toBe(before.length);
  return before.flatMap((line, index) => (line === after[index] ? [] : [[line, after[index]!] as [string, string]]));
}

/** A page of the site as a visitor sees it: the text of its main part. */
async function siteText(address: string): Promise<string> {
  const site = await browser.newPage();
  await site.goto(`${watch.origin}${address}`);
  const text = (await site.textContent("main")) ?? "";
  await site.close();
  return text;
}

async function shot(page: Page, name: string) {
  if (process.env["SCREENSHOTS"]) await page.screenshot({ path: path.join(projectRoot, "docs/editor", `${name}.png`) });
}

/**
 * What gives English away: each of the English table's words that German says otherwise (as a phrase of its
 * own, not inside a word), and the small words every English sentence has and no German one.
 */
function englishPhrases(tables: ReadonlyMap<string, Words>): RegExp[] {
  const en = tables.get("en")!;
  const de = tables.get("de")!;
  const phrases = new Set<string>();
  for (const [section, entries] of Object.entries(en)) {
    if (section === "language") continue;
    for (const [key, text] of Object.entries(entries as Record<string, string>))
      if (!text.includes("{") && text !== (de[section as keyof Words] as Record<string, string>)[key])
        phrases.add(text);
  }
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return [
    ...[...phrases].map((text) => new RegExp(`(?<![\\p{L}])${escape(text)}(?![\\p{L}])`, "u")),
    /\b(the|and|with|your|this|that|of|to|for|is|are|or|not|add|delete|search|saved|changes|choose)\b/i,
  ];
}

/**
 * The interface's own words on the page (labels, hints, buttons, links, headings, choices, refusals and
 * notices) that are English. Texts the owner wrote are no interface (the fields' values, a page's text), and
 * what a hint quotes of the other language („…“) is meant to be English.
 */
async function englishOn(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const chrome = [
      "label",
      "[class*='-ControlHint']",
      "button",
      "a",
      "h1",
      "h2",
      "h3",
      "[role=option]",
      "[role=alert]",
      "[role=status]",
      "[class*='-ControlErrorsList'] li",
      "[class*='-BackStatus']",
      ".Toastify",
      "[data-save-refused]",
      "[data-unreadable] p",
      "[data-unreadable] pre",
    ];
    return [...document.querySelectorAll<HTMLElement>(chrome.join(","))]
      .filter((element) => !element.closest("[contenteditable=true]"))
      .map((element) => {
        // A search result quotes the text it found: the owner's words, which may be English.
        if (!element.querySelector(".ranch-search-text"))
          return (element.innerText || element.textContent || "").trim();
        const own = element.cloneNode(true) as HTMLElement;
        for (const quoted of own.querySelectorAll(".ranch-search-text")) quoted.remove();
        return [...own.children].map((child) => (child.textContent ?? "").trim()).join("\n");
      })
      .filter(Boolean);
  });
  // From the first opening quote to the last closing one: a quoted English text may quote in turn (“Cookie Settings”).
  const unquoted = [...new Set(texts)].map((text) => text.replace(/„.*“|“.*”|".*"/gs, "„…“"));
  return unquoted.filter((text) => english.some((pattern) => pattern.test(text)));
}

describe("the web editor in local mode (watch --admin)", { timeout: 600_000 }, () => {
  it("speaks German on every page an owner uses: collections, facts, photos, testimonials, a page and the short texts", async () => {
    const page = await editorPage();
    await signIn(page, "collections/site");
    const seen: Record<string, string[]> = {};
    const visit = async (name: string, hash: string, ready: () => Promise<unknown>) => {
      await goTo(page, hash);
      await ready();
      seen[name] = await englishOn(page);
    };
    await visit("collections", "collections/site", () =>
      page.getByText("Preise, Termine, Kontakt und Fakten").first().waitFor(),
    );
    await visit("site facts", "collections/site/entries/site", () => page.getByLabel("Freie Plätze").first().waitFor());
    await visit("photos", "collections/photos/entries/photos", () =>
      page.getByText("Porträt der Trainerin").first().waitFor(),
    );
    await visit("testimonials", "collections/testimonials", () =>
      page
        .getByText(/^Svenja Hollmann: /)
        .first()
        .waitFor(),
    );
    await visit("a testimonial", "collections/testimonials/entries/01-svenja-hollmann", () =>
      page
        .getByLabel(/^Überschrift der Kundenstimme/)
        .first()
        .waitFor(),
    );
    await visit("pages", "collections/pages", () => page.getByText("Über mich (Deutsch)").first().waitFor());
    await visit("a page", "collections/pages/entries/about-me.de", () =>
      page.getByLabel("Zeile unter der Überschrift").first().waitFor(),
    );
    await visit("short texts", "collections/texts/entries/de", () =>
      page.getByLabel("Link, der zum Inhalt springt").first().waitFor(),
    );
    // A group opened, and the search's own words.
    await page.getByRole("searchbox", { name: "Kurztexte durchsuchen" }).fill("Ranch");
    await page.getByText(/\d+ Kurztexte gefunden/).waitFor();
    seen["short texts, searched"] = await englishOn(page);
    expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((name) => [name, []])));
    await page.close();
  });

  it('writes a list\'s label as the words table does ("3 Termine", "Termin hinzufügen") and leads back in German', async () => {
    const page = await editorPage();
    await openEntry(page, "collections/site/entries/site");
    // Decap lowercases a list's label in code ("3 termine", "termin hinzufügen"): German nouns keep their capital.
    const dates = page.locator("[class*='-ExpandButtonContainer']").filter({ hasText: /^\d+ Termin/ });
    await dates.first().waitFor();
    expect(await dates.first().textContent()).toMatch(/^(1 Termin|\d+ Termine)$/);
    const topBar = dates.first().locator("xpath=..");
    expect(await topBar.locator("[class*='-AddButton']").textContent()).toBe("Termin hinzufügen");
    // A date field's button empties the field: Decap's own "Löschen" would read as deleting the training date.
    await page.getByRole("button", { name: "Leeren", exact: true }).first().waitFor();
    expect(await page.getByRole("button", { name: "Löschen", exact: true }).count()).toBe(0);
    // No list heading or add button anywhere on the form starts a noun in lower case.
    const bars = await page.locator("[class*='-ExpandButtonContainer'], [class*='-AddButton']").allTextContents();
    expect(bars.filter((text) => /^(\d+ )?\p{Ll}/u.test(text.trim()))).toEqual([]);
    // The back link names the collection without a case German would have to bend.
    await page.getByText("Zurück zu „Preise, Termine und Fakten“").waitFor();
    expect(await englishOn(page)).toEqual([]);
    await page.close();
  });

  it("changes the German text of a testimonial: that sentence changes in the file and on the rebuilt page", async () => {
    const page = await editorPage();
    await openEntry(page, "collections/testimonials/entries/01-svenja-hollmann");
    await shot(page, "2-testimonial");
    // The form shows both languages side by side, German first.
    const german = page.getByLabel(/^Text der Kundenstimme/).first();
    const text = await german.inputValue();
    expect(text).toContain(oldSentence);
    await german.fill(text.replace(oldSentence, newSentence));
    await publish(page);
    await shot(page, "3-saved");
    const [[before, after]] = (await changedLines(testimonial)) as [[string, string]];
    expect(after).toBe(before.replace(oldSentence, newSentence));
    expect(await changedLines("content/testimonials/01-svenja-hollmann.en.md")).toEqual([]);
    expect(await siteText(germanAddress("/references/"))).toContain("erste halbe Stunde");
    await page.close();
  });

  it("adds one word to a page's text in each language, each in its own form: one line changes in each file, the rest of the page stays", async () => {
    const mainOf = async (language: string) => {
      const site = await browser.newPage();
      await site.goto(`${watch.origin}${language === "de" ? "/de" : ""}/training-details/`);
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
    for (const [index, edit] of edits.entries()) {
      const hash = `collections/pages/entries/training-details.${edit.language}`;
      // The second form is reached by its address from the first, as a bookmark would: the first one's text
      // gives way to the second one's.
      if (index === 0) await openEntry(page, hash);
      else await goTo(page, hash);
      // The page's text first, raw markdown, one editable line per line of the file: no rich-text mode rewrites it.
      const body = page.locator("[contenteditable=true]");
      const line = body.getByText(edit.line);
      await line.waitFor();
      expect(await body.count()).toBe(1);
      expect(await body.getByText(edits[1 - index]!.line).count()).toBe(0);
      await line.click({ position: { x: 1, y: 5 } });
      await page.keyboard.press("Home");
      await page.keyboard.type(edit.word);
      await publish(page);
    }
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
    await page
      .getByLabel(/^Position und Firma/)
      .first()
      .fill("Vertriebsleiterin, Nordwind Logistik");
    await page
      .getByLabel(/^Überschrift der Kundenstimme/)
      .first()
      .fill("Endlich ein Training, das hängen bleibt");
    await page
      .getByLabel(/^Text der Kundenstimme/)
      .first()
      .fill("Nach drei Tagen auf dem Deich führen wir Gespräche anders.");
    await publish(page);
    const saved = await readFile(path.join(root, "content/testimonials/maren-ketels.de.md"), "utf8");
    expect(saved).toContain("name: Maren Ketels");
    await expect(readFile(path.join(root, "content/testimonials/maren-ketels.en.md"))).rejects.toThrow();
    const checked = await check(resolveConfig({ root }));
    expect(checked.contentWarnings.map((warning) => warning.reason)).toContain(
      '"maren-ketels" has no English version yet: it shows on the German pages only',
    );
    // Not in the order of site.yaml yet: it shows after the listed ones.
    const german = await siteText(germanAddress("/references/"));
    expect(german).toContain("Endlich ein Training, das hängen bleibt");
    expect(german.indexOf("Maren Ketels")).toBeGreaterThan(german.indexOf("Henrik Sönnichsen"));
    expect(await siteText("/references/")).not.toContain("Maren Ketels");
    await page.close();
  });

  it("changes the seats of a date: one line of site.yaml changes, comments and all else stay, the pricing page shows it", async () => {
    const page = await editorPage();
    await openEntry(page, "collections/site/entries/site");
    const seats = page.getByLabel("Freie Plätze", { exact: true }).first();
    expect(await seats.inputValue()).toBe("4");
    await seats.fill("3");
    await shot(page, "4-dates");
    await publish(page);
    expect(await changedLines("content/site.yaml")).toEqual([["    seatsLeft: 4", "    seatsLeft: 3"]]);
    const pricing = await browser.newPage();
    await pricing.goto(`${watch.origin}${germanAddress("/pricing/")}`);
    expect(await pricing.locator("#dates li").first().textContent()).toMatch(
      /15\.–17\. März 2027.*Deutsch.*\b3\s+Plätze frei/,
    );
    await pricing.close();
    await page.close();
  });

  it("refuses a price written with a German thousands separator at its field, in German, and saves nothing", async () => {
    const page = await editorPage();
    await openEntry(page, "collections/site/entries/site");
    await page.getByLabel("Preis (optional)").first().fill("2.490");
    const from = watch.lines.length;
    await tryToPublish(page);
    await expect
      .poll(() => page.getByText(/Preis entspricht nicht dem Muster: eine ganze Zahl, nur Ziffern/).count(), patient)
      .toBeGreaterThan(0);
    await shot(page, "5-refused");
    expect(await englishOn(page)).toEqual([]);
    expect(watch.lines.slice(from).filter((line) => line.startsWith("Web editor saved"))).toEqual([]);
    expect(await changedLines("content/site.yaml")).toEqual([["    seatsLeft: 4", "    seatsLeft: 3"]]);
    await page.close();
  });

  it("offers the closed sets as choices, in German: the language and offer of a date, the unit of a price", async () => {
    const page = await editorPage();
    await openEntry(page, "collections/site/entries/site");
    const choices = async (label: string) => {
      await page.getByLabel(label).first().click();
      const options = await page.getByRole("option").allTextContents();
      await page.keyboard.press("Escape");
      return options;
    };
    expect(await choices("Sprache des Trainings (optional)")).toEqual(["Englisch", "Deutsch"]);
    expect(await choices("Angebot (optional)")).toEqual([
      "Offenes Training",
      "Teamtraining",
      "Firmenveranstaltung oder eigenes Format",
    ]);
    expect(await choices("Preis gilt für")).toEqual(["pro Person", "für die Gruppe"]);
    await page.close();
  });

  it("refuses a first day that has passed at its field, in German, and saves nothing", async () => {
    const page = await editorPage();
    await openEntry(page, "collections/site/entries/site");
    await page.getByLabel("Erster Tag").first().fill("2020-01-06");
    const from = watch.lines.length;
    await tryToPublish(page);
    await expect
      .poll(
        () =>
          page.getByText(/Erster Tag entspricht nicht dem Muster: heute \(\d+\. \p{L}+ \d{4}\) oder später/u).count(),
        patient,
      )
      .toBe(1);
    expect(watch.lines.slice(from).filter((line) => line.startsWith("Web editor saved"))).toEqual([]);
    expect(await changedLines("content/site.yaml")).toEqual([["    seatsLeft: 4", "    seatsLeft: 3"]]);
    await page.close();
  });

  it("refuses a save that check refuses, in German at its field (the terminal keeps check's own line), and puts the file back", async () => {
    const page = await editorPage();
    await openEntry(page, "collections/site/entries/site");
    // The form takes any day after today as the last; that it comes before the first, only check knows.
    await page.getByLabel("Letzter Tag").first().fill("2027-03-10");
    const from = watch.lines.length;
    await tryToPublish(page);
    // The terminal's lines come one by one: the located line is waited for, not read after its heading.
    await watch.waitFor(/^Web editor: not saved/, from);
    await watch.waitFor(/^ {2}content\/site\.yaml:\d+:\d+: The date ends/, from);
    // Decap's toast goes after a few seconds; the refusal stays at the foot of the page, Publish free above it.
    const kept = page.locator("[data-save-refused]");
    await kept.waitFor();
    expect(await kept.textContent()).toMatch(
      /^Nicht gespeichert.*content\/site\.yaml, Zeile \d+: Der Termin endet am 10\. März 2027, also vor seinem ersten Tag, dem 15\. März 2027\..* Im Formular: Termine › 1 › Letzter Tag\./,
    );
    expect(await englishOn(page)).toEqual([]);
    // The field is named as the form labels it, and its label is outlined until a save goes through.
    const marked = page.locator("[data-refused-field]");
    expect(await marked.count()).toBe(1);
    expect(await marked.getAttribute("data-refused-field")).toBe("Termine › 1 › Letzter Tag");
    expect(await marked.getAttribute("for")).toBe(await page.getByLabel("Letzter Tag").first().getAttribute("id"));
    await page.getByRole("button", { name: ui.de.publish, exact: true }).click({ trial: true });
    expect(await changedLines("content/site.yaml")).toEqual([["    seatsLeft: 4", "    seatsLeft: 3"]]);
    await page.close();
  });

  it("offers no delete for a page, and the local mode refuses one before any file changes", async () => {
    const page = await editorPage();
    await openEntry(page, "collections/pages/entries/imprint.de");
    await page.getByRole("button", { name: ui.de.published }).click();
    expect(await page.getByRole("menuitem").allTextContents()).not.toContainEqual(
      expect.stringMatching(/lösch|delete/i),
    );
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

  it("stays usable while a hand-broken file fails the build: no overlay over Publish, and the broken file's page keeps the header, the collections and a way back, in German", async () => {
    const file = path.join(root, "content/i18n/de.yaml");
    const good = await readFile(file, "utf8");
    const from = watch.lines.length;
    // An unclosed quote, as a hand edit leaves one.
    await writeFile(file, good.replace(/^(\s+title: )"?([^"\n]*)"?$/m, '$1"$2'));
    const page = await editorPage();
    try {
      await watch.waitFor(/build failed/, from);
      await openEntry(page, "collections/site/entries/site");
      expect(await page.locator("[data-build-error]").count()).toBe(0);
      // Publish is not covered: Playwright's trial click fails on an element another one hides.
      // With nothing changed, the button reads "Veröffentlicht" (Published), its menu one click away.
      await page.getByRole("button", { name: /^Veröffentlich/ }).click({ trial: true });
      // The broken file, reached as the owner reaches it in the open editor: its collection, then its entry.
      await goTo(page, "collections/texts");
      await page.getByText("Kurztexte auf Deutsch").click();
      const broken = page.locator("[data-unreadable]");
      await broken.waitFor();
      expect(await broken.getByRole("heading", { level: 1 }).textContent()).toBe("Diese Datei lässt sich nicht öffnen");
      expect(await broken.locator("pre").textContent()).toMatch(
        /^content\/i18n\/de\.yaml, Zeile \d+: Hier ist die Datei kein gültiges YAML\./,
      );
      // The header: the way to the overview and to every collection, the one of the file marked.
      const header = broken.getByRole("banner");
      expect(await header.getByRole("link", { name: "Website bearbeiten" }).getAttribute("href")).toBe("#/");
      // The review's collection is there while a translation waits for one (an earlier test may leave one).
      const collections = await header.getByRole("navigation").getByRole("link").allTextContents();
      expect(collections.filter((name) => name !== "Zu prüfende Übersetzungen")).toEqual([
        "Preise, Termine und Fakten",
        "Fotos",
        "Kundenstimmen",
        "Seiten",
        "Kurztexte",
      ]);
      expect(await header.locator("[aria-current=page]").textContent()).toBe("Kurztexte");
      expect(await englishOn(page)).toEqual([]);
      await shot(page, "6-broken-file");
      // The way back leads to the collection, and the page goes.
      await broken.getByRole("link", { name: "Zurück zu „Kurztexte“" }).click();
      await page.getByText("Kurztexte auf Englisch").waitFor();
      expect(await broken.count()).toBe(0);
      // Reached by its address from another entry's form, as a bookmark would, the file gets the same page.
      await goTo(page, "collections/site/entries/site");
      await page.getByLabel("Freie Plätze").first().waitFor();
      await goTo(page, "collections/texts/entries/de");
      await broken.waitFor();
      expect(await broken.locator("[aria-current=page]").textContent()).toBe("Kurztexte");
    } finally {
      // Put back whatever happened above, so that no later test meets the broken file.
      const back = watch.lines.length;
      await writeFile(file, good);
      await watch.waitFor(/: rebuilt \d+ pages in \d+ ms$/, back);
      await page.close();
    }
  });

  it("puts an uploaded photo into a slot with its alt text in both languages; a photo too small is refused in German", async () => {
    const page = await editorPage();
    await openEntry(page, "collections/photos/entries/photos");
    const upload = async (on: Page, slot: number, name: string, width: number) => {
      await on.getByRole("button", { name: "Wähle ein Bild" }).nth(slot).click();
      await on.locator("input[type=file]").setInputFiles({
        name,
        mimeType: "image/jpeg",
        buffer: await makePhoto(width, Math.round(width * 0.8)),
      });
      await on.getByRole("button", { name: "Ausgewähltes Element verwenden" }).click();
    };
    // The trainer's slot (the third) needs 960 px: 800 is refused by check, and nothing stays behind.
    await upload(page, 2, "small.jpg", 800);
    await page.getByLabel("Auf Englisch (optional)").nth(2).fill("Katrin at the paddock gate");
    await page.getByLabel("Auf Deutsch (optional)").nth(2).fill("Katrin am Koppeltor");
    let from = watch.lines.length;
    await tryToPublish(page);
    await watch.waitFor(/^Web editor: not saved/, from);
    const kept = page.locator("[data-save-refused]");
    await kept.waitFor();
    expect(await kept.textContent()).toMatch(/small\.jpg ist 800 Pixel breit, dieser Platz braucht mindestens 960/);
    expect(await englishOn(page)).toEqual([]);
    await expect(readFile(path.join(root, "content/images/small.jpg"))).rejects.toThrow();
    expect(await changedLines("content/images/images.yaml")).toEqual([]);
    await page.close();

    const again = await editorPage();
    await openEntry(again, "collections/photos/entries/photos");
    await upload(again, 2, "katrin.jpg", 1000);
    await again.getByLabel("Auf Englisch (optional)").nth(2).fill("Katrin at the paddock gate");
    await again.getByLabel("Auf Deutsch (optional)").nth(2).fill("Katrin am Koppeltor");
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
      [germanAddress("/about-me/"), "Katrin am Koppeltor"],
    ] as const) {
      const site = await browser.newPage();
      await site.goto(`${watch.origin}${address}`);
      expect(await site.locator(`picture img[alt="${alt}"]`).count(), address).toBe(1);
      await site.close();
    }
    expect(watch.lines.slice(from).join("\n")).not.toMatch(/not saved/);
    await again.close();
  });

  it("labels each short text by what it is, in a group that says where it appears, with the English beside it", async () => {
    const page = await editorPage();
    await openEntry(page, "collections/texts/entries/de");
    // A one-line text in a one-line field.
    const skip = page.getByLabel("Link, der zum Inhalt springt");
    expect(await skip.evaluate((field) => field.tagName)).toBe("INPUT");
    expect(await skip.inputValue()).toBe("Zum Inhalt springen");
    // Below it, where on the site it appears and the English text it translates.
    expect(await page.getByText("Jede Seite, beim ersten Tastendruck · Englisch: „Skip to Main Content“").count()).toBe(
      1,
    );
    // Each group says where its texts are, before it is opened.
    expect(await page.getByText("Startseite, ganz oben").count()).toBeGreaterThan(0);
    expect(await page.getByText("Das Datenschutz-Banner").count()).toBeGreaterThan(0);
    await page.close();
  });

  it("finds a short text by its words in either language and opens it: its change is one line of the dictionary", async () => {
    const page = await editorPage();
    await openEntry(page, "collections/texts/entries/de");
    const search = page.getByRole("searchbox", { name: "Kurztexte durchsuchen" });
    const results = page.locator(".ranch-search-results button");
    // By the German words of the texts: the seats' words, wherever their groups are.
    await search.fill("Plätze frei");
    await page.getByText("3 Kurztexte gefunden.").waitFor();
    expect(await results.locator("strong").allTextContents()).toContain("Wörter hinter mehreren freien Plätzen");
    // By the English they translate, and by their label: both find the skip link.
    await search.fill("skip to main");
    await page.getByText("Ein Kurztext gefunden.").waitFor();
    await search.fill("zum inhalt springt");
    await page.getByText("Ein Kurztext gefunden.").waitFor();
    expect(await results.first().locator("strong").textContent()).toBe("Link, der zum Inhalt springt");
    await search.fill("Zebrastreifen");
    await page.getByText("Kein Kurztext enthält „Zebrastreifen“.").waitFor();
    // Opening a result inside a closed group opens the group and puts the cursor in the field.
    await search.fill("Wörter hinter mehreren freien");
    await results.first().click();
    // The field itself, not the result that opened it (its name begins "Öffnen: …").
    const field = page.getByLabel("Wörter hinter mehreren freien Plätzen", { exact: true });
    await expect.poll(() => field.evaluate((input) => input === document.activeElement), patient).toBe(true);
    expect(await field.inputValue()).toBe("Plätze frei");
    await field.fill("Plätze noch frei");
    await publish(page);
    expect(await changedLines("content/i18n/de.yaml")).toEqual([
      ["    other: Plätze frei", "    other: Plätze noch frei"],
    ]);
    expect(await siteText(germanAddress("/pricing/"))).toContain("Plätze noch frei");
    await page.close();
  });

  it("reorders the testimonials by dragging one in the facts form: the order in site.yaml and on the pages follows", async () => {
    const page = await editorPage();
    await openEntry(page, "collections/site/entries/site");
    const order = page
      .locator('[aria-label="list field"]')
      .filter({ has: page.locator("label").filter({ hasText: /^Kundenstimmen, in dieser Reihenfolge/ }) });
    // Decap's handle of each item (dnd-kit's sortable, pointer only: Decap's list has no keyboard sorting).
    const handles = order.locator('[aria-roledescription="sortable"]');
    const names = () => order.locator('[class*="-NestedObjectLabel"]').allTextContents();
    await expect.poll(() => handles.count(), patient).toBe(4);
    expect(await names()).toEqual([
      "01-svenja-hollmann",
      "02-jonas-petersen",
      "03-lea-brodersen",
      "04-henrik-soennichsen",
    ]);
    // Henrik, the last, to the top: dragged by the handle, as the hint says.
    await handles.nth(3).scrollIntoViewIfNeeded();
    const from = (await handles.nth(3).boundingBox())!;
    const to = (await handles.nth(0).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 20 });
    await page.mouse.up();
    await expect
      .poll(names, patient)
      .toEqual(["04-henrik-soennichsen", "01-svenja-hollmann", "02-jonas-petersen", "03-lea-brodersen"]);
    await publish(page);
    const lines = await changedLines("content/site.yaml");
    expect(lines.filter(([before]) => before.startsWith("  - 0"))).toEqual([
      ["  - 01-svenja-hollmann", "  - 04-henrik-soennichsen"],
      ["  - 02-jonas-petersen", "  - 01-svenja-hollmann"],
      ["  - 03-lea-brodersen", "  - 02-jonas-petersen"],
      ["  - 04-henrik-soennichsen", "  - 03-lea-brodersen"],
    ]);
    for (const address of ["/references/", germanAddress("/references/")]) {
      const text = await siteText(address);
      expect(text.indexOf("Henrik Sönnichsen"), address).toBeLessThan(text.indexOf("Svenja Hollmann"));
    }
    await page.close();
  });

  it("marks a translation reviewed in the form, in German: only its line of the lock changes, and check stops warning", async () => {
    const englishFile = path.join(root, "content/i18n/en.yaml");
    const from = watch.lines.length;
    const source = await readFile(englishFile, "utf8");
    await writeFile(
      englishFile,
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
    await openEntry(page, "collections/review/entries/review");
    // Each text to review is named by where it appears; the owner ticks the one they compared.
    await page.getByLabel("Deutsch mit dem neuen Englisch verglichen").click();
    await page.getByText("Startseite, ganz oben › Große Überschrift").click();
    const saved = watch.lines.length;
    await page.getByRole("button", { name: ui.de.publish, exact: true }).click();
    await page.getByText(ui.de.publishNow).click();
    await watch.waitFor(/^Web editor marked reviewed: hero\.title$/, saved);
    const [[before, after]] = (await changedLines("content/translations.lock.yaml")) as [[string, string]];
    expect(before).toMatch(/^ {4}hero\.title: "[0-9a-f]+"$/);
    expect(after).toMatch(/^ {4}hero\.title: "[0-9a-f]+"$/);
    expect(after).not.toBe(before);
    expect(stale((await check(resolveConfig({ root }))).contentWarnings)).toEqual([]);
    await page.close();
  });

  it("fits a phone (390 px): no form scrolls sideways, and Publish stays on the screen down to the last field", async () => {
    const width = 390;
    const height = 844;
    const page = await editorPage("de", width, height);
    const sideways = () =>
      page.evaluate(() => {
        const pane = document.querySelector('[class*="-ControlPaneContainer"]')!;
        return {
          page: document.documentElement.scrollWidth,
          form: Math.round(pane.getBoundingClientRect().right),
          widest: Math.max(...[...pane.querySelectorAll("*")].map((element) => element.getBoundingClientRect().right)),
        };
      });
    const publishButton = page.getByRole("button", { name: /^Veröffentlich/ });
    const onScreen = async () => {
      const box = (await publishButton.boundingBox())!;
      return box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;
    };
    // Each form by its address, and a field only it has: the next one has replaced the last.
    const forms = [
      ["collections/site/entries/site", page.getByLabel("Freie Plätze").first()],
      ["collections/pages/entries/about-me.de", page.getByLabel("Zeile unter der Überschrift")],
      ["collections/texts/entries/de", page.getByLabel("Link, der zum Inhalt springt")],
    ] as const;
    await signIn(page, forms[0][0]);
    for (const [hash, field] of forms) {
      if (hash !== forms[0][0]) await goTo(page, hash);
      await field.waitFor();
      const fit = await sideways();
      expect(fit.page, hash).toBeLessThanOrEqual(width);
      expect(fit.form, hash).toBeLessThanOrEqual(width);
      expect(fit.widest, hash).toBeLessThanOrEqual(width);
      expect(await onScreen(), hash).toBe(true);
      // The form scrolls below the toolbar: at its last field, Publish is still on the screen.
      await page.locator('[class*="-ControlPaneContainer"] label:visible').last().scrollIntoViewIfNeeded();
      expect(await onScreen(), hash).toBe(true);
    }
    // A change made at the foot of a long form is published from there: the toolbar stays at the top of the screen.
    await goTo(page, "collections/site/entries/site");
    const seats = page.getByLabel("Freie Plätze", { exact: true }).nth(1);
    expect(await seats.inputValue()).toBe("7");
    await seats.fill("6");
    await page.locator('[class*="-ControlPaneContainer"] label').last().scrollIntoViewIfNeeded();
    expect(await onScreen()).toBe(true);
    await publish(page);
    expect(await changedLines("content/site.yaml")).toContainEqual(["    seatsLeft: 7", "    seatsLeft: 6"]);
    await page.close();
  });

  it("speaks English to a browser that asks for English", async () => {
    const page = await editorPage("en");
    await openEntry(page, "collections/site/entries/site");
    // The first date's seats as site.yaml has them now (an earlier test may have changed them).
    const seats = /seatsLeft: (\d+)/.exec(await readFile(path.join(root, "content/site.yaml"), "utf8"))![1];
    expect(await page.getByLabel("Seats left").first().inputValue()).toBe(seats);
    // The back link in the words table's wording, as in German (Decap's own: "Writing in … collection").
    expect(await page.getByText('Back to "Prices, dates and facts"').count()).toBe(1);
    // A list's label as the words table writes it, as in German.
    expect(
      await page
        .locator("[class*='-ExpandButtonContainer']")
        .getByText(/^\d+ Dates$/)
        .count(),
    ).toBe(1);
    expect(await page.getByRole("button", { name: ui.en.published }).count()).toBe(1);
    await page.close();
  });

  it("asked nothing of another origin", () => {
    expect(foreign).toEqual([]);
  });
});
