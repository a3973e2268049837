/**
 * The image pipeline on fixture photos made by sharp: formats, widths, width/height/sizes, never
 * enlarging, the shared cache (counted), the base path, markdown images, the Open Graph cards, and the
 * editor's mistakes as located errors.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parse, type HTMLElement } from "node-html-parser";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, ContentErrors, MemoryWriter, resolveConfig, type ConfigInput } from "../../generator/index.ts";
import { loadImages } from "../../generator/images/catalogue.ts";
import { runEncodeJobs, variantJob } from "../../generator/images/encode.ts";
import { ImageStore } from "../../generator/cache/store.ts";
import { planImage, usableWidths } from "../../generator/images/variants.ts";
import { addImages, makePhoto } from "../support/images.ts";
import { loadContent } from "../../generator/load/content.ts";
import { loadTemplates } from "../../generator/load/templates.ts";
import { renderOpenGraphSvgs } from "../../generator/render/pages.ts";
import { sitePages, templateFiles } from "../../generator/routes.ts";
import { copyProject, editFile } from "../support/project.ts";
import { projectRoot } from "../support/site.ts";
import { outputFile } from "../support/addresses.ts";

const manifest = `trainer:
  file: portrait.jpg
  alt:
    en: Katrin Jessen with a horse at the paddock gate
    de: Katrin Jessen mit einem Pferd am Koppeltor
`;
const markdownImage = {
  en: "![The herd on the dike](../images/herd.jpg)",
  de: "![Die Herde am Deich](../images/herd.jpg)",
};

let root: string;
const outDirs: string[] = [];

/** A copy of the site with a trainer portrait (1000 × 1250) and a photo in the training-details page (1500 × 1000). */
async function projectWithPhotos(): Promise<string> {
  const project = await copyProject({ cache: "empty" });
  await addImages(
    project,
    { "portrait.jpg": await makePhoto(1000, 1250), "herd.jpg": await makePhoto(1500, 1000, [90, 120, 150]) },
    manifest,
  );
  for (const locale of ["en", "de"] as const) {
    const file = path.join(project, `content/pages/training-details.${locale}.md`);
    await writeFile(file, `${await readFile(file, "utf8")}\n${markdownImage[locale]}\n`);
  }
  return project;
}

async function buildInto(project: string, options: ConfigInput = {}) {
  const outDir = path.join("/dev/shm", `ranch-images-${process.pid}-${outDirs.length}`);
  outDirs.push(outDir);
  const report = await build(resolveConfig({ root: project, outDir, ...options }));
  const page = async (file: string) => parse(await readFile(path.join(outDir, file), "utf8"));
  return { outDir, report, page };
}

/** Every <img> of a page with its <picture>'s sources; attribute names in lower case, as HTML reads them. */
function pictures(page: HTMLElement) {
  const attributes = (element: HTMLElement) =>
    Object.fromEntries(Object.entries(element.attributes).map(([name, value]) => [name.toLowerCase(), value]));
  return page.querySelectorAll("picture").map((picture) => ({
    sources: picture.querySelectorAll("source").map(attributes),
    img: attributes(picture.querySelector("img")!),
  }));
}

const candidates = (srcset: string) =>
  srcset.split(",").map((candidate) => {
    const [url, width] = candidate.trim().split(/\s+/);
    return { url: url!, width: Number.parseInt(width!, 10) };
  });

