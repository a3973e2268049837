/**
 * Screenshots of pages at phone, tablet and desktop width, for looking at the site:
 * `npx tsx tests/support/screenshots.ts [path…]`; `DIST` picks the built folder, `WIDTHS=390,1280` the widths.
 * `CONSENT=rejected` (or `accepted`) shows the pages as a returning visitor sees them, without the cookie banner
 * (`accepted`: in the web fonts, served from this machine's Fontsource files by tests/support/local-fonts.ts);
 * `MENU=1` opens the phone menu before the picture is taken.
 */
import { mkdir } from "node:fs/promises";
import { resolveConfig } from "../../generator/config.ts";
import { startServer } from "../../generator/dev/serve.ts";
import { launchChromium } from "./chromium.ts";
import { servedSite } from "./languages.ts";
import { serveLocalFonts } from "./local-fonts.ts";

const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/de/"];
const out = process.env["SHOTS"] ?? "/tmp/shots";
await mkdir(out, { recursive: true });
const config = resolveConfig({ outDir: process.env["DIST"] });
const server = await startServer({ dir: config.outDir, port: 0, site: servedSite });
const port = (server.address() as { port: number }).port;
// The browser visitors run: the headless shell draws text on whole pixels (tests/support/chromium.ts).
const browser = await launchChromium("full");
const widths = (process.env["WIDTHS"] ?? "390,768,1280").split(",").map(Number);
for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: width < 500 ? 844 : width < 1000 ? 1024 : 800 } });
  const consent = process.env["CONSENT"];
  if (consent) await page.addInitScript((choice) => localStorage.setItem("cookie-consent", choice), consent);
  if (consent === "accepted") await serveLocalFonts(page.context());
  for (const target of paths) {
    await page.goto(`http://127.0.0.1:${port}${target}`);
    await page.evaluate(() => document.fonts.ready);
    const name = `${out}/${target.replace(/\W+/g, "_")}${width}${consent ? `-${consent}` : ""}`;
    if (process.env["MENU"]) await page.click("[data-menu-button]");
    const steps = Number(process.env["STEPS"] ?? 0);
    if (steps > 0) {
      // Screen by screen, as a visitor scrolls: full-page images are too tall to read on a phone width.
      for (let step = 0; step < steps; step++) {
        await page.evaluate((y) => window.scrollTo(0, y), step * page.viewportSize()!.height * 0.9);
        await page.screenshot({ path: `${name}-${step}.png` });
        console.log(`${name}-${step}.png`);
      }
    } else if (process.env["TILE"]) {
      // The whole page cut into tiles of TILE pixels: a tall image shrinks below legibility in a viewer.
      const tile = Number(process.env["TILE"]);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0, n = 0; y < height; y += tile, n++) {
        const clip = { x: 0, y, width, height: Math.min(tile, height - y) };
        await page.screenshot({ path: `${name}-${String(n).padStart(2, "0")}.png`, fullPage: true, clip });
      }
      console.log(`${name}-*.png`);
    } else {
      await page.screenshot({ path: `${name}.png`, fullPage: process.env["FULL"] !== "0" });
      console.log(`${name}.png`);
    }
  }
  await page.close();
}
await browser.close();
server.close();
