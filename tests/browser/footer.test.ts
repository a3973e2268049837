/**
 * The footer as a buyer reads it (issue 28, UX review turn 5 #19), in Chromium on the shared build: the
 * email address is never cut inside ("training@ / deichhof…") at any width from a small phone to a wide
 * screen and never sticks out of the footer, and no link appears twice or repeats its column's heading
 * ("Contact" under "Contact"), in both languages.
 */
import { describe, expect, it } from "vitest";
import { browserTests } from "./support.ts";
import { german } from "../support/addresses.ts";

const { open, origin } = browserTests();

const widths = [320, 390, 768, 1024, 1280, 1440];

describe("the footer", () => {
  for (const path of ["/", "/de/", "/contact/", german("/contact/")])
    it(`${path}: the email address stays on one line at ${widths.join(", ")} px, inside the footer`, async () => {
      const page = await open(path, { viewport: { width: widths[0]!, height: 800 } });
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        const email = await page.locator(".site-footer a[href^='mailto:']").evaluate((link) => {
          const box = link.getBoundingClientRect();
          const footer = link.closest("footer")!;
          return {
            // The footer does not scroll sideways, and the address ends inside its column of text.
            overflow: footer.scrollWidth - footer.clientWidth,
            inside: box.right <= link.closest(".container")!.getBoundingClientRect().right + 0.5,
            // An inline link broken across lines has boxes on more than one line.
            lines: new Set([...link.getClientRects()].map((rect) => Math.round(rect.bottom))).size,
            text: link.textContent,
          };
        });
        expect(email.text, `${width} px`).toMatch(/^[^\s@]+@[^\s@]+$/);
        expect(email.lines, `${width} px: the email address is broken across lines`).toBe(1);
        expect(email.inside, `${width} px: the email address sticks out of the footer`).toBe(true);
        expect(email.overflow, `${width} px: the footer scrolls sideways`).toBeLessThanOrEqual(0);
      }
    });

  for (const path of ["/", "/de/"])
    it(`${path}: no link appears twice, and none repeats the heading of its column`, async () => {
      const page = await open(path, { viewport: { width: 1280, height: 800 } }, null);
      const links = await page.locator(".site-footer a").evaluateAll((anchors) =>
        anchors.map((anchor) => ({
          href: new URL(anchor.getAttribute("href")!, location.href).href,
          name: (anchor.getAttribute("aria-label") ?? anchor.textContent ?? "").trim(),
          heading: anchor.closest(".site-footer .container > *")?.querySelector("h2")?.textContent?.trim() ?? "",
        })),
      );
      expect(links.length).toBeGreaterThan(10);
      const targets = links.map((link) => link.href);
      expect(targets.filter((target, index) => targets.indexOf(target) !== index)).toEqual([]);
      const names = links.map((link) => link.name.toLowerCase());
      expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
      for (const link of links) expect(link.name.toLowerCase(), link.href).not.toBe(link.heading.toLowerCase());
      // The contact page stays one click away, under a name that says where it leads.
      expect(
        links.some((link) => link.href === new URL(path === "/" ? "/contact/" : german("/contact/"), origin()).href),
      ).toBe(true);
    });
});
