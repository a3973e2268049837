/** What every test that drives Chromium shares: a closed network and the one way to open a browser context. */
import type { Browser, BrowserContext } from "playwright-core";

/** True for a request that would leave this machine. */
export function isThirdParty(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return (protocol === "http:" || protocol === "https:") && hostname !== "127.0.0.1";
}

const asked = new WeakMap<BrowserContext, string[]>();

/**
 * Answers third-party requests here, so nothing leaves the machine: the fonts stylesheet gets an empty
 * stylesheet (no console error for a failed load), anything else is aborted. Returns the URLs asked for.
 */
export async function closeNetwork(context: BrowserContext): Promise<string[]> {
  const urls: string[] = [];
  asked.set(context, urls);
  await context.route(
    (url) => isThirdParty(url.href),
    (route) => {
      urls.push(route.request().url());
      return route.request().url().startsWith("https://fonts.googleapis.com/")
        ? route.fulfill({ contentType: "text/css", body: "" })
        : route.abort();
    },
  );
  return urls;
}

/** A fresh context (empty storage) whose network ends at this machine; see thirdPartyRequests(). */
export async function newContext(
  browser: Browser,
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await closeNetwork(context);
  return context;
}

/** Every third-party URL the context's pages asked for so far (none reached the network). */
export function thirdPartyRequests(context: BrowserContext): string[] {
  return asked.get(context) ?? [];
}
