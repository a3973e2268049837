import { cp } from "node:fs/promises";
import path from "node:path";
import { copyProject, editFile, runCli } from "./project.ts";
import { projectRoot } from "./site.ts";

/** The Danish layer (tests/fixtures/three-languages/README.md): the files Danish adds to the project. */
const fixture = path.join(projectRoot, "tests/fixtures/three-languages");

/**
 * A copy of the project in three languages, en, de and da: the fixture's Danish files laid over it and the line of
 * the README's step 1 in site.yaml. Its translations are marked reviewed as after a full review (README,
 * "Translations stay in step"), so `check` on it says what is wrong and not what is merely unreviewed.
 */
export async function threeLanguageProject(): Promise<string> {
  const root = await copyProject();
  await cp(path.join(fixture, "content"), path.join(root, "content"), { recursive: true });
  await editFile(root, "content/site.yaml", "  - code: de\n", "  - code: de\n  - code: da\n");
  const reviewed = await runCli(["translations", "reviewed", "--all", "--root", root]);
  if (reviewed.code !== 0) throw new Error(`translations reviewed --all failed:\n${reviewed.stderr}`);
  return root;
}
