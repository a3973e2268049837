/** The JavaScript a page ships stays small (design.md §3: "one small, dependency-free bundle"). */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { builtSite } from "../support/site.ts";

const budget = 8 * 1024;

let dir: string;
beforeAll(async () => {
  dir = builtSite();
});

describe("shipped JavaScript", () => {
  it(`app bundle plus inline head script stay under ${budget / 1024} KB gzip on every page kind`, async () => {
    const bundles = (await readdir(path.join(dir, "assets"))).filter((file) => file.endsWith(".js"));
    expect(bundles).toHaveLength(1);
    const app = gzipSync(await readFile(path.join(dir, "assets", bundles[0]!))).length;
    for (const page of ["index.html", "contact/index.html", "de/contact/index.html", "404.html"]) {
      const html = await readFile(path.join(dir, page), "utf8");
      const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!).join("");
      expect(inline.length, page).toBeGreaterThan(0);
      expect(html, page).toContain(`src="/assets/${bundles[0]}"`);
      const total = app + gzipSync(inline).length;
      expect(total, `${page}: ${total} bytes`).toBeLessThan(budget);
    }
  });
});
