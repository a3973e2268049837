/**
 * Issue 21 item 5: under `--base-path /ranch/`, a markdown image (inline, titled, in a link to a page, with an
 * escaped file name) must render real URLs below /ranch/, never `undefined`; and every link and source of
 * every page stays below the base path.
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import { parse } from "node-html-parser";
import { describe, expect, it, onTestFinished } from "vitest";
import { build, MemoryWriter, resolveConfig } from "../../generator/index.ts";
import { addImages, makePhoto } from "../support/images.ts";
import { copyProject, editFile } from "../support/project.ts";

describe("markdown images under a base path", () => {
  it("render URLs below the base path, and no page holds undefined", { timeout: 120_000 }, async () => {
    const root = await copyProject();
    onTestFinished(() => rm(root, { recursive: true, force: true }));
    await addImages(root, {
      "herd.jpg": await makePhoto(1600, 1000),
      "kühe am deich.jpg": await makePhoto(1600, 1000),
    });
    const images = (pricing: string) =>
      [
        "![The herd on the dike](../images/herd.jpg)",
        '![The herd at dusk](../images/herd.jpg "At dusk")',
        `[![The herd, to the prices](../images/herd.jpg)](${pricing})`,
        "![Cows on the dike](../images/k%C3%BChe%20am%20deich.jpg)",
        // Reference style: the definition names an image, so the link check does not look for a page there.
        "![The herd by reference][herd]\n\n[herd]: ../images/herd.jpg",
      ].join("\n\n");
    await editFile(root, "content/pages/about-me.en.md", "\n## ", `\n${images("/pricing/")}\n\n## `);
    await editFile(root, "content/pages/about-me.de.md", "\n## ", `\n${images("/de/preise/")}\n\n## `);
    const writer = new MemoryWriter();
    await build(resolveConfig({ root, basePath: "/ranch/", outDir: path.join(root, "dist") }), writer).catch(
      (error: { errors?: { message: string }[] }) => {
        throw new Error(error.errors?.map((problem) => problem.message).join("\n") ?? String(error));
      },
    );
    const pages = [...writer.files].filter(([file]) => file.endsWith(".html"));
    expect(pages.filter(([, html]) => /\bundefined\b/.test(String(html))).map(([file]) => file)).toEqual([]);
    for (const file of ["about-me/index.html", "de/ueber-mich/index.html"]) {
      const page = parse(String(writer.files.get(file)));
      const pictures = page.querySelectorAll("main picture img");
      expect(pictures.map((img) => img.getAttribute("alt"))).toEqual([
        "The herd on the dike",
        "The herd at dusk",
        "The herd, to the prices",
        "Cows on the dike",
        "The herd by reference",
      ]);
      for (const img of pictures) {
        expect(img.getAttribute("src")).toMatch(/^\/ranch\/assets\/images\/[\w-]+-\d+\.[0-9a-f]{10}\.jpg$/);
        for (const candidate of img.getAttribute("srcset")!.split(", "))
          expect(candidate).toMatch(/^\/ranch\/assets\/images\/\S+ \d+w$/);
      }
      expect(pictures[2]!.closest("a")!.getAttribute("href")).toBe(
        file.startsWith("de/") ? "/ranch/de/preise/" : "/ranch/pricing/",
      );
    }
    for (const [file, html] of pages)
      for (const element of parse(String(html)).querySelectorAll("[href], [src]")) {
        const url = element.getAttribute("href") ?? element.getAttribute("src")!;
        expect(url, `${file}: ${element.tagName}`).toMatch(/^(\/ranch\/|https?:|mailto:|tel:|#|data:)/);
      }
  });
});
