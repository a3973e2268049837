/**
 * Valid HTML (issue 5): the Nu HTML Checker (vnu, the W3C validator) reports no error on the 22 built
 * pages, nor on the DOM a visitor gets: every page with the consent banner shown, a tooltip open, and
 * the contact form with its errors and after a valid submit (snapshots of page.content()).
 */
import { execFile, spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { borrowChromium } from "../support/chromium.ts";
import { newContext } from "../support/browser.ts";
import { forgetVisit, interactiveStates, openPage, showPage, sitePages, viewports } from "../support/quality-site.ts";
import { projectRoot, serveSite } from "../support/site.ts";

const run = promisify(execFile);
const vnuJar = path.join(projectRoot, "node_modules/vnu-jar/build/dist/vnu.jar");
const hasJava = spawnSync("java", ["-version"], { stdio: "ignore" }).status === 0;
if (!hasJava)
  console.warn(
    "html-validity: skipped, `java` is not on PATH (the Nu HTML Checker needs a Java runtime; Debian: apt-get install default-jre-headless).",
  );

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  firstLine?: number;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

const canary =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>canary</title></head><body><img src="canary.png"></body></html>';
const isCanary = (message: VnuMessage) => !!message.url?.endsWith("/canary/canary.html");

let dist: string;
let snapshots: string;
let messages: VnuMessage[] = [];
let stop: () => Promise<void> = async () => {};

beforeAll(async () => {
  if (!hasJava) return;
  const site = await serveSite();
  dist = site.dir;
  snapshots = await mkdtemp(path.join(os.tmpdir(), "ranch-snapshots-"));
  let release: (() => Promise<void>) | undefined;
  stop = async () => {
    await release?.();
    await site.close();
    await rm(snapshots, { recursive: true, force: true });
  };
  const { browser, release: done } = await borrowChromium();
  release = done;
  const states = [
    ...sitePages.map((page) => ({ file: `banner/${page.file}`, path: page.path, reach: undefined })),
    ...interactiveStates.map((state) => ({ file: `${state.name}.html`, path: state.path, reach: state.reach })),
  ];
  // A few pages at a time: the renderers keep both cores busy while one waits. Each of the three loads its
  // pages in one tab, emptied of storage between them (the same DOM as a fresh context gives, 0.8 s sooner
  // a page); a state reached by input gets a fresh context.
  const queue = [...states];
  const save = async (file: string, html: string) => {
    await mkdir(path.dirname(path.join(snapshots, file)), { recursive: true });
    await writeFile(path.join(snapshots, file), html);
  };
  const snapshot = async () => {
    const tab = await (await newContext(browser, viewports.desktop)).newPage();
    for (let state = queue.shift(); state; state = queue.shift()) {
      if (!state.reach) {
        await showPage(tab, site.origin + state.path);
        await save(state.file, await tab.content());
        await forgetVisit(tab);
        continue;
      }
      const { context, page } = await openPage(browser, site.origin, state.path);
      try {
        await state.reach(page);
        await save(state.file, await page.content());
      } finally {
        await context.close();
      }
    }
  };
  await Promise.all([snapshot(), snapshot(), snapshot()]);
  await done();
  release = undefined;
  // A canary with one known error proves that the checker ran and read the folders it was given.
  await mkdir(path.join(snapshots, "canary"));
  await writeFile(path.join(snapshots, "canary", "canary.html"), canary);
  messages = await checkHtml([dist, snapshots]);
}, 240_000);
afterAll(() => stop());

/** One run of the checker over whole folders: it starts a JVM once, so this takes seconds, not minutes. */
async function checkHtml(folders: string[]): Promise<VnuMessage[]> {
  // One short run: the quick JIT tier alone (C1) halves the JVM's CPU for the same messages; its larger
  // frames need a deeper stack than the 512 KiB the checker asks for, or its schema evaluation overflows.
  const jvm = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xss16m"];
  const args = [...jvm, "-jar", vnuJar, "--format", "json", "--skip-non-html", ...folders];
  // vnu writes its JSON report to stderr and exits 1 when it found errors.
  const { stderr } = await run("java", args, { maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stderr?: string; code?: number }) => {
      if (typeof error.stderr === "string" && error.stderr.trimStart().startsWith("{")) return { stderr: error.stderr };
      throw error;
    },
  );
  return (JSON.parse(stderr) as { messages: VnuMessage[] }).messages;
}

function where(message: VnuMessage): string {
  if (!message.url) return "(no file)";
  const file = fileURLToPath(message.url);
  const name = file.startsWith(snapshots)
    ? `snapshot ${path.relative(snapshots, file)}`
    : `dist/${path.relative(dist, file)}`;
  return `${name}:${message.lastLine ?? message.firstLine ?? "?"}:${message.firstColumn ?? message.lastColumn ?? "?"}`;
}

const report = (found: VnuMessage[]) =>
  found
    .map(
      (message) =>
        `${where(message)}: ${message.message}${message.extract ? `\n    ${message.extract.replace(/\s+/g, " ")}` : ""}`,
    )
    .join("\n");

describe.skipIf(!hasJava)("Nu HTML Checker", () => {
  it("ran: it reports the error planted in a canary file", () => {
    expect(messages.filter((message) => isCanary(message) && message.type === "error").length).toBeGreaterThan(0);
  });

  it("finds no error in the 22 built pages", () => {
    const errors = messages.filter(
      (message) => message.type !== "info" && message.url && !fileURLToPath(message.url).startsWith(snapshots),
    );
    expect(errors, `vnu errors in dist/:\n${report(errors)}`).toEqual([]);
  });

  it("finds no error in the DOM with the banner shown, a tooltip open, or the contact form in its error and result states", () => {
    const errors = messages.filter(
      (message) =>
        message.type !== "info" &&
        !isCanary(message) &&
        (!message.url || fileURLToPath(message.url).startsWith(snapshots)),
    );
    expect(errors, `vnu errors in the browser snapshots:\n${report(errors)}`).toEqual([]);
  });
});
