/**
 * Warnings in `watch`: a missing translation key, and the content warnings `check` gives, are shown in the
 * terminal when they come and when they go, never again while they stay, and in the page as long as they stay.
 */
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
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

it("tells of a new page's content warnings once, as check words them, and lists them in the page until they go", async () => {
  const page = async (urlPath: string) => (await fetch(`${watch.origin}${urlPath}`)).text();
  const rebuilt = /: rebuilt \d+ pages in \d+ ms$/;
  const from = watch.lines.length;
  // A page in both languages that nothing links to, its German never marked as reviewed.
  const agenda = (language: string, title: string) =>
    writeFile(
      path.join(root, `content/pages/agenda.${language}.md`),
      `---\ntitle: ${title}\ndescription: ${title} of the three days.\nlead: ${title}.\n---\n${title}: day one starts at nine.\n`,
    );
  await agenda("de", "Ablauf");
  await agenda("en", "Agenda");
  const counted = await watch.waitFor(/^3 warnings\.$/, from);
  const told = watch.lines.slice(from, counted + 1);
  expect(told).toContain("content/pages/agenda.en.md:1:1: warning: No page links to /agenda/: visitors cannot find it");
  expect(told).toContain(
    "  hint: Link to it from another page, as [Agenda](/agenda/) in markdown, or add it to the navigation or the footer.",
  );
  expect(told).toContain(
    "content/pages/agenda.de.md:1:1: warning: No page links to /de/agenda/: visitors cannot find it",
  );
  expect(told).toContainEqual(
    expect.stringMatching(
      /^content\/pages\/agenda\.de\.md:\d+:\d+: warning: This translation was never marked as reviewed/,
    ),
  );
  const opened = await page("/agenda/");
  expect(opened).toMatch(/<details open><summary>3 warnings<\/summary>/);
  expect(opened).toContain("content/pages/agenda.en.md:1:1: warning: No page links to /agenda/");

  // A save that changes no warning: its status line and nothing more; the page folds them.
  const again = watch.lines.length;
  await editFile(root, "content/pages/agenda.en.md", "day one", "the first day");
  const quiet = await watch.waitFor(rebuilt, again);
  expect(await page("/agenda/")).toMatch(/<details><summary>3 warnings<\/summary>/);

  // The page deleted: every warning fixed, said once, and the panel gone.
  await rm(path.join(root, "content/pages/agenda.en.md"));
  await rm(path.join(root, "content/pages/agenda.de.md"));
  const fixed = await watch.waitFor(/^No warnings left\.$/, quiet + 1);
  // Nothing was told again between the quiet save and the deletion (a build that failed half way may come between).
  expect(watch.lines.slice(quiet + 1, fixed).filter((line) => /warning:/.test(line))).toEqual([]);
  expect(await page("/")).not.toContain("data-build-warnings");
});
