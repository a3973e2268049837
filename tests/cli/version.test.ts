/** `ranch-site --version` names the commit in a clone of its own, and is the plain version elsewhere (bin/version.ts). */
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { versionLine } from "../../bin/version.ts";
import packageJson from "../../package.json" with { type: "json" };
import { runCli } from "../support/project.ts";
import { projectRoot } from "../support/site.ts";

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.com", ...args], {
    cwd,
    encoding: "utf8",
  }).trim();

it("names the commit in a clone, says when files were changed since, and is plain without one", async () => {
  const clone = await mkdtemp(path.join(os.tmpdir(), "ranch-version-"));
  expect(versionLine("0.1.0", clone)).toBe("0.1.0");
  git(clone, "init", "-q");
  await writeFile(path.join(clone, "package.json"), "{}\n");
  git(clone, "add", "package.json");
  git(clone, "commit", "-q", "-m", "first");
  const commit = git(clone, "rev-parse", "--short", "HEAD");
  expect(versionLine("0.1.0", clone)).toBe(`0.1.0 (${commit})`);
  await writeFile(path.join(clone, "package.json"), '{ "changed": true }\n');
  expect(versionLine("0.1.0", clone)).toBe(`0.1.0 (${commit}, modified)`);
  // Installed into another project's repository: that repository's commit is not ours to name.
  const installed = path.join(clone, "node_modules/ranch-site");
  await mkdir(installed, { recursive: true });
  expect(versionLine("0.1.0", installed)).toBe("0.1.0");
});

it("the real bin prints it: this checkout's version, and its commit when it is a clone", async () => {
  const { code, stdout } = await runCli(["--version"]);
  expect(code).toBe(0);
  const version = packageJson.version.replaceAll(".", "\\.");
  let commit: string | undefined;
  try {
    commit = git(projectRoot, "rev-parse", "--short", "HEAD");
  } catch {
    commit = undefined; // a copy without git: the plain version
  }
  expect(stdout).toMatch(new RegExp(commit ? `^${version} \\(${commit}(, modified)?\\)\n$` : `^${version}\n$`));
});
