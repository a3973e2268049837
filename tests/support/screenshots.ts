/**
 * Screenshots of pages at phone and desktop width, for looking at the site: `npx tsx tests/support/screenshots.ts [path…]`.
 * SHOTS: output folder; WIDTHS: comma-separated widths (default 390,1280); DIST: the built site (default dist/).
 */
import { mkdir } from "node:fs/promises";
import { resolveConfig } from "../../generator/config.ts";
import { startServer } from "../../generator/serve.ts";
import { launchChromium } from "./chromium.ts";

const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/de/"];
const out = process.env["SHOTS"] ?? "/tmp/shots";
await mkdir(out, { recursive: true });
const config = resolveConfig(process.env["DIST"] ? { outDir: process.env["DIST"] } : {});
const server = await startServer({ dir: config.outDir, port: 0, locales: config.locales });
const port = (server.address() as { port: number }).port;
const browser = await launchChromium();
for (const width of (process.env["WIDTHS"] ?? "390,1280").split(",").map(Number)) {
  const page = await browser.newPage({ viewport: { width, height: width < 800 ? 844 : 800 } });
  for (const target of paths) {
    await page.goto(`http://127.0.0.1:${port}${target}`);
    const name = `${out}/${target.replace(/\W+/g, "_")}${width}`;
    const steps = Number(process.env["STEPS"] ?? 0);
    if (steps > 0) {
      // Screen by screen, as a visitor scrolls: full-page images are too tall to read on a phone width.
      for (let step = 0; step < steps; step++) {
        await page.evaluate((y) => window.scrollTo(0, y), step * page.viewportSize()!.height * 0.9);
        await page.screenshot({ path: `${name}-${step}.png` });
        console.log(`${name}-${step}.png`);
      }
    } else {
      await page.screenshot({ path: `${name}.png`, fullPage: process.env["FULL"] !== "0" });
      console.log(`${name}.png`);
    }
  }
  await page.close();
}
await browser.close();
server.close();
