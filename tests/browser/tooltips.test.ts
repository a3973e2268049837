/** Tooltips in a real browser with a fake clock (design.md §5, WCAG 1.4.13): tests T1–T4. */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newContext, startBrowserTests, storeConsent } from "./support.ts";

let origin: string;
let browser: Browser;
let stop: () => Promise<void>;
beforeAll(async () => ({ origin, browser, stop } = await startBrowserTests()));
afterAll(() => stop?.());

/** A context with a choice stored (so the banner stays out of the way) and the network closed. */
async function decidedContext(options: Parameters<Browser["newContext"]>[0] = {}): Promise<BrowserContext> {
  const context = await newContext(browser, { viewport: { width: 1280, height: 800 }, ...options });
  await storeConsent(context, "rejected");
  return context;
}

/** The home page with a fake clock, so the 700 ms and 300 ms delays are exact. */
async function openHome(context: BrowserContext, path = "/"): Promise<Page> {
  const page = await context.newPage();
  await page.clock.install({ time: 0 });
  await page.goto(origin + path);
  // Until paused, the fake clock still runs in real time.
  await page.clock.pauseAt(60_000);
  return page;
}

const trigger = (page: Page, id: string) => page.locator(`[aria-describedby="${id}"]`);
const isOpen = (page: Page, id: string) => page.locator(`#${id}`).isVisible();
const openTips = (page: Page) => page.locator("[role=tooltip]:visible").count();
/** Moves the mouse to a spot with no tooltip trigger. */
const moveAway = (page: Page) => page.mouse.move(1200, 420);

