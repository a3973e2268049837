/**
 * The meta-CSP fallback for hosts that cannot set headers (GitHub Pages): served by a plain static
 * server with no CSP header, every page carries the policy in a meta element, minus the directives a
 * meta policy cannot carry, and Chromium runs the site under it without a violation or a console error.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { borrowChromium } from "../support/chromium.ts";
import { serveSite } from "../support/site.ts";
import { german, outputFile } from "../support/addresses.ts";

let site: Awaited<ReturnType<typeof serveSite>>;
let browser: Browser;
let release: () => Promise<void> = async () => {};
let context: BrowserContext;

beforeAll(async () => {
  let borrowed;
  [site, borrowed] = await Promise.all([serveSite({ metaCsp: true }), borrowChromium()]);
  ({ browser, release } = borrowed);
  context = await browser.newContext();
  await context.addInitScript(() => {
    const log: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = log;
    document.addEventListener("securitypolicyviolation", (event) =>
      log.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  // No network: the consented fonts stylesheet is answered here, so a CSP block would show.
  await context.route(/^https:\/\/fonts\.googleapis\.com\//, (route) =>
    route.fulfill({ contentType: "text/css", body: "body{font-family:sans-serif}" }),
  );
  await context.route(
    (url) => !url.href.startsWith(site.origin) && !url.href.startsWith("https://fonts.googleapis.com/"),
    (route) => route.abort(),
  );
});

afterAll(async () => {
  await context?.close();
  await release();
  await site?.close();
});

it("puts the policy right after the charset of every page, without frame-ancestors", async () => {
  for (const file of ["index.html", outputFile("contact", "de"), "404.html"]) {
    const html = await readFile(path.join(site.dir, file), "utf8");
    const policy =
      /^<!doctype html>\n<html lang="\w+"><head><meta charSet="utf-8"\/><meta http-equiv="Content-Security-Policy" content="([^"]+)"\/>/.exec(
        html,
      )?.[1];
    // By hash: the head script, the app script and the speculation rules (generator/bundle/assets.ts).
    expect(policy, file).toMatch(/^default-src 'self'; script-src 'self'( 'sha256-[^']+'){4};/);
    expect(policy, file).not.toMatch(/frame-ancestors|report-uri|sandbox/);
  }
});

it("runs the head script and the bundle, and loads the consented fonts, with no violation and no console error", async () => {
  const problems: string[] = [];
  for (const pathname of ["/", german("/contact/")]) {
    const page = await context.newPage();
    page.on("console", (message) => message.type() === "error" && problems.push(`${pathname}: ${message.text()}`));
    page.on("pageerror", (error) => problems.push(`${pathname}: ${error.message}`));
    const response = await page.goto(site.origin + pathname);
    expect(response!.headers()["content-security-policy"]).toBeUndefined();
    // The page's own resources are in by `load` (goto waits for it); the fonts stylesheet consent adds on "/"
    // is in once it has loaded, or a violation has reported it blocked.
    if (pathname === "/") {
      await page.locator('button[data-consent="accepted"]').click();
      await expect
        .poll(() =>
          page.evaluate(
            () =>
              !!document.querySelector<HTMLLinkElement>('link[rel="stylesheet"][data-consent-link]')?.sheet ||
              (window as unknown as { __csp: string[] }).__csp.length > 0,
          ),
        )
        .toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.dataset["consent"]), pathname).toBe("accepted");
    problems.push(...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)));
    await page.close();
  }
  expect(problems).toEqual([]);
});
