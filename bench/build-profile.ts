/**
 * `tsx bench/build-profile.ts`: where a build's CPU goes, from V8 CPU profiles of whole `build` runs as a
 * maintainer starts them (bin/ranch-site.js, the bench's corpus, output on tmpfs). Profiles the real site
 * alone and the real site plus N pages per locale; what the larger build spends beyond the smaller one,
 * divided by the pages it adds, is the CPU of an added page, by module and by stage (bench/profile-summary.ts).
 * The profiler adds its own cost (a tenth or so): compare the shares, and the figures between two runs of this
 * file, not with `npm run bench`.
 *
 * Environment: PROFILE_PAGES (N per locale, 1000), PROFILE_CACHE ("cold": the project's cache emptied before
 * the profiled run, or "warm": filled by a build before it), PROFILE_TOP (lines per view, 20), PROFILE_KEEP
 * (a folder to keep the .cpuprofile files in).
 */
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freshBundle, sourceMapOfBundle } from "../bin/cli-bundle.js";
import { ranchSiteProject } from "./corpus.ts";
import { measure } from "./measure.ts";
import { difference, readProfile, summarise, topLines, type Summary } from "./profile-summary.ts";

const projectRoot = path.resolve(import.meta.dirname, "..");
const pages = Number(process.env.PROFILE_PAGES ?? 1000);
const cache = process.env.PROFILE_CACHE ?? "cold";
if (cache !== "cold" && cache !== "warm") throw new Error(`PROFILE_CACHE=${cache}: give "cold" or "warm"`);
const top = Number(process.env.PROFILE_TOP) || 20;

await freshBundle();
const bundle = await sourceMapOfBundle();
if (!bundle) throw new Error("The compiled CLI is not what its sources give: run `node bin/cli-bundle.js` first");
const scratch = await mkdtemp(path.join(existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir(), "ranch-build-profile-"));

/** One profiled build of the real site plus `extra` pages per locale: its summary and whole-process CPU. */
async function profileBuild(extra: number): Promise<{ summary: Summary; cpu: number }> {
  const root = await ranchSiteProject(projectRoot, path.join(scratch, `site-${extra}`), extra);
  const tmp = path.join(root, ".tmp");
  const profiles = path.join(scratch, `profiles-${extra}`);
  const run = (flags: string[]) => ({
    command: process.execPath,
    args: [
      ...flags,
      path.join(projectRoot, "bin/ranch-site.js"),
      "build",
      "--root",
      root,
      "--out",
      path.join(root, "dist"),
    ],
    cwd: root,
    env: { TMPDIR: tmp },
  });
  await mkdir(tmp, { recursive: true });
  if (cache === "warm") await measure(run([]), scratch);
  else await rm(path.join(root, "node_modules/.cache/ranch-site"), { recursive: true, force: true });
  const { cpu } = await measure(run(["--cpu-prof", `--cpu-prof-dir=${profiles}`, "--cpu-prof-interval=100"]), scratch);
  const [file] = (await readdir(profiles)).filter((name) => name.endsWith(".cpuprofile"));
  if (process.env.PROFILE_KEEP)
    await copyFile(
      path.join(profiles, file!),
      path.join(process.env.PROFILE_KEEP, `build-${cache}-${extra}.cpuprofile`),
    );
  return { summary: summarise(await readProfile(path.join(profiles, file!)), bundle), cpu };
}

const alone = await profileBuild(0);
const larger = await profileBuild(pages);
const added = difference(larger.summary, alone.summary);
const perPage = 2 * pages;
const ms = (micros: number) => (micros / 1000).toFixed(0);
console.log(
  [
    `${cache} builds, profiled: the real site alone, and with ${pages} pages per locale more`,
    `whole process CPU (profiler included): ${Math.round(alone.cpu)} ms and ${Math.round(larger.cpu)} ms; ` +
      `${((larger.cpu - alone.cpu) / perPage).toFixed(2)} ms an added page`,
    `main thread busy: ${ms(alone.summary.busy)} ms and ${ms(larger.summary.busy)} ms; ` +
      `${(added.busy / 1000 / perPage).toFixed(2)} ms an added page`,
    "",
    "An added page, self time by module:",
    ...topLines(added.modules, added.busy, top, perPage),
    "",
    "An added page, by stage (the innermost of our functions on the stack, with what it calls):",
    ...topLines(added.stages, added.busy, top, perPage),
    "",
    "An added page, self time by function:",
    ...topLines(added.functions, added.busy, top, perPage),
    "",
    "The real site alone, self time by module:",
    ...topLines(alone.summary.modules, alone.summary.busy, top),
    "",
    "The real site alone, by stage:",
    ...topLines(alone.summary.stages, alone.summary.busy, top),
  ].join("\n"),
);
await rm(scratch, { recursive: true, force: true });
