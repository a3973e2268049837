/** A page an editor added but nothing links to is a warning in each language, until a link leads to it. */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { markTranslationsReviewed, resolveConfig } from "../../generator/index.ts";
import { copyProject, editFile, runCli } from "../support/project.ts";

/** `translations reviewed <name>` in-process: the step is needed here, its output is tested in translations.test.ts. */
const markReviewed = (root: string, name: string) => markTranslationsReviewed(resolveConfig({ root }), [name], false);

it("check warns about a page nothing links to, in each language, until another page links to it", async () => {
  const root = await copyProject();
  const page = (title: string, text: string) =>
    `---\ntitle: ${title}\ndescription: ${text}\nlead: ${text}\n---\n${text}\n`;
  await writeFile(
    path.join(root, "content/pages/seminars.en.md"),
    page("Questions", "What people ask us about the training."),
  );
  await writeFile(path.join(root, "content/pages/seminars.de.md"), page("Fragen", "Was man uns zum Training fragt."));
  await markReviewed(root, "pages/seminars");

  const unlinked = await runCli(["check", "--root", root]);
  expect(unlinked.code).toBe(0);
  expect(unlinked.stderr.split("\n")).toEqual([
    "content/pages/seminars.de.md:1:1: warning: No page links to /de/seminars/: visitors cannot find it",
    "  hint: Link to it from another page, as [Fragen](/de/seminars/) in markdown, or add it to the navigation or the footer.",
    "content/pages/seminars.en.md:1:1: warning: No page links to /seminars/: visitors cannot find it",
    "  hint: Link to it from another page, as [Questions](/seminars/) in markdown, or add it to the navigation or the footer.",
    "2 warnings.",
    "",
  ]);

  await editFile(
    root,
    "content/pages/training-details.en.md",
    "\n## ",
    "\nSee also the [questions](/seminars/) others asked.\n\n## ",
  );
  await editFile(
    root,
    "content/pages/training-details.de.md",
    "\n## ",
    "\nSiehe auch die [Fragen](/de/seminars/), die andere gestellt haben.\n\n## ",
  );
  await markReviewed(root, "pages/training-details");
  expect(await runCli(["check", "--root", root, "--strict"])).toMatchObject({ code: 0, stderr: "" });
});
