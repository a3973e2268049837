/**
 * The Nu HTML Checker (vnu, the W3C validator) for the quality tier: one JVM run over whole folders, its
 * messages, and a report line per message that names the built page or browser snapshot and its line.
 */
import { execFile, spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { projectRoot } from "./site.ts";

const run = promisify(execFile);
// Installed for the quality tier alone, from a lockfile of its own (tests/support/requirements.ts).
const vnuJar = path.join(projectRoot, "tests/tools/nu/node_modules/vnu-jar/build/dist/vnu.jar");

export const hasJava = spawnSync("java", ["-version"], { stdio: "ignore" }).status === 0;

export interface VnuMessage {
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

/** A page with one known error (an img without alt): proves that the checker ran and read the folders it was given. */
export const canary =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>canary</title></head><body><img src="canary.png"></body></html>';

/** One run of the checker over whole folders: it starts a JVM once, so this takes seconds, not minutes. */
export async function checkHtml(folders: string[]): Promise<VnuMessage[]> {
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

/** The file a message is about, if any. */
export const fileOf = (message: VnuMessage): string | undefined =>
  message.url ? fileURLToPath(message.url) : undefined;

/** One block per message: `dist/de/index.html:12:3: …` or `snapshot banner/index.html:…`, with the extract. */
export function report(found: VnuMessage[], folders: { dist: string; snapshots: string }): string {
  const where = (message: VnuMessage) => {
    const file = fileOf(message);
    if (!file) return "(no file)";
    const name = file.startsWith(folders.snapshots)
      ? `snapshot ${path.relative(folders.snapshots, file)}`
      : `dist/${path.relative(folders.dist, file)}`;
    return `${name}:${message.lastLine ?? message.firstLine ?? "?"}:${message.firstColumn ?? message.lastColumn ?? "?"}`;
  };
  return found
    .map(
      (message) =>
        `${where(message)}: ${message.message}${message.extract ? `\n    ${message.extract.replace(/\s+/g, " ")}` : ""}`,
    )
    .join("\n");
}
