import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../support/site.ts";

/**
 * A copy of the whole package with its own node_modules/ (links to the real packages) and so its own
 * cache folder: the compiled CLI of this copy is independent of the repository's.
 */
async function copyPackage(): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), "ranch-package-"));
  await Promise.all(
    [
      "bin",
      "generator",
      "model",
      "templates",
      "content",
      "public",
      "package.json",
      "package-lock.json",
      "tsconfig.json",
    ].map((entry) => cp(path.join(projectRoot, entry), path.join(root, entry), { recursive: true })),
  );
  await mkdir(path.join(root, "node_modules"));
  const packages = (await readdir(path.join(projectRoot, "node_modules"))).filter((name) => !name.startsWith("."));
  await Promise.all(
    packages.map((name) =>
      symlink(path.join(projectRoot, "node_modules", name), path.join(root, "node_modules", name)),
    ),
  );
  return root;
}

function run(
  root: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, "bin/ranch-site.js"), ...args],
      { cwd: root, env },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

let root: string;

beforeAll(async () => {
  root = await copyPackage();
});

describe("the precompiled CLI", () => {
  it("is compiled by the prepare script, and the launcher runs it without recompiling", async () => {
    const prepare = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [path.join(root, "bin/cli-bundle.js")], { cwd: root }, (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      ),
    );
    expect(prepare).toMatch(
      /^ranch-site: compiled the CLI into node_modules\/\.cache\/ranch-site\/cli\/ranch-site\.cjs/,
    );
    const bundle = await readFile(path.join(root, "node_modules/.cache/ranch-site/cli/ranch-site.cjs"), "utf8");
    expect(bundle).not.toMatch(/from "tsx|\btsx\/esm/);

    const { code, stdout, stderr } = await run(root, ["check"]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Checked 26 pages: no problems\.$/m);
  });

  it("takes an edit of its TypeScript sources on the next run, saying so in one line", async () => {
    const file = path.join(root, "bin/ranch-site.ts");
    const source = await readFile(file, "utf8");
    await writeFile(file, source.replace(': "no problems";', ': "no problems at all";'));
    const { code, stdout, stderr } = await run(root, ["check"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Checked 26 pages: no problems at all\.$/m);
    expect(stderr).toMatch(/^ranch-site: bin\/ranch-site\.ts changed, recompiled the CLI in \d+ ms\n$/);

    const again = await run(root, ["check"]);
    expect(again.stderr).toBe("");
  });

  it("names the place of a syntax error in its own sources in one line, and exits 1", async () => {
    const file = path.join(root, "generator/i18n.ts");
    const source = await readFile(file, "utf8");
    await writeFile(file, `${source}\nexport const broken: number = ;\n`);
    const { code, stdout, stderr } = await run(root, ["check"]);
    await writeFile(file, source);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/^ranch-site: cannot compile the CLI: generator\/i18n\.ts:\d+:\d+: Unexpected ";"\n$/);

    const fixed = await run(root, ["check"]);
    expect(fixed.code).toBe(0);
  });

  it("compiles from V8's code cache, and ignores a damaged cache or one of another bundle", async () => {
    const cache = path.join(root, "node_modules/.cache/ranch-site/cli/ranch-site.cjs.code-cache");
    const checks = async () => {
      const { code, stdout, stderr } = await run(root, ["check"]);
      expect(stderr).toBe("");
      expect(code).toBe(0);
      expect(stdout).toMatch(/^Checked 26 pages/m);
    };
    /** The bundle the cache was made from (its SHA-256, after the tag), and whether the file is unchanged since `than`. */
    const madeFrom = async () => (await readFile(cache)).subarray(24, 56).toString("hex");
    const unchanged = async (than: Buffer) => (await readFile(cache)).equals(than);

    await checks();
    const made = await readFile(cache);
    expect(made.subarray(0, 24).toString()).toBe("ranch-site-code-cache/1\n");
    // A run that used the cache leaves it as it is.
    await checks();
    expect(await unchanged(made)).toBe(true);

    // Damaged V8 data is not handed to V8 (release builds do not check it): the run compiles afresh and
    // writes a new cache, which the next run uses.
    const damaged = Buffer.from(made);
    for (let at = made.length - 4096; at < made.length; at++) damaged[at] = damaged[at]! ^ 0xff;
    await writeFile(cache, damaged);
    await checks();
    expect(await unchanged(damaged)).toBe(false);
    const rewritten = await readFile(cache);
    await checks();
    expect(await unchanged(rewritten)).toBe(true);

    // A cache made from another bundle (an edited source) is not used for this one, and is replaced.
    const file = path.join(root, "generator/i18n.ts");
    const source = await readFile(file, "utf8");
    const before = await madeFrom();
    await writeFile(file, `${source}\nif (process.env.RANCH_SITE_EDITED) console.log("edited");\n`);
    try {
      await run(root, ["check"]);
      expect(await madeFrom()).not.toBe(before);
    } finally {
      await writeFile(file, source);
    }
  });

  it("refuses a link in place of its cache folder before anything is read or written through it", async () => {
    const cache = path.join(root, "node_modules/.cache/ranch-site");
    const moved = `${cache}.moved`;
    const elsewhere = await mkdtemp(path.join(os.tmpdir(), "ranch-elsewhere-"));
    await rename(cache, moved);
    await symlink(elsewhere, cache);
    try {
      const { code, stdout, stderr } = await run(root, ["build", "--out", path.join(root, "dist")]);
      expect(code).toBe(1);
      expect(stdout).toBe("");
      expect(stderr).toBe(
        `${cache}: ranch-site's cache folder is not a plain folder\n  hint: Delete it; the next run makes a new one.\n`,
      );
      expect(await readdir(elsewhere)).toEqual([]);
    } finally {
      await rm(cache);
      await rename(moved, cache);
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it("does not load esprima, with which js-yaml would read YAML that runs code", async () => {
    // Node's module debug log names every file it loads.
    const { code, stderr } = await run(root, ["check"], { ...process.env, NODE_DEBUG: "module" });
    expect(code).toBe(0);
    expect(stderr).toMatch(/react-dom/);
    expect(stderr).not.toMatch(/esprima/);
  });
});
