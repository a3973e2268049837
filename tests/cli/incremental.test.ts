import { readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { build, resolveConfig, type SiteConfig } from "../../generator/index.ts";
import { BuildSession } from "../../generator/incremental.ts";
import { IncrementalWriter } from "../../generator/write/incremental-writer.ts";
import { copyProject } from "../support/project.ts";
import { hashTree as snapshot } from "../support/tree.ts";

/** A small deterministic random source, so a failing sequence can be replayed from its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value ^= value + Math.imul(value ^ (value >>> 7), 61 | value);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

let root: string;
let config: SiteConfig;

beforeAll(async () => {
  root = await copyProject();
  config = resolveConfig({ root, outDir: path.join(root, "dist"), mode: "watch" });
});

const read = (file: string) => readFile(path.join(root, file), "utf8");
const write = (file: string, text: string) => writeFile(path.join(root, file), text);

/** The edits an editor makes: each changes the sources and says what it did. */
function edits(pick: () => number) {
  const choose = <T>(items: T[]) => items[Math.floor(pick() * items.length)]!;
  const word = () =>
    choose(["Deich", "Weide", "Abschluss", "pipeline", "Rinder", "Nordsee", "Vertrieb"]) + Math.floor(pick() * 1000);
  const extraPages = async () =>
    (await readdir(path.join(root, "content/pages"))).filter(
      (name) => name.startsWith("extra-") && name.endsWith(".en.md"),
    );
  return [
    async () => {
      const file = `content/pages/${choose(["about-me", "pricing", "imprint", "training-details"])}.${choose(["en", "de"])}.md`;
      await write(file, `${await read(file)}\n${word()} in a new paragraph.\n`);
      return `edit ${file}`;
    },
    async () => {
      const locale = choose(["en", "de"]);
      const file = `content/i18n/${locale}.yaml`;
      const text = await read(file);
      const lines = text.split("\n");
      const candidates = lines.flatMap((line, index) =>
        /^\s+[\w-]+: [A-Za-zÄÖÜäöü][^{}#:]*$/.test(line) ? [index] : [],
      );
      const index = choose(candidates);
      lines[index] = `${lines[index]} ${word()}`;
      await write(file, lines.join("\n"));
      return `edit ${file}:${index + 1}`;
    },
    async () => {
      const testimonials = (await readdir(path.join(root, "content/testimonials"))).filter((name) =>
        name.endsWith(".md"),
      );
      const file = `content/testimonials/${choose(testimonials)}`;
      await write(file, `${await read(file)}\n${word()}.\n`);
      return `edit ${file}`;
    },
    async () => {
      const name = `extra-${word().toLowerCase()}`;
      for (const locale of ["en", "de"])
        await write(
          `content/pages/${name}.${locale}.md`,
          `---\ntitle: ${name}\ndescription: A page added while watching.\nlead: ${word()}\n---\nSome *text* of ${name}.\n`,
        );
      return `add ${name}`;
    },
    async () => {
      const pages = await extraPages();
      if (pages.length === 0) return "nothing to delete";
      const name = choose(pages).replace(/\.en\.md$/, "");
      for (const locale of ["en", "de"]) await rm(path.join(root, `content/pages/${name}.${locale}.md`));
      return `delete ${name}`;
    },
    async () => {
      const pages = await extraPages();
      if (pages.length === 0) return "nothing to rename";
      const name = choose(pages).replace(/\.en\.md$/, "");
      const renamed = `extra-renamed-${word().toLowerCase()}`;
      for (const locale of ["en", "de"])
        await rename(
          path.join(root, `content/pages/${name}.${locale}.md`),
          path.join(root, `content/pages/${renamed}.${locale}.md`),
        );
      return `rename ${name} → ${renamed}`;
    },
    async () => {
      const file = "templates/styles/base.css";
      await write(file, `${await read(file)}\n.x-${word()} { color: #123456; }\n`);
      return `edit ${file}`;
    },
    async () => {
      const file = "templates/components/Footer.tsx";
      const text = await read(file);
      await write(
        file,
        text.replace(/<footer([^>]*)>/, (match) => `${match}{/* ${word()} */}`),
      );
      return `edit ${file}`;
    },
  ];
}

describe("incremental rebuilds in a watch session", () => {
  it("end, after a random sequence of edits, renames and deletions, byte-identical to a clean build", async () => {
    const session = new BuildSession();
    const writer = new IncrementalWriter(config.outDir, root);
    await build(config, writer, session);
    const pick = random(20261123);
    const kinds = edits(pick);
    const done: string[] = [];
    for (let step = 0; step < 24; step++) {
      done.push(await kinds[Math.floor(pick() * kinds.length)]!());
      await build(config, writer, session);
      if (step % 6 === 5) {
        const clean = path.join(root, `clean-${step}`);
        await build({ ...config, outDir: clean, cache: false });
        expect(await snapshot(config.outDir), done.join("\n")).toEqual(await snapshot(clean));
      }
    }
  });

  it("re-renders only the routes that read what changed", async () => {
    const session = new BuildSession();
    const writer = new IncrementalWriter(path.join(root, "dist-narrow"), root);
    const narrow = { ...config, outDir: path.join(root, "dist-narrow") };
    const first = await build(narrow, writer, session);
    expect(session.rendered).toBe(first.pages);

    await build(narrow, writer, session);
    expect(session.rendered).toBe(0);
    expect(writer.changed).toEqual([]);

    await write("content/pages/imprint.de.md", `${await read("content/pages/imprint.de.md")}\nEin Satz mehr.\n`);
    await build(narrow, writer, session);
    expect(writer.changed).toEqual(["de/imprint/index.html"]);
    expect(session.rendered).toBeLessThanOrEqual(2);
  });

  it("agree with a cold and a cached build: three ways to the same bytes", async () => {
    const cold = path.join(root, "three-cold");
    await rm(path.join(root, "node_modules"), { recursive: true, force: true });
    await build({ ...config, outDir: cold });
    const cached = path.join(root, "three-cached");
    await build({ ...config, outDir: cached });
    expect(await snapshot(cached)).toEqual(await snapshot(cold));
    // The session of the first test saw every edit; one more build after a last edit, then compare.
    const session = new BuildSession();
    const incremental = path.join(root, "three-incremental");
    const writer = new IncrementalWriter(incremental, root);
    await build({ ...config, outDir: incremental }, writer, session);
    await write("content/i18n/en.yaml", `${await read("content/i18n/en.yaml")}`.replace(/\n$/, "\n"));
    await write("content/pages/pricing.en.md", `${await read("content/pages/pricing.en.md")}\nOne more line.\n`);
    await build({ ...config, outDir: incremental }, writer, session);
    await build({ ...config, outDir: cold });
    expect(await snapshot(incremental)).toEqual(await snapshot(cold));
  });
});
