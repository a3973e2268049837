/**
 * `watch` and a fact a text quotes but site.yaml does not set (design.md §11: no placeholder ever ships): the
 * owner switches the host to Netlify and saves, the terminal and the page's overlay say which fact is missing and
 * where it goes, the page stays the last good one (never "{hosting.company}"), and the next good save clears it.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { copyProject, editFile } from "../support/project.ts";
import { startWatch, type WatchProcess } from "../support/watch.ts";

let root: string;
let watch: WatchProcess;

beforeAll(async () => {
  root = await copyProject();
  watch = await startWatch(root);
});

afterAll(async () => {
  await watch?.stop();
});

const page = async (path: string) => (await fetch(`${watch.origin}${path}`)).text();

it("shows the missing fact in the terminal and the overlay, keeps the last good page, and recovers", async () => {
  let from = watch.lines.length;
  await editFile(root, "content/site.yaml", "\n  provider: github-pages\n", "\n  provider: netlify\n");
  const failed = await watch.waitFor(/: build failed$/, from);
  const refusal =
    /^content\/site\.yaml:\d+:\d+: hosting\.company is not set: .*; content\/pages\/privacy-policy\.en\.md:\d+:\d+ quotes it/;
  expect(watch.lines.slice(failed + 1)).toContainEqual(expect.stringMatching(refusal));

  const shown = await page("/de/privacy-policy/");
  expect(shown).toContain("data-build-error");
  expect(shown).toMatch(/hosting\.company is not set/);
  expect(shown).toContain("such as company: ");
  // The last good page: GitHub Pages' paragraph, no raw placeholder.
  expect(shown).toContain("GitHub, Inc.");
  expect(shown).not.toContain("{hosting.company}");

  from = watch.lines.length;
  await editFile(
    root,
    "content/site.yaml",
    "\n  provider: netlify\n",
    '\n  provider: netlify\n  company: "Netlify, Inc."\n  logDays: 30\n',
  );
  await watch.waitFor(/^content\/site\.yaml: rebuilt \d+ pages in \d+ ms$/, from);
  const rebuilt = await page("/de/privacy-policy/");
  expect(rebuilt).not.toContain("data-build-error");
  expect(rebuilt).toMatch(/nach 30[\s\u00a0]Tagen automatisch gelöscht/);
});
