/** The JavaScript a page ships stays small (design.md §3: "one small, dependency-free bundle"). */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { outputFile } from "../support/addresses.ts";
import { builtSite } from "../support/site.ts";

const budget = 8 * 1024;

let dir: string;
beforeAll(async () => {
  dir = builtSite();
});

describe("shipped JavaScript", () => {
  it(`the inline scripts (head, app, and the form's on the contact pages) stay under ${budget / 1024} KB gzip on every page kind`, async () => {
    // The bundle is inline in every page (generator/bundle/assets.ts): no script file ships besides it.
    expect((await readdir(path.join(dir, "assets"))).filter((file) => /\.m?js$/.test(file))).toEqual([]);
    const contact = ["contact/index.html", outputFile("contact", "de")];
    for (const page of ["index.html", ...contact, "404.html"]) {
      const html = await readFile(path.join(dir, page), "utf8");
      const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
      // The head script and the app script; the contact pages also carry the form's own.
      expect(scripts, `${page}: its inline scripts`).toHaveLength(contact.includes(page) ? 3 : 2);
      expect(html, page).not.toMatch(/<script[^>]* src=/);
      const total = gzipSync(scripts.join("")).length;
      expect(total, `${page}: ${total} bytes`).toBeLessThan(budget);
    }
  });
});
