/**
 * What every page carries inline (generator/bundle/assets.ts): the browser script as a module, allowed by its
 * hash, and a small favicon as a data: URL; a large favicon stays a file the pages link.
 */
import { createHash } from "node:crypto";
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Site } from "../../generator/load/site.ts";
import { bundleAssets } from "../../generator/bundle/assets.ts";
import { projectRoot } from "../support/site.ts";

const site = {} as Site;
const sha256 = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
const favicon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">\n  <circle cx="20" cy="20" r="19" fill="#2f4a3a"/>\n</svg>\n`;
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "ranch-assets-"));
  await cp(path.join(projectRoot, "templates"), path.join(root, "templates"), { recursive: true });
  await mkdir(path.join(root, "public"));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("bundleAssets", () => {
  it("inlines the browser script, allows it by hash, and ships no script file", async () => {
    const assets = await bundleAssets(root, site, "/");
    expect(assets.appScript).toContain("data-cookie-banner");
    expect(assets.inlineScriptHashes).toContain(sha256(assets.appScript));
    // The form's script is its own, inline on the contact pages only: the other pages carry none of its bytes.
    expect(assets.formScript).toContain("data-contact-form");
    expect(assets.appScript).not.toContain("data-contact-form");
    expect(assets.inlineScriptHashes).toContain(sha256(assets.formScript));
    expect(assets.files.map((file) => file.path).filter((file) => file.endsWith(".js"))).toEqual([]);
  });

  it("gives a small favicon.svg as a data: URL that decodes to the same picture", async () => {
    await writeFile(path.join(root, "public/favicon.svg"), favicon);
    const url = (await bundleAssets(root, site, "/")).faviconDataUrl!;
    expect(url).toMatch(/^data:image\/svg\+xml,[^"'#<>\s]+$/);
    expect(decodeURIComponent(url.slice("data:image/svg+xml,".length))).toBe(favicon.trim().replace(/\s+/g, " "));
  });

  it("links a large favicon, or none, instead of putting it into every page", async () => {
    await writeFile(
      path.join(root, "public/favicon.svg"),
      favicon.replace("<circle", `<!--${"x".repeat(4096)}--><circle`),
    );
    expect((await bundleAssets(root, site, "/")).faviconDataUrl).toBeUndefined();
    await rm(path.join(root, "public/favicon.svg"));
    expect((await bundleAssets(root, site, "/")).faviconDataUrl).toBeUndefined();
  });
});
