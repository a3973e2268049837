/** A missing translation key in `watch` is shown in the browser as well as in the terminal, and goes away when fixed. */
import { afterAll, beforeAll, expect, it } from "vitest";
import { copyProject, editFile } from "../support/project.ts";
import { startWatch, type WatchProcess } from "../support/watch.ts";

let root: string;
let watch: WatchProcess;

beforeAll(async () => {
  root = await copyProject();
  watch = await startWatch(root);
});

afterAll(() => watch?.stop());

it("shows a missing-key warning in the page, located in the template, until the next good save", async () => {
  const page = async () => (await fetch(`${watch.origin}/references/`)).text();
  let from = watch.lines.length;
  await editFile(root, "templates/pages/References.tsx", 't("references.events")', 't("references.eventsLine")');
  await watch.waitFor(/: rebuilt \d+ pages in \d+ ms$/, from);
  const warning = await watch.waitFor(/^ {2}warning: /, from);
  expect(watch.lines[warning]).toMatch(
    /templates\/pages\/References\.tsx:\d+:\d+: The translation key "references\.eventsLine"/,
  );
  const html = await page();
  expect(html).toContain("data-build-warnings");
  expect(html).toMatch(
    /warning: templates\/pages\/References\.tsx:\d+:\d+: The translation key &#34;references\.eventsLine&#34; is not defined/,
  );

  from = watch.lines.length;
  await editFile(root, "templates/pages/References.tsx", 't("references.eventsLine")', 't("references.events")');
  await watch.waitFor(/: rebuilt \d+ pages in \d+ ms$/, from);
  expect(await page()).not.toContain("data-build-warnings");
});
