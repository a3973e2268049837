/** The test suite installs system packages only on CI or when asked to, and otherwise skips with one line. */
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { mayInstall, skippedFiles, testsWithoutTools, type Tool } from "../support/requirements.ts";
import { leftOut, skippedSummary } from "../support/summary-reporter.ts";

async function project() {
  const root = await mkdtemp(path.join(os.tmpdir(), "ranch-requirements-"));
  await mkdir(path.join(root, "tests/host"), { recursive: true });
  await writeFile(path.join(root, "tests/host/nginx.test.ts"), "await serveWithFakeNginx();");
  await writeFile(path.join(root, "tests/unit.test.ts"), "expect(1).toBe(1);");
  return root;
}

const fakeNginx = (installed: { now: boolean }): Tool => ({
  name: "nginx",
  debianPackage: "nginx",
  found: () => installed.now,
  usedBy: /serveWithFakeNginx/,
});

it("installs only on CI or with RANCH_SITE_INSTALL=1", () => {
  expect(mayInstall({})).toBe(false);
  expect(mayInstall({ CI: "true" })).toBe(true);
  expect(mayInstall({ CI: "false" })).toBe(false);
  expect(mayInstall({ RANCH_SITE_INSTALL: "1" })).toBe(true);
  expect(mayInstall({ RANCH_SITE_INSTALL: "0" })).toBe(false);
});

it("without permission, skips the files that need a missing tool, with one line saying how to install it", async () => {
  const root = await project();
  const lines: string[] = [];
  const installed: string[][] = [];
  const skipped = testsWithoutTools(root, {
    tools: [fakeNginx({ now: false })],
    env: {},
    installPackages: (packages) => (installed.push(packages), true),
    warn: (line) => lines.push(line),
  });
  expect(installed).toEqual([]);
  expect(skipped).toEqual(["tests/host/nginx.test.ts"]);
  expect(lines).toEqual([
    "nginx is not installed: skipping 1 test file (install it with: sudo apt-get install nginx; or let the tests do it: RANCH_SITE_INSTALL=1 npm test).",
  ]);
});

it("on CI, installs the missing package and skips nothing", async () => {
  const root = await project();
  const state = { now: false };
  const lines: string[] = [];
  const skipped = testsWithoutTools(root, {
    tools: [fakeNginx(state)],
    env: { CI: "true" },
    installPackages: (packages) => {
      expect(packages).toEqual(["nginx"]);
      state.now = true;
      return true;
    },
    warn: (line) => lines.push(line),
  });
  expect(skipped).toEqual([]);
  expect(lines).toEqual([]);
});

const fakeLighthouse = (installed: { now: boolean }): Tool => ({
  name: "Lighthouse",
  command: ["npm", "ci", "--prefix", "tests/tools/lighthouse", "--no-audit"],
  shown: "npm ci --prefix tests/tools/lighthouse",
  found: () => installed.now,
  usedBy: /scoreEveryPage/,
});

it("a project tool (a lockfile of its own): skipped with the command that installs it, installed only on CI", async () => {
  const root = await project();
  await writeFile(path.join(root, "tests/unit.test.ts"), "scoreEveryPage();");
  const state = { now: false };
  const lines: string[] = [];
  const ran: string[] = [];
  const options = {
    tools: [fakeLighthouse(state)],
    installPackages: () => expect.fail("no Debian package for a project tool"),
    installTool: (tool: Tool) => (ran.push(tool.command!.join(" ")), (state.now = true)),
    warn: (line: string) => lines.push(line),
  };
  expect(testsWithoutTools(root, { ...options, env: {} })).toEqual(["tests/unit.test.ts"]);
  expect(lines).toEqual([
    "Lighthouse is not installed: skipping 1 test file (install it with: npm ci --prefix tests/tools/lighthouse; or let the tests do it: RANCH_SITE_INSTALL=1 npm test).",
  ]);
  expect(ran).toEqual([]);
  expect(testsWithoutTools(root, { ...options, env: { CI: "true" } })).toEqual([]);
  expect(ran).toEqual(["npm ci --prefix tests/tools/lighthouse --no-audit"]);
});

it("installs no tool that no test file needs", async () => {
  const root = await project();
  const ran: string[] = [];
  const skipped = testsWithoutTools(root, {
    tools: [fakeLighthouse({ now: false })],
    env: { CI: "true" },
    installTool: (tool) => (ran.push(tool.name), true),
    warn: () => expect.fail("nothing to say"),
  });
  expect(skipped).toEqual([]);
  expect(ran).toEqual([]);
});

it("the closing summary names the files left out, how to get their tool, and only those the run would have run", async () => {
  const root = await project();
  const env: NodeJS.ProcessEnv = {};
  testsWithoutTools(root, { tools: [fakeNginx({ now: false })], env, warn: () => {} });
  const skipped = skippedFiles(env);
  expect(skipped).toEqual([
    { tool: "nginx", install: "sudo apt-get install nginx", files: ["tests/host/nginx.test.ts"] },
  ]);
  // `npm test` ran the host folder's other files: the summary lists the file; a run of the unit tier does not.
  const whole = leftOut(skipped, ["tests/host/apache.test.ts", "tests/unit/routes.test.ts"], []);
  expect(skippedSummary(whole).split("\n")).toEqual([
    "Not run: 1 test file needs a tool not installed here.",
    "  nginx (install it with: sudo apt-get install nginx)",
    "    tests/host/nginx.test.ts",
    "Install them all as the run goes, and run every file: RANCH_SITE_INSTALL=1 npm test",
  ]);
  expect(leftOut(skipped, ["tests/unit/routes.test.ts"], [])).toEqual([]);
  expect(leftOut(skipped, ["tests/host/apache.test.ts"], ["tests/host/apache"])).toEqual([]);
});
