/**
 * The deploy workflow follows site.yaml (design.md §11; issue 33, "The deploy workflow follows the configuration"):
 * its own `run:` steps, read from the clone's .github/workflows/deploy.yml and run in order as GitHub runs them
 * (`bash -e`, each step's `if:` and `env:`), on a fresh `git clone` of the project with `editor:` set and nothing
 * fetched by hand, build the site with /admin/ and hand dist/ to GitHub Pages; with another host, the same plan
 * publishes nothing on Pages and says who does. The clone holds what a push holds: the committed files, so a
 * change to the workflow is tested once it is committed.
 * The `uses:` steps are GitHub's own actions: checkout and setup-node have nothing to do here, configure-pages
 * answers with a project site's address, upload-pages-artifact is checked to find its folder.
 *
 * It installs from the npm registry as the runner does (npm's cache first: `prefer-offline`, the runner's
 * `cache: npm`), so it needs the registry or a warm cache.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { projectRoot } from "../support/site.ts";

const run = promisify(execFile);

interface Step {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface Job {
  if?: string;
  steps?: Step[];
}

interface Workflow {
  jobs: { build: Job; deploy: Job };
}
/** The clone's workflow, read once the clone exists. */
let workflow: Workflow;

/** What the workflow's expressions may read: the event, the outputs of the steps so far, the build job's outputs. */
interface Context {
  event: string;
  steps: Record<string, Record<string, string>>;
  needs?: Record<string, string>;
}

/**
 * The value of an expression of the kinds the workflow uses: `a == 'b'`, `a != 'b'` and `&&` of those, where `a`
 * is github.event_name, steps.<id>.outputs.<name> or needs.build.outputs.<name>. Anything else fails the test,
 * so a new kind of condition gets this evaluator's attention rather than a silent "true".
 */
function evaluate(expression: string, context: Context): boolean {
  return expression.split("&&").every((part) => {
    const match = /^\s*([\w.]+)\s*(==|!=)\s*'([^']*)'\s*$/.exec(part);
    if (!match) throw new Error(`The test cannot evaluate "${part.trim()}" of deploy.yml`);
    const [, name, operator, literal] = match as unknown as [string, string, string, string];
    return (value(name, context) === literal) === (operator === "==");
  });
}

function value(name: string, context: Context): string {
  if (name === "github.event_name") return context.event;
  const step = /^steps\.([\w-]+)\.outputs\.(\w+)$/.exec(name);
  if (step) return context.steps[step[1]!]?.[step[2]!] ?? "";
  const need = /^needs\.build\.outputs\.(\w+)$/.exec(name);
  if (need && context.needs) return context.needs[need[1]!] ?? "";
  throw new Error(`The test cannot read ${name} of deploy.yml`);
}

/** `${{ steps.pages.outputs.origin }}` in an env value, filled from the context. */
const filled = (text: string, context: Context) =>
  text.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_, name: string) => value(name, context));

/** What GitHub's `uses:` steps leave behind, as far as the following steps read it. */
const actions: Record<string, (step: Step, dir: string) => Promise<Record<string, string>>> = {
  "actions/checkout": async () => ({}),
  "actions/setup-node": async () => ({}),
  "actions/configure-pages": async () => ({ origin: "https://owner.github.io", base_path: "/ranch-site" }),
  "actions/upload-pages-artifact": async (step, dir) => {
    expect(existsSync(path.join(dir, step.with!["path"]!, "index.html"))).toBe(true);
    return {};
  },
};

interface Ran {
  names: string[];
  skipped: string[];
  summary: string;
  context: Context;
}

/** Runs the build job's steps in `dir` as GitHub would for a push to main; returns what ran and the outputs. */
async function runBuildJob(dir: string, only?: (step: Step) => boolean): Promise<Ran> {
  const context: Context = { event: "push", steps: {} };
  const files = path.join(dir, "..", "github");
  await mkdir(files, { recursive: true });
  const summaryFile = path.join(files, "summary.md");
  await writeFile(summaryFile, "");
  const ran: Ran = { names: [], skipped: [], summary: "", context };
  for (const [index, step] of workflow.jobs.build.steps!.entries()) {
    const name = step.name ?? step.run ?? step.uses!;
    if (only && !only(step)) continue;
    if (step.if && !evaluate(step.if, context)) {
      ran.skipped.push(name);
      continue;
    }
    ran.names.push(name);
    if (step.uses) {
      const action = Object.keys(actions).find((key) => step.uses!.startsWith(`${key}@`));
      if (!action) throw new Error(`The test does not know the action ${step.uses}`);
      const outputs = await actions[action]!(step, dir);
      if (step.id) context.steps[step.id] = outputs;
      continue;
    }
    const output = path.join(files, `output-${index}`);
    await writeFile(output, "");
    const script = path.join(files, `step-${index}.sh`);
    await writeFile(script, step.run!);
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([key, text]) => [key, filled(text, context)]));
    await run("bash", ["-e", script], {
      cwd: dir,
      maxBuffer: 64 * 1024 * 1024,
      env: {
        PATH: process.env["PATH"],
        HOME: process.env["HOME"],
        ...(process.env["npm_config_cache"] && { npm_config_cache: process.env["npm_config_cache"] }),
        // The runner restores npm's cache (setup-node `cache: npm`); here npm's own cache plays that part.
        npm_config_prefer_offline: "true",
        CI: "true",
        GITHUB_ACTIONS: "true",
        GITHUB_OUTPUT: output,
        GITHUB_STEP_SUMMARY: summaryFile,
        ...env,
      },
    }).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(`Step "${name}" failed:\n${error.stdout ?? ""}\n${error.stderr ?? ""}`);
    });
    if (step.id) context.steps[step.id] = outputsOf(await readFile(output, "utf8"));
  }
  ran.summary = await readFile(summaryFile, "utf8");
  return ran;
}

