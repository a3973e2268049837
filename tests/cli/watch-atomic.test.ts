import { open, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaults } from "../../generator/index.ts";
import { copyProject } from "../support/project.ts";
import { startWatch, type WatchProcess } from "../support/watch.ts";

/**
 * `watch` on file system events (no polling, as editors meet it) rebuilds a few milliseconds after a
 * save. Each way an editor saves must end in the page showing the saved text, with no failed build on
 * the way: not a missing file during a rename, not a half-written file.
 */
let root: string;
let watch: WatchProcess;
const page = "content/pages/about-me.en.md";
const output = () => path.join(root, defaults.outDir, "about-me/index.html");
let original: string;

beforeAll(async () => {
  root = await copyProject();
  watch = await startWatch(root, [], { poll: false });
  original = await readFile(path.join(root, page), "utf8");
});

afterAll(async () => {
  await watch?.stop();
});

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/**
 * Waits until the page on disk shows `marker`. A failed build on the way has said so by then: builds run
 * one at a time, and each reports before the next one writes.
 */
async function shows(marker: string) {
  const started = Date.now();
  while (!(await readFile(output(), "utf8").catch(() => "")).includes(marker)) {
    if (Date.now() - started > 20_000) throw new Error(`the page never showed ${marker}:\n${watch.lines.join("\n")}`);
    await pause(10);
  }
}

const text = (marker: string) => `${original}\n${marker} was saved.\n`;
const failures = () => watch.lines.filter((line) => /build failed/.test(line));

describe("watch and editors' saves", () => {
  it("takes a save written to a temporary file and renamed over the page (JetBrains, Sublime)", async () => {
    for (let round = 0; round < 3; round++) {
      const marker = `Renamed${round}`;
      const temporary = path.join(root, `${page}___jb_tmp___`);
      await writeFile(temporary, text(marker));
      await rename(temporary, path.join(root, page));
      await shows(marker);
    }
    expect(failures()).toEqual([]);
  });

  it("takes a save that moves the page to a backup, writes it anew and deletes the backup (vim)", async () => {
    for (let round = 0; round < 3; round++) {
      const marker = `Backup${round}`;
      const backup = path.join(root, `${page}~`);
      await rename(path.join(root, page), backup);
      await writeFile(path.join(root, page), text(marker));
      await rm(backup);
      await shows(marker);
    }
    expect(failures()).toEqual([]);
  });

  it("takes a save written in two parts, the second after the rebuild of the first has begun", async () => {
    for (let round = 0; round < 3; round++) {
      const marker = `Second${round}`;
      const full = text(`First${round}`) + `${marker} ends the page.\n`;
      const middle = full.indexOf(`First${round}`);
      const file = await open(path.join(root, page), "w");
      await file.write(full.slice(0, middle));
      // Later than the debounce, within the 50 ms in which chokidar drops further changes of the file.
      await pause(25);
      await file.write(full.slice(middle));
      await file.close();
      await shows(marker);
    }
    expect(failures()).toEqual([]);
  });

  it("is alive and serves the last save after all of them", async () => {
    expect(watch.child.exitCode).toBeNull();
    // Typography binds the figure to the word after it ("Second2\u00a0ends").
    expect(await readFile(output(), "utf8")).toMatch(/Second2\u00a0ends the page\./);
  });
});
