/**
 * The training dates as a buyer reads them (issue 35): in date order on the home and pricing pages of every
 * language, each card naming the language it is taught in; a filter shows one language's dates alone, still
 * in date order, and without JavaScript every date shows.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserTests, languageVersions } from "./support.ts";

const { open, origin } = browserTests();
const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };

/** Each shown card's first day and the language it names, top to bottom as a visitor reads them. */
const cards = (page: Page) =>
  page.locator(".dates .date").evaluateAll((all) =>
    all
      .filter((card) => (card as HTMLElement).checkVisibility())
      .map((card) => ({
        start: card.querySelector("time")!.getAttribute("datetime")!,
        top: Math.round(card.getBoundingClientRect().top),
        left: Math.round(card.getBoundingClientRect().left),
        language: (card as HTMLElement).dataset["language"]!,
        named: [...card.querySelector(".date-language")!.childNodes]
          .filter((node) => !(node as Element).classList?.contains("visually-hidden"))
          .map((node) => node.textContent)
          .join("")
          .trim(),
        languageShown: (card.querySelector(".date-language") as HTMLElement).checkVisibility(),
      })),
  );

/** The cards in reading order: row by row, left to right. */
const readingOrder = (found: Awaited<ReturnType<typeof cards>>) =>
  [...found].sort((a, b) => a.top - b.top || a.left - b.left).map((card) => card.start);

describe("training dates", () => {
  for (const [size, viewport] of Object.entries(sizes))
    for (const english of ["/", "/pricing/"])
      it(`${english} in every language, ${size}: the dates read in date order, each naming its language`, async () => {
        const page = await open(english, { viewport });
        const versions = await languageVersions(page, origin() + english);
        expect(versions.length).toBeGreaterThan(1);
        for (const version of versions) {
          await page.goto(version.url);
          const found = await cards(page);
          const starts = found.map((card) => card.start);
          expect(starts.length, version.url).toBeGreaterThan(1);
          expect(starts, version.url).toEqual([...starts].sort());
          expect(readingOrder(found), version.url).toEqual(starts);
          const languageNames = new Intl.DisplayNames(version.locale, { type: "language" });
          for (const card of found) {
            expect(card.languageShown, `${version.url} ${card.start}`).toBe(true);
            expect(card.named, `${version.url} ${card.start}`).toBe(languageNames.of(card.language));
          }
        }
      });

  it("the language filter shows one language's dates alone, in date order, and All shows every date again", async () => {
    const page = await open("/", { viewport: sizes.phone });
    for (const version of await languageVersions(page, `${origin()}/`)) {
      await page.goto(version.url);
      const all = (await cards(page)).map((card) => card.start);
      const filter = page.locator("[data-date-filter]");
      expect(await filter.isVisible()).toBe(true);
      const options = filter.locator("button[data-show]");
      const languages = await options.evaluateAll((buttons) =>
        buttons.map((button) => (button as HTMLElement).dataset["show"]!),
      );
      // "All" first, then the page's own language.
      expect(languages.slice(0, 2)).toEqual(["", version.locale]);
      for (const [index, language] of languages.entries()) {
        if (!language) continue;
        await options.nth(index).click();
        expect(await options.nth(index).getAttribute("aria-pressed")).toBe("true");
        const shown = await cards(page);
        expect(shown.length).toBeGreaterThan(0);
        expect(shown.every((card) => card.language === language)).toBe(true);
        expect(shown.map((card) => card.start)).toEqual(
          all.filter((start) => shown.some((card) => card.start === start)),
        );
      }
      await options.first().click();
      expect((await cards(page)).map((card) => card.start)).toEqual(all);
    }
  });

  it("without JavaScript there is no filter, and every date shows in date order", async () => {
    const page = await open("/pricing/", { viewport: sizes.desktop, javaScriptEnabled: false });
    expect(await page.locator("[data-date-filter]").isVisible()).toBe(false);
    const starts = (await cards(page)).map((card) => card.start);
    expect(starts.length).toBeGreaterThan(1);
    expect(starts).toEqual([...starts].sort());
  });
});