beforeAll(async () => {
  root = await projectWithPhotos();
});
afterAll(async () => {
  await Promise.all([root, ...outDirs].map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("a build with photos", () => {
  let first: Awaited<ReturnType<typeof buildInto>>;
  beforeAll(async () => {
    first = await buildInto(root);
  });

  it("shows the trainer's portrait as AVIF, WebP and JPEG at 320, 640 and 960 px, with width, height, sizes and lazy loading", async () => {
    for (const [file, alt] of [
      ["about-me/index.html", "Katrin Jessen with a horse at the paddock gate"],
      [outputFile("about-me", "de"), "Katrin Jessen mit einem Pferd am Koppeltor"],
    ]) {
      const [picture, ...others] = pictures(await first.page(file!));
      expect(others).toEqual([]);
      expect(picture!.sources.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
      expect(picture!.img).toMatchObject({ alt, width: "960", height: "1200", loading: "lazy", decoding: "async" });
      expect(picture!.img.sizes).toBeTruthy();
      expect(picture!.img.fetchpriority).toBeUndefined();
      for (const srcset of [...picture!.sources.map((source) => source.srcset!), picture!.img.srcset!]) {
        expect(candidates(srcset).map((candidate) => candidate.width)).toEqual([320, 640, 960]);
      }
    }
  });

  it("writes every candidate in its format at its width and the height of the original's proportions, under assets/ with a hash", async () => {
    const page = await first.page("about-me/index.html");
    const [picture] = pictures(page);
    const expected = { "image/avif": "heif", "image/webp": "webp", "image/jpeg": "jpeg" } as Record<string, string>;
    const sets = [
      ...picture!.sources.map((source) => [source.type!, source.srcset!]),
      ["image/jpeg", picture!.img.srcset!],
    ];
    for (const [type, srcset] of sets) {
      for (const { url, width } of candidates(srcset!)) {
        expect(url).toMatch(/^\/assets\/images\/portrait-\d+\.[0-9a-f]{10}\.(avif|webp|jpg)$/);
        const metadata = await sharp(path.join(first.outDir, url)).metadata();
        expect(metadata.format).toBe(expected[type!]);
        expect([metadata.width, metadata.height]).toEqual([width, Math.round((width * 1250) / 1000)]);
      }
    }
  });

  it("never enlarges: no variant is wider than its original", async () => {
    const files = await readdir(path.join(first.outDir, "assets/images"));
    for (const file of files) {
      const { width } = await sharp(path.join(first.outDir, "assets/images", file)).metadata();
      expect(width).toBeLessThanOrEqual(file.startsWith("portrait") ? 1000 : 1500);
    }
    expect(usableWidths(1000, [480, 960, 1440])).toEqual([480, 960]);
    expect(usableWidths(300, [480, 960])).toEqual([300]);
  });

  it("turns a markdown image into the same <picture>, with the markdown's alt text in each language", async () => {
    for (const [file, alt] of [
      ["training-details/index.html", "The herd on the dike"],
      [outputFile("training-details", "de"), "Die Herde am Deich"],
    ]) {
      const [picture] = pictures(await first.page(file!));
      expect(picture!.sources.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
      expect(picture!.img).toMatchObject({ alt, width: "1440", height: "960", loading: "lazy", decoding: "async" });
      expect(candidates(picture!.img.srcset!).map((candidate) => candidate.width)).toEqual([480, 960, 1440]);
      expect(picture!.img.sizes).toBeTruthy();
    }
  });

  it("shows the dominant colour while a photo loads without any style attribute (the CSP allows no inline styles)", async () => {
    const page = await first.page("about-me/index.html");
    const tone = page.querySelector(".picture > svg.picture-tone rect")!;
    expect(tone.getAttribute("fill")).toMatch(/^#[0-9a-f]{6}$/);
    for (const file of ["about-me/index.html", "training-details/index.html", "index.html"]) {
      expect((await first.page(file)).querySelectorAll("[style]")).toHaveLength(0);
    }
  });

  it("keeps the slots without a photo as they were: the hero keeps its illustration, no empty frame", async () => {
    const home = await first.page("index.html");
    expect(home.querySelector(".hero img.landscape")).not.toBeNull();
    expect(home.querySelectorAll("picture, .picture")).toHaveLength(0);
    expect((await first.page("references/index.html")).querySelectorAll(".picture")).toHaveLength(0);
  });

  it("reuses the shared cache: a second build encodes nothing and writes the same bytes", async () => {
    expect(first.report.images.encoded).toBeGreaterThan(0);
    const second = await buildInto(root);
    expect(second.report.images).toEqual({
      encoded: 0,
      reused: first.report.images.encoded + first.report.images.reused,
    });
    const files = await readdir(path.join(first.outDir, "assets/images"));
    for (const file of files) {
      expect(
        (await readFile(path.join(second.outDir, "assets/images", file))).equals(
          await readFile(path.join(first.outDir, "assets/images", file)),
        ),
      ).toBe(true);
    }
    // watch shares the cache: its WebP files (3 portrait + 3 markdown widths) and both cards were made by build.
    const watched = await buildInto(root, { mode: "watch" });
    expect(watched.report.images).toEqual({ encoded: 0, reused: 8 });
  });

  it("ignores a damaged cache entry and encodes that one file again", async () => {
    const cache = path.join(root, "node_modules/.cache/ranch-site/images");
    const entries = (await readdir(cache)).filter((name) => name.endsWith(".bin"));
    const victim = path.join(cache, entries[0]!);
    const bytes = await readFile(victim);
    await writeFile(victim, bytes.subarray(0, bytes.length - 7));
    const third = await buildInto(root);
    expect(third.report.images.encoded).toBe(1);
    expect(await readdir(path.join(cache))).not.toContainEqual(expect.stringMatching(/\.tmp$/));
  });

  it("renders one Open Graph card per language, 1200 × 630, named on each page of that language with its alt text", async () => {
    const urls = new Map<string, string>();
    for (const [file, locale] of [
      ["index.html", "en"],
      ["de/index.html", "de"],
      [outputFile("contact", "de"), "de"],
    ] as const) {
      const page = await first.page(file);
      const url = page.querySelector('meta[property="og:image"]')!.getAttribute("content")!;
      expect(page.querySelector('meta[name="twitter:image"]')!.getAttribute("content")).toBe(url);
      expect(url).toMatch(new RegExp(`^https://[^/]+/assets/og-image\\.${locale}\\.[0-9a-f]{10}\\.png$`));
      if (urls.has(locale)) expect(urls.get(locale)).toBe(url);
      urls.set(locale, url);
      const alt = page.querySelector('meta[property="og:image:alt"]')!.getAttribute("content")!;
      expect(alt).toContain(
        page.querySelector("html")!.getAttribute("lang") === "de" ? "Verkaufstraining" : "Sales Training",
      );
      const metadata = await sharp(path.join(first.outDir, new URL(url).pathname)).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(["png", 1200, 630]);
    }
    expect(urls.get("en")).not.toBe(urls.get("de"));
  });
});

describe("the hero photo", () => {
  it("is fetched first: fetchpriority high, not lazy, and no preload link", async () => {
    const project = await copyProject({ cache: "empty" });
    await addImages(
      project,
      { "dike.jpg": await makePhoto(1920, 1080) },
      "hero:\n  file: dike.jpg\n  alt:\n    en: Horses on the dike at dawn\n    de: Pferde im Morgenlicht auf dem Deich\n",
    );
    const { page, report: watched } = await buildInto(project, { mode: "watch" });
    expect(watched.images).toEqual({ encoded: 5, reused: 0 });
    const home = await page("index.html");
    const [hero] = pictures(home);
    expect(hero!.img).toMatchObject({ fetchpriority: "high", alt: "Horses on the dike at dawn" });
    expect(hero!.img.loading).toBeUndefined();
    expect(home.querySelector(".hero svg.landscape")).toBeNull();
    expect(home.querySelectorAll('link[rel~="preload"]')).toHaveLength(0);
    // watch encodes WebP only: one format, nothing else to choose from.
    expect(hero!.sources).toEqual([]);
    expect(hero!.img.src).toMatch(/\.webp$/);
    await rm(project, { recursive: true, force: true });
  });
});

describe("--base-path", () => {
  it("applies to every image URL: slots, markdown images and the Open Graph card", async () => {
    const { page } = await buildInto(root, { basePath: "/ranch/" });
    for (const file of ["ranch/about-me/index.html", "ranch/training-details/index.html"].map((name) =>
      name.replace(/^ranch\//, ""),
    )) {
      const [picture] = pictures(await page(file));
      const urls = [
        picture!.img.src!,
        ...candidates(picture!.img.srcset!).map((candidate) => candidate.url),
        ...picture!.sources.flatMap((source) => candidates(source.srcset!).map((candidate) => candidate.url)),
      ];
      for (const url of urls) expect(url).toMatch(/^\/ranch\/assets\/images\//);
    }
    expect((await page("index.html")).querySelector('meta[property="og:image"]')!.getAttribute("content")).toMatch(
      /^https:\/\/[^/]+\/ranch\/assets\/og-image\.en\./,
    );
  });
});

describe("an editor's mistakes", () => {
  /** The lines a failed check prints, for a project changed by `change`. */
  async function checkMessages(change: (project: string) => Promise<void>): Promise<string[]> {
    const project = await copyProject();
    try {
      await change(project);
      await build(resolveConfig({ root: project }), new MemoryWriter());
      return [];
    } catch (error) {
      if (!(error instanceof ContentErrors)) throw error;
      return error.errors.map((problem) => `${problem.message}\n  hint: ${problem.hint}`);
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  }

  it("a photo without alt text in one language", async () => {
    const messages = await checkMessages(async (project) =>
      addImages(
        project,
        { "portrait.jpg": await makePhoto(1000, 1250) },
        "trainer:\n  file: portrait.jpg\n  alt:\n    en: Katrin Jessen at the paddock gate\n",
      ),
    );
    expect(messages).toEqual([
      'content/images/images.yaml:4:5: The photo "trainer" has no alternative text in "de"\n  hint: Add `de: …` under `alt:`: one sentence saying what the photo shows, for visitors who cannot see it.',
    ]);
  });

  it("a photo whose file is missing", async () => {
    const messages = await checkMessages(async (project) =>
      addImages(
        project,
        { "portrait.jpg": await makePhoto(1000, 1250) },
        manifest.replace("portrait.jpg", "portriat.jpg"),
      ),
    );
    expect(messages).toEqual([
      "content/images/images.yaml:2:9: content/images/portriat.jpg does not exist\n  hint: Put the photo into content/images/ or fix the name; the folder holds portrait.jpg.",
    ]);
  });

  it("a photo smaller than the slot's largest width", async () => {
    const messages = await checkMessages(async (project) =>
      addImages(project, { "portrait.jpg": await makePhoto(800, 1000) }, manifest),
    );
    expect(messages).toEqual([
      'content/images/images.yaml:2:9: content/images/portrait.jpg is 800 px wide; the "trainer" slot needs at least 960 px\n  hint: Use the original photo from the camera or phone, not a smaller copy: images are never enlarged.',
    ]);
  });

  it("a key the Open Graph card asks for that no dictionary defines, located in its template", async () => {
    const messages = await checkMessages((project) =>
      editFile(project, "templates/OpenGraphImage.tsx", '{t("hero.eyebrow")}', '{t("hero.cardLine")}'),
    );
    expect(messages).toEqual([
      expect.stringMatching(
        /^templates\/OpenGraphImage\.tsx:\d+:\d+: The translation key "hero\.cardLine" is not defined in any dictionary\n/,
      ),
    ]);
  });

  it("a slot the pages do not have", async () => {
    const messages = await checkMessages(async (project) =>
      addImages(project, { "portrait.jpg": await makePhoto(1000, 1250) }, manifest.replace("trainer:", "trainor:")),
    );
    expect(messages[0]).toMatch(
      /^content\/images\/images\.yaml:1:1: There is no photo slot "trainor"\n  hint: The pages have these slots: hero, animals, trainer, group\./,
    );
  });

  it("markdown images: no alt text, a missing file, a photo too small, a photo from another site", async () => {
    const body = [
      "![](../images/small.jpg)",
      "![Dike](../images/nothing.jpg)",
      "Text before ![Dike](../images/small.jpg)",
      "![Dike](https://example.com/dike.jpg)",
    ].join("\n\n");
    const messages = await checkMessages(async (project) => {
      await addImages(project, { "small.jpg": await makePhoto(1000, 700) });
      for (const locale of ["en", "de"]) {
        await writeFile(
          path.join(project, `content/pages/photos.${locale}.md`),
          `---\ntitle: Photos\ndescription: Photos of the ranch.\nlead: The ranch.\n---\n${body}\n`,
        );
      }
    });
    expect(messages.filter((message) => message.startsWith("content/pages/photos.de.md"))).toHaveLength(4);
    expect(
      messages
        .filter((message) => message.startsWith("content/pages/photos.en.md"))
        .map((message) => message.split("\n")[0]),
    ).toEqual([
      "content/pages/photos.en.md:6:1: The image has no alternative text",
      "content/pages/photos.en.md:8:1: content/images/nothing.jpg does not exist",
      "content/pages/photos.en.md:10:13: content/images/small.jpg is 1000 px wide; an image in a page needs at least 1440 px",
      "content/pages/photos.en.md:12:1: Images from other sites are not allowed: loading one would contact a third party before consent",
    ]);
  });
});

describe("the encoder", () => {
  it("turns a camera photo upright, drops its metadata (GPS included) and keeps the placeholder colour", async () => {
    const project = await mkdtemp(path.join(os.tmpdir(), "ranch-exif-"));
    try {
      // Stored sideways, as cameras do: 1250 × 1000 pixels with "rotate 90°" (orientation 6) and a GPS position.
      const sideways = await sharp(await makePhoto(1250, 1000, [200, 80, 40]))
        .withMetadata({ orientation: 6 })
        .withExifMerge({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "54/1 37/1 11/1" } })
        .jpeg()
        .toBuffer();
      expect((await sharp(sideways).metadata()).exif).toBeDefined();
      await addImages(project, { "upright.jpg": sideways });
      const store = new ImageStore(path.join(project, "cache"));
      const { value: catalogue, problems } = await loadImages(project, ["en", "de"], store);
      expect(problems).toEqual([]);
      const source = catalogue.sources.get("content/images/upright.jpg")!;
      expect([source.width, source.height]).toEqual([1000, 1250]);
      expect(source.tone).toMatch(/^#[0-9a-f]{6}$/);
      const plan = planImage(source, [400], ["webp", "jpeg"], (file) => `/${file}`);
      const { files } = await runEncodeJobs(plan.variants.map(variantJob), store);
      for (const file of files) {
        const metadata = await sharp(file.contents).metadata();
        expect([metadata.width, metadata.height]).toEqual([400, 500]);
        expect(metadata.exif).toBeUndefined();
        expect(metadata.orientation).toBeUndefined();
      }
      expect(plan.picture("Upright")).toMatchObject({
        width: 400,
        height: 500,
        alt: "Upright",
        sources: [{ type: "image/webp" }],
      });
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  });
});

describe("the Open Graph card", () => {
  /** The right edge of the title: the last column where the card changes when the title is left out. */
  async function titleRightEdge(svg: string): Promise<number> {
    const raw = (source: string) => sharp(Buffer.from(source)).removeAlpha().raw().toBuffer();
    const [withTitle, without] = await Promise.all([raw(svg), raw(svg.replace('fill="#1f3327"', 'fill="none"'))]);
    let edge = 0;
    for (let offset = 0; offset < withTitle.length; offset++)
      if (withTitle[offset] !== without[offset]) edge = Math.max(edge, Math.floor(offset / 3) % 1200);
    return edge;
  }

  it("keeps the title on the light side of the card in both languages, long titles included", async () => {
    const content = await loadContent(resolveConfig({ root: projectRoot }));
    const templates = await loadTemplates(projectRoot, templateFiles(sitePages(content)));
    const long = "Vertriebsprofessionalisierungsintensivseminar für Führungskräfte an der nordfriesischen Küste";
    for (const locale of content.locales) {
      const titled = (title: string) => ({
        ...content,
        locales: [
          {
            ...locale,
            dictionary: new Map([
              ...locale.dictionary,
              ["hero.title", { ...locale.dictionary.get("hero.title")!, text: title }],
            ]),
          },
        ],
      });
      for (const title of [locale.dictionary.get("hero.title")!.text, long]) {
        const { svgs, missing } = renderOpenGraphSvgs(titled(title), templates.module);
        expect(missing).toEqual([]);
        const edge = await titleRightEdge(svgs.get(locale.locale)!);
        expect(edge, `${locale.locale}: "${title}"`).toBeGreaterThan(300);
        expect(edge, `${locale.locale}: "${title}"`).toBeLessThan(800);
      }
    }
  });
});