/** $GITHUB_OUTPUT's `key=value` lines. */
const outputsOf = (text: string) =>
  Object.fromEntries(
    text
      .split("\n")
      .filter((line) => line.includes("="))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );

let parent: string;
let clone: string;
beforeAll(async () => {
  // A fresh clone on tmpfs: the project as git holds it (what a push holds), no node_modules, no cache.
  parent = await mkdtemp(path.join(existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir(), "ranch-deploy-"));
  clone = path.join(parent, "repository");
  await run("git", ["clone", "--quiet", "--no-hardlinks", projectRoot, clone]);
  workflow = parse(await readFile(path.join(clone, ".github/workflows/deploy.yml"), "utf8")) as Workflow;
  const site = path.join(clone, "content/site.yaml");
  await writeFile(site, `${await readFile(site, "utf8")}\neditor:\n  repo: owner/ranch-site\n`);
}, 120_000);

afterAll(() => rm(parent, { recursive: true, force: true }));

describe("the deploy workflow's own steps", () => {
  it("on a fresh clone with editor: set, fetch the editor, check, build with /admin/ and hand dist/ to Pages", async () => {
    expect(existsSync(path.join(clone, "node_modules"))).toBe(false);
    const ran = await runBuildJob(clone);
    expect(ran.skipped).toEqual([]);
    expect(ran.context.steps["plan"]).toMatchObject({ host: "github-pages", editor: "on" });
    expect(ran.names).toContain("Get the web editor's code (content/site.yaml has editor:)");
    const dist = path.join(clone, "dist");
    const admin = await readFile(path.join(dist, "admin/index.html"), "utf8");
    expect(admin).toContain('<script src="decap-cms.js"></script>');
    expect(existsSync(path.join(dist, "admin/decap-cms.js"))).toBe(true);
    // One configuration per interface language; the owner signs in with an access token (design.md §11).
    for (const language of ["de", "en"])
      expect(parse(await readFile(path.join(dist, `admin/config.${language}.yml`), "utf8"))).toMatchObject({
        backend: { name: "github-token", repo: "owner/ranch-site" },
      });
    // Built for the Pages address, with the host files of other servers left out.
    expect(await readFile(path.join(dist, "index.html"), "utf8")).toContain(
      '<link rel="canonical" href="https://owner.github.io/ranch-site/"/>',
    );
    for (const file of ["_headers", "_redirects", "nginx.conf", ".htaccess", ".ranch-site-output"])
      expect(existsSync(path.join(dist, file)), file).toBe(false);
    expect(ran.summary).toContain("this workflow publishes dist/ on GitHub Pages");
    expect(evaluate(workflow.jobs.deploy.if!, { ...ran.context, needs: { host: "github-pages" } })).toBe(true);
  }, 600_000);

  it("with another host, publish nothing on Pages, and say who deploys", async () => {
    const site = path.join(clone, "content/site.yaml");
    const text = await readFile(site, "utf8");
    await writeFile(
      site,
      text.replace(
        "\n  provider: github-pages\n",
        '\n  provider: netlify\n  company: "Netlify, Inc."\n  logDays: 30\n',
      ),
    );
    // The same clone, installed and built above: the plan decides the rest, so install, check and build are not run again.
    const again = ["npm ci", "Check the content", "Build"];
    const ran = await runBuildJob(clone, (step) => !again.some((name) => (step.name ?? step.run)?.startsWith(name)));
    expect(ran.context.steps["plan"]).toMatchObject({ host: "netlify", editor: "on" });
    expect(ran.skipped).toEqual([
      "Configure Pages",
      "Leave out the files that are not part of the site",
      "actions/upload-pages-artifact@v3",
    ]);
    expect(ran.summary).toContain("Netlify builds and publishes the site itself");
    const build = workflow.jobs.build as Job & { outputs: Record<string, string> };
    const needs = { host: filled(build.outputs["host"]!, ran.context) };
    expect(evaluate(workflow.jobs.deploy.if!, { ...ran.context, needs })).toBe(false);
  }, 600_000);
});