describe("tooltips", () => {
  it("T1: hover with a mouse or pen opens after 700 ms, not at 699; leaving early never opens; no auto-hide", async () => {
    const context = await decidedContext();
    const page = await openHome(context);
    await trigger(page, "tip-animals").hover();
    await page.clock.runFor(699);
    expect(await isOpen(page, "tip-animals")).toBe(false);
    await page.clock.runFor(1);
    expect(await isOpen(page, "tip-animals")).toBe(true);
    await page.clock.runFor(10_000);
    expect(await isOpen(page, "tip-animals")).toBe(true);
    await moveAway(page);
    expect(await isOpen(page, "tip-animals")).toBe(false);

    await page.clock.runFor(1000);
    await trigger(page, "tip-childcare").hover();
    await page.clock.runFor(500);
    await moveAway(page);
    await page.clock.runFor(2000);
    expect(await openTips(page)).toBe(0);

    // A pen hovers like a mouse.
    const box = (await trigger(page, "tip-location").boundingBox())!;
    const cdp = await context.newCDPSession(page);
    await cdp.send("Input.dispatchMouseEvent", {
      type: "mouseMoved",
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
      pointerType: "pen",
    });
    await page.clock.runFor(699);
    expect(await isOpen(page, "tip-location")).toBe(false);
    await page.clock.runFor(1);
    expect(await isOpen(page, "tip-location")).toBe(true);
    await context.close();
  });

  it("T2: while one is open and for 300 ms after it closes, the next opens at once; at most one is open", async () => {
    const context = await decidedContext();
    const page = await openHome(context);
    await trigger(page, "tip-animals").hover();
    await page.clock.runFor(700);
    await trigger(page, "tip-childcare").hover();
    expect(await isOpen(page, "tip-childcare")).toBe(true);
    expect(await openTips(page)).toBe(1);

    await moveAway(page);
    await page.clock.runFor(299);
    await trigger(page, "tip-location").hover();
    expect(await isOpen(page, "tip-location")).toBe(true);
    expect(await openTips(page)).toBe(1);

    await moveAway(page);
    await page.clock.runFor(300);
    await trigger(page, "tip-animals").hover();
    await page.clock.runFor(699);
    expect(await openTips(page)).toBe(0);
    await page.clock.runFor(1);
    expect(await isOpen(page, "tip-animals")).toBe(true);

    // Keyboard focus elsewhere takes over: still only one open.
    await page.locator("[aria-describedby='tip-lang-de']").focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    expect(await isOpen(page, "tip-lang-de")).toBe(true);
    expect(await openTips(page)).toBe(1);
    await context.close();
  });

  it("T3: keyboard focus opens at once and blur closes; Escape closes and keeps focus; pointer-down, scrolling and touch", async () => {
    const context = await decidedContext();
    const page = await openHome(context);
    const isLangSwitchFocused = () =>
      page.evaluate(() => document.activeElement?.getAttribute("aria-describedby") === "tip-lang-de");
    for (let step = 0; step < 20 && !(await isLangSwitchFocused()); step++) await page.keyboard.press("Tab");
    expect(await isLangSwitchFocused()).toBe(true);
    expect(await isOpen(page, "tip-lang-de")).toBe(true);
    await page.keyboard.press("Tab");
    expect(await openTips(page)).toBe(0);
    await page.keyboard.press("Shift+Tab");
    expect(await isOpen(page, "tip-lang-de")).toBe(true);
    await page.keyboard.press("Escape");
    expect(await openTips(page)).toBe(0);
    expect(await isLangSwitchFocused()).toBe(true);

    // A click focuses the trigger without :focus-visible: pointer-down closes, and nothing reopens.
    await page.clock.runFor(1000);
    await trigger(page, "tip-animals").hover();
    await page.clock.runFor(700);
    await page.mouse.down();
    expect(await openTips(page)).toBe(0);
    await page.clock.runFor(1000);
    expect(await openTips(page)).toBe(0);
    await page.mouse.up();
    await page.evaluate(() => window.scrollTo(0, 0));

    // The pointer can move from the trigger onto the tip, across the gap, and it stays (WCAG 1.4.13).
    await page.clock.runFor(1000);
    await trigger(page, "tip-childcare").hover();
    await page.clock.runFor(700);
    const tip = (await page.locator("#tip-childcare").boundingBox())!;
    await page.mouse.move(tip.x + tip.width / 2, tip.y + tip.height / 2, { steps: 12 });
    await page.clock.runFor(10_000);
    expect(await isOpen(page, "tip-childcare")).toBe(true);
    await page.mouse.move(tip.x + tip.width / 2, tip.y - 40, { steps: 4 });
    expect(await openTips(page)).toBe(0);

    // Scrolling closes.
    await trigger(page, "tip-location").hover();
    await page.clock.runFor(700);
    expect(await isOpen(page, "tip-location")).toBe(true);
    await page.mouse.wheel(0, 200);
    await expect.poll(() => openTips(page)).toBe(0);
    await context.close();

    // Touch never opens.
    const touch = await decidedContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
    const phone = await openHome(touch);
    await phone.evaluate(() => document.addEventListener("click", (event) => event.preventDefault()));
    await trigger(phone, "tip-animals").tap();
    await phone.clock.runFor(2000);
    expect(await openTips(phone)).toBe(0);
    await touch.close();
  });

  it("T4: each trigger's accessible description is its tooltip's text, in both languages", async () => {
    const context = await decidedContext();
    for (const path of ["/", "/de/"]) {
      const page = await openHome(context, path);
      const cdp = await context.newCDPSession(page);
      const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
      const describe = async (selector: string) => {
        const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
        const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false });
        return { role: nodes[0]?.role?.value, description: nodes[0]?.description?.value };
      };
      const tips = await page
        .locator("[role=tooltip]")
        .evaluateAll((elements) => elements.map((element) => ({ id: element.id, text: element.textContent })));
      expect(tips.map((tip) => tip.id).sort()).toEqual([
        "tip-animals",
        "tip-childcare",
        "tip-instagram",
        `tip-lang-${path === "/" ? "de" : "en"}`,
        "tip-linkedin",
        "tip-location",
        "tip-youtube",
      ]);
      for (const tip of tips) {
        expect(tip.text, tip.id).toMatch(/\S/);
        expect((await describe(`[aria-describedby="${tip.id}"]`)).description, `${path} ${tip.id}`).toBe(tip.text);
      }
      await trigger(page, "tip-animals").focus();
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Tab");
      expect(await describe("#tip-animals")).toMatchObject({ role: "tooltip" });
      await page.close();
    }
    await context.close();
  });

  it("T4: on a 390 px phone every tooltip stays inside the viewport and clear of the sticky header", async () => {
    const context = await decidedContext({ viewport: { width: 390, height: 844 } });
    for (const path of ["/", "/de/"]) {
      const page = await openHome(context, path);
      const ids = await page.locator("[role=tooltip]").evaluateAll((elements) => elements.map((element) => element.id));
      for (const id of ids) {
        await page.clock.runFor(1000);
        await trigger(page, id).hover();
        await page.clock.runFor(700);
        expect(await isOpen(page, id), id).toBe(true);
        const placed = await page.locator(`#${id}`).evaluate((tip) => {
          const rect = tip.getBoundingClientRect();
          const header = tip.closest(".site-header")
            ? 0
            : document.querySelector(".site-header")!.getBoundingClientRect().bottom;
          return {
            left: rect.left >= 0,
            right: rect.right <= document.documentElement.clientWidth,
            top: rect.top >= header,
            bottom: rect.bottom <= window.innerHeight,
          };
        });
        expect(placed, `${path} ${id}`).toEqual({ left: true, right: true, top: true, bottom: true });
        await page.mouse.move(200, 400);
      }
      await page.close();
    }
    await context.close();
  });
});
