/**
 * `watch` rebuilds for the files a build reads, not for the temp files of an atomic save: neither its own
 * (`content/.translations.lock.yaml.<pid>.<hex>.tmp`) nor the web editor's (`.about-me.de.md.<hex>.saving`),
 * made here by the very functions that make them. Each save still rebuilds once, named after the saved file.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { replaceFile } from "../../generator/io/atomic.ts";
import { writeInside } from "../../generator/editor/safe-paths.ts";
import { copyProject, editFile } from "../support/project.ts";
import { startWatch, type WatchProcess } from "../support/watch.ts";

let root: string;
let watch: WatchProcess;

beforeAll(async () => {
  root = await copyProject();
  // File system events, as an editor's machine gives them: each event is seen as it happens.
  watch = await startWatch(root, [], { poll: false });
});

afterAll(() => watch?.stop());

/** The file the next rebuild after line `from` is named after, and that line's index. */
async function nextRebuild(from: number): Promise<[string, number]> {
  const at = await watch.waitFor(/: rebuilt \d+ pages in \d+ ms$/, from);
  return [watch.lines[at]!.split(": rebuilt ")[0]!, at];
}

it("rebuilds once for a save through a temp file, and never for a temp file alone", async () => {
  const from = watch.lines.length;
  // Temp files left behind, as a save that was refused or killed half way leaves them.
  await writeFile(path.join(root, "content/pages/.about-me.de.md.0a1b2c3d4e5f.saving"), "half a page");
  await writeFile(path.join(root, "content/.translations.lock.yaml.4711.0a1b2c3d.tmp"), "half a lock");

  // The web editor's save: a temp file beside the page, renamed over it.
  const page = "content/pages/about-me.en.md";
  const text = await readFile(path.join(root, page), "utf8");
  await writeInside(root, page, `${text}\nSaved through the editor.\n`);
  const [first, after] = await nextRebuild(from);
  expect(first).toBe(page);

  // ranch-site's own atomic write (as `translations reviewed` makes it) of the translations' lock file.
  const lock = "content/translations.lock.yaml";
  await replaceFile(path.join(root, lock), `${await readFile(path.join(root, lock), "utf8")}# reviewed\n`);
  const [second, later] = await nextRebuild(after + 1);
  expect(second).toBe(lock);

  // A plain save after them all, two rebuilds after the temp files' last event (chokidar holds the editor's
  // temp file's deletion back 100 ms, in case it comes back): no rebuild comes between.
  const dictionary = "content/i18n/en.yaml";
  await editFile(root, dictionary, "loading: Loading...", "loading: Loading…");
  const [third, last] = await nextRebuild(later + 1);
  expect(third).toBe(dictionary);
  expect(watch.lines.slice(from, last + 1).join("\n")).not.toMatch(/\.saving|\.tmp\b/);
});
