/**
 * Translation health as an editor meets it: a changed English sentence makes its German translation
 * stale (both positions shown) until it is marked reviewed; a German text copied from English is
 * flagged unless marked `# same`; a key no template reads is flagged. Warnings never fail `build` or
 * `check`; `check --strict` fails on them.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { markTranslationsReviewed, resolveConfig } from "../../generator/index.ts";
import { copyProject, editFile, runCli } from "../support/project.ts";

const check = (root: string, ...flags: string[]) => runCli(["check", "--root", root, ...flags]);
/** The 1-based line of the first line of `text` that starts with `start`. */
const lineOf = (text: string, start: string) => text.split("\n").findIndex((line) => line.startsWith(start)) + 1;
/** `translations reviewed <name>` in-process, where a test only needs it done (the first test runs the real command). */
const markReviewed = (root: string, name: string) => markTranslationsReviewed(resolveConfig({ root }), [name], false);

// Ten runs of the real bin in the first test: on a busy two-core machine that takes minutes, not seconds.
describe("stale translations", () => {
  it("a changed English sentence makes the German one stale until it is marked reviewed", async () => {
    const root = await copyProject();
    const lockBefore = await readFile(path.join(root, "content/translations.lock.yaml"), "utf8");
    expect((await check(root, "--strict")).code).toBe(0);

    await editFile(
      root,
      "content/i18n/en.yaml",
      "  title: Professional Sales Training",
      "  title: Hands-on Sales Training",
    );
    await editFile(
      root,
      "content/pages/about-me.en.md",
      "Good selling is a craft, not a personality trait.",
      "Selling is a craft.",
    );
    // The German paragraph's line, read from the page (its front matter holds the German address).
    const germanLine = lineOf(
      await readFile(path.join(root, "content/pages/about-me.de.md"), "utf8"),
      "Gutes Verkaufen",
    );
    const stale = await check(root);
    expect(stale.code).toBe(0);
    expect(stale.stdout).toBe("Checked 26 pages: no errors, 2 warnings.\n");
    expect(stale.stderr.split("\n")).toEqual([
      'content/i18n/de.yaml:30:3: warning: "hero.title" may be out of date: the English text changed (content/i18n/en.yaml:29:3)',
      "  hint: Compare it with the English text and update it, then run: node bin/ranch-site.js translations reviewed hero.title",
      `content/pages/about-me.de.md:${germanLine}:1: warning: This translation may be out of date: the English text changed at content/pages/about-me.en.md:16 "Selling is a craft. It rests on four things:"`,
      "  hint: Compare this part with the English one and update it, then run: node bin/ranch-site.js translations reviewed pages/about-me",
      "2 warnings.",
      "",
    ]);
    const strict = await check(root, "--strict");
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/\ncheck --strict: 2 warnings count as errors\.\n$/);

    // A build is not stopped by warnings.
    const out = await mkdtemp(path.join(os.tmpdir(), "ranch-out-"));
    const build = await runCli(["build", "--root", root, "--out", path.join(out, "dist")]);
    expect(build.code).toBe(0);
    expect(build.stderr).toMatch(/^content\/i18n\/de\.yaml:30:3: warning: /);
    await rm(out, { recursive: true, force: true });

    const reviewed = await runCli(["translations", "reviewed", "hero.title", "--root", root]);
    expect(reviewed).toMatchObject({
      code: 0,
      stdout: "Marked as reviewed in content/translations.lock.yaml: hero.title.\n",
    });
    expect((await check(root)).stderr).not.toContain("hero.title");
    expect((await check(root, "--strict")).code).toBe(1);
    await markReviewed(root, "content/pages/about-me.de.md");
    expect(await check(root, "--strict")).toMatchObject({ code: 0, stderr: "" });

    // Only the reviewed entries changed in the lock.
    const lockAfter = await readFile(path.join(root, "content/translations.lock.yaml"), "utf8");
    const changed = lockAfter.split("\n").filter((line) => !lockBefore.split("\n").includes(line));
    expect(changed.map((line) => line.trim().split(":")[0])).toEqual(["hero.title", "pages/about-me"]);
  }, 240_000);

  it("the committed lock is as the command writes it: marking a current text reviewed changes no byte", async () => {
    // A key added by hand in the wrong place would move when the editor or the command next writes the lock,
    // and a review of one text would then show as a change of two.
    const root = await copyProject();
    const lock = path.join(root, "content/translations.lock.yaml");
    const before = await readFile(lock, "utf8");
    await markTranslationsReviewed(resolveConfig({ root }), ["skipLink"], false);
    expect(await readFile(lock, "utf8")).toBe(before);
  });

  it("refuses a name that is neither a key nor a page", async () => {
    const root = await copyProject();
    const result = await runCli(["translations", "reviewed", "hero.titel", "--root", root]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^"hero\.titel" is neither a key of the dictionaries nor a page or testimonial/);
  });
});

describe("untranslated and unused texts", () => {
  it("a German text copied from English is a warning, unless its line ends with # same", async () => {
    const root = await copyProject();
    await editFile(root, "content/i18n/de.yaml", "  aboutMe: Über mich", "  aboutMe: About Me");
    const copied = await check(root);
    expect(copied.stderr.split("\n").slice(0, 2)).toEqual([
      'content/i18n/de.yaml:20:3: warning: "nav.aboutMe" is the same as in content/i18n/en.yaml: is it translated?',
      "  hint: Translate it, or, where it is meant to be the same (a brand name), end the line with the comment  # same",
    ]);
    await editFile(
      root,
      "content/i18n/de.yaml",
      "  aboutMe: About Me",
      "  aboutMe: About Me # same: the page's English name",
    );
    expect((await check(root)).stderr).not.toContain("is the same as");
  });

  it("a key no template reads is a warning at its place in the English dictionary", async () => {
    const root = await copyProject();
    await editFile(root, "content/i18n/en.yaml", "  aboutMe: About Me", "  aboutMe: About Me\n  unused: Questions");
    await editFile(root, "content/i18n/de.yaml", "  aboutMe: Über mich", "  aboutMe: Über mich\n  unused: Fragen");
    await markReviewed(root, "nav.unused");
    const unused = await check(root, "--strict");
    expect(unused.code).toBe(1);
    expect(unused.stderr.split("\n").slice(0, 2)).toEqual([
      'content/i18n/en.yaml:20:3: warning: No template reads "nav.unused"',
      "  hint: Delete it from every file in content/i18n/, or use it in a template.",
    ]);
  });
});
