/**
 * Training details on a phone (issue 28): ten screens of programme become easy to get through. The page opens
 * with "On this page", a link to each of its sections and to the next dates; the practical details are folded
 * under their headings and open with a tap, with the keyboard, with a link from that list, and on paper.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserTests } from "./support.ts";
import { german } from "../support/addresses.ts";

const { open: openIn } = browserTests();
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const open = (path: string) => openIn(path, phone);

/** The heading of each folded section: open or not, and whether its text shows. */
const folds = (page: Page) =>
  page.locator("main details.fold").evaluateAll((details) =>
    details.map((fold) => ({
      heading: fold.querySelector("summary h2")?.textContent,
      open: (fold as HTMLDetailsElement).open,
      textShown: fold.querySelector(".fold-text")!.checkVisibility(),
    })),
  );

describe("training details on a phone", () => {
  for (const [path, list, folded, jump] of [
    [
      "/training-details/",
      "On This Page",
      ["Daily Schedule", "Meals", "Childcare", "Getting There", "Accommodation"],
      "Childcare",
    ],
    [
      german("/training-details/"),
      "Auf dieser Seite",
      ["Tagesablauf", "Verpflegung", "Kinderbetreuung", "Anreise", "Unterkunft"],
      "Kinderbetreuung",
    ],
  ] as const) {
    it(`${path}: "${list}" links to every section of the page, in order, and to the next dates`, async () => {
      const page = await open(path);
      const nav = page.getByRole("navigation", { name: list });
      const links = await nav
        .getByRole("link")
        .evaluateAll((anchors) =>
          anchors.map((anchor) => ({ text: anchor.textContent, target: anchor.getAttribute("href")! })),
        );
      // Every heading of the page's sections, folded or not, below the list itself.
      const headings = await page.locator("main h2:not(.on-this-page h2)").evaluateAll((all) =>
        all.map((heading) => ({
          text: heading.textContent,
          id: heading.id || heading.closest("details")!.querySelector(".fold-text")!.id,
        })),
      );
      expect(links.map((link) => link.text)).toEqual(headings.map((heading) => heading.text));
      expect(links.map((link) => link.target)).toEqual(headings.map((heading) => `#${heading.id}`));
      expect(links.length).toBeGreaterThan(10);
      expect(links.at(-1)!.target).toBe("#date-strip-title");
    });

    it(`${path}: the practical details are folded; a tap, the keyboard or a link from the list opens them`, async () => {
      const page = await open(path);
      expect(await folds(page)).toEqual(folded.map((heading) => ({ heading, open: false, textShown: false })));
      // A tap on a heading opens its section.
      await page.locator("main details.fold summary").first().tap();
      expect((await folds(page))[0]).toMatchObject({ open: true, textShown: true });
      // So do Enter and Space on the focused heading, and again to close it.
      const second = page.locator("main details.fold summary").nth(1);
      await second.focus();
      await page.keyboard.press("Enter");
      expect((await folds(page))[1]!.open).toBe(true);
      await page.keyboard.press("Space");
      expect((await folds(page))[1]!.open).toBe(false);
      // The link from "On this page" opens the section and shows its heading below the sticky header.
      await page.locator(".on-this-page a", { hasText: jump }).click();
      await expect.poll(async () => (await folds(page)).find((fold) => fold.heading === jump)?.open).toBe(true);
      const heading = page.locator("main details.fold summary h2", { hasText: jump });
      await expect
        .poll(async () => {
          const box = await heading.evaluate((element) => element.getBoundingClientRect());
          const header = await page.locator(".site-header").evaluate((element) => element.getBoundingClientRect());
          return box.top >= header.bottom && box.bottom <= 844;
        })
        .toBe(true);
    });

    it(`${path}: on paper every folded section is open`, async () => {
      const page = await open(path);
      await page.emulateMedia({ media: "print" });
      expect(await folds(page)).toEqual(folded.map((heading) => ({ heading, open: false, textShown: true })));
    });
  }
});
