/**
 * The web fonts served from this machine: the Google Fonts stylesheet the consent loads (content/site.yaml
 * `consent.fontsUrl`) is answered with Fontsource's @font-face rules for the families and weights it asks for
 * (the same files, subsets, unicode ranges and `font-display: swap` as Google's), and the font files with
 * Fontsource's woff2 files. Nothing leaves the machine.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { BrowserContext } from "playwright-core";
import { projectRoot } from "./site.ts";

const stylesheetHost = "https://fonts.googleapis.com/";
const filesHost = "https://fonts.gstatic.com/s/fontsource/";

/** What the routes saw, and a gate that holds the font files back until `release` is called. */
export interface LocalFonts {
  /** The font files asked for so far, by file name (`inter-latin-400-normal.woff2`). */
  requested: string[];
  /** Lets the held font files through (and every later one). */
  release: () => void;
}

/** The Fontsource package of a Google Fonts family: `Playfair Display` → `playfair-display`. */
const packageOf = (family: string) => family.toLowerCase().replace(/\s+/g, "-");

/**
 * The stylesheet Google Fonts answers a `css2?family=…` URL with, from Fontsource's: one @font-face per
 * family, weight and subset, pointing at the routed files.
 */
export async function fontsStylesheet(url: string): Promise<string> {
  const rules: string[] = [];
  for (const spec of new URL(url).searchParams.getAll("family")) {
    const [family, axes = ""] = spec.split(":");
    const weights = axes.startsWith("wght@") ? axes.slice(5).split(";") : ["400"];
    const name = packageOf(family!);
    for (const weight of weights) {
      const css = await readFile(path.join(projectRoot, "node_modules/@fontsource", name, `${weight}.css`), "utf8");
      // Google's stylesheet lists woff2 only; Fontsource adds a woff for older browsers.
      rules.push(
        css.replace(
          /url\(\.\/files\/([^)]+\.woff2)\) format\('woff2'\), url\([^)]+\) format\('woff'\)/g,
          `url(${filesHost}${name}/$1) format('woff2')`,
        ),
      );
    }
  }
  return rules.join("\n");
}

/**
 * Routes the context's web-font requests to Fontsource's files. With `hold`, font files wait until
 * `release()`: a test sees the page in its fallback faces first, as a visitor on a slow line does.
 */
export async function serveLocalFonts(context: BrowserContext, { hold = false } = {}): Promise<LocalFonts> {
  let release!: () => void;
  const released = hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  if (!hold) release = () => {};
  const requested: string[] = [];
  // Registered after closeNetwork (tests/support/browser.ts), so these answer first (Playwright runs the
  // newest matching route first).
  await context.route(`${stylesheetHost}css2?**`, async (route) =>
    route.fulfill({
      contentType: "text/css; charset=utf-8",
      headers: { "access-control-allow-origin": "*" },
      body: await fontsStylesheet(route.request().url()),
    }),
  );
  await context.route(`${filesHost}**`, async (route) => {
    const [name, file] = new URL(route.request().url()).pathname.split("/").slice(-2) as [string, string];
    requested.push(file);
    await released;
    await route.fulfill({
      contentType: "font/woff2",
      // Fonts are fetched in CORS mode: without this header the browser refuses them.
      headers: { "access-control-allow-origin": "*" },
      body: await readFile(path.join(projectRoot, "node_modules/@fontsource", name, "files", path.basename(file))),
    });
  });
  return { requested, release: () => release() };
}
