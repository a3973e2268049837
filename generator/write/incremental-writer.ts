import { mkdir, rm, rmdir, stat } from "node:fs/promises";
import { replaceFile } from "../io/atomic.ts";
import path from "node:path";
import { DiskWriter, type Writer, type WriteSession } from "./writer.ts";
import type { OutputFile } from "../../model/output.ts";

/**
 * The writer of a `watch` session. The first build goes through the staging folder as every build
 * does; after it, only files whose bytes changed are written (each to a temporary name beside it,
 * then renamed over it, so a server never sends half a page), and files the build no longer makes
 * are removed, with folders that became empty. Only files this writer wrote are ever removed.
 */
export class IncrementalWriter implements Writer {
  readonly outDir: string;
  /** What the last write left on disk: each file's contents, which the next build's are compared with. */
  private written: Map<string, string | Uint8Array> | undefined;
  /** Output paths whose bytes the last write changed, added or removed: what a browser must reload. */
  changed: string[] = [];

  private readonly disk: DiskWriter;

  /** `root`: the project folder, whose safety rules the output folder must pass (DiskWriter's). */
  constructor(outDir: string, root?: string) {
    this.outDir = outDir;
    this.disk = new DiskWriter(outDir, { root });
  }

  /** The same refusals as every build: an output folder the build may not write to. */
  prepare(): Promise<void> {
    return this.disk.prepare();
  }

  /** Takes the build's files as they come; compares and writes them once the build is complete. */
  async open(): Promise<WriteSession> {
    const added: OutputFile[] = [];
    return {
      add: async (files) => void added.push(...files),
      commit: () => this.write(added),
      abort: async () => void (added.length = 0),
    };
  }

  /** Writes `files` as the whole output: the changed ones, and removes those no longer made. */
  async write(files: readonly OutputFile[]): Promise<void> {
    const previous = this.written;
    const next = new Map(files.map((file) => [file.path, file.contents]));
    const present = await stat(this.outDir).then(
      (entry) => entry.isDirectory(),
      () => false,
    );
    if (!previous || !present) {
      await this.disk.write(files);
      this.changed = files.map((file) => file.path);
      this.written = next;
      return;
    }
    const changed = files.filter((file) => !sameBytes(previous.get(file.path), file.contents));
    const removed = [...previous.keys()].filter((file) => !next.has(file));
    // Forget what was written before a failure, so the next build writes everything again.
    this.written = undefined;
    await Promise.all(changed.map((file) => this.replace(file, previous.has(file.path))));
    for (const file of removed) await this.remove(file);
    this.written = next;
    this.changed = [...changed.map((file) => file.path), ...removed];
  }

  /** `existed`: the last write made this file, so its folder is there (unless removed since: then it is made). */
  private async replace(file: OutputFile, existed: boolean) {
    const target = path.join(this.outDir, file.path);
    if (!existed) await mkdir(path.dirname(target), { recursive: true });
    await replaceFile(target, file.contents).catch(async () => {
      // A folder removed since.
      await mkdir(path.dirname(target), { recursive: true });
      await replaceFile(target, file.contents);
    });
  }

  private async remove(file: string) {
    await rm(path.join(this.outDir, file), { force: true });
    for (let folder = path.dirname(file); folder !== "." && folder !== ""; folder = path.dirname(folder)) {
      const removed = await rmdir(path.join(this.outDir, folder)).then(
        () => true,
        () => false,
      );
      if (!removed) break;
    }
  }
}

/** Whether a file's new contents are those already on disk: texts compare as texts, bytes as bytes. */
function sameBytes(before: string | Uint8Array | undefined, after: string | Uint8Array): boolean {
  if (before === undefined || typeof before === "string" || typeof after === "string") return before === after;
  return Buffer.from(before.buffer, before.byteOffset, before.byteLength).equals(after);
}
