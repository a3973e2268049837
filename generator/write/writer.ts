import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/** A file of the built site, relative to the output folder. */
export interface OutputFile {
  path: string;
  contents: string | Uint8Array;
}

/** Where a build puts its files: the disk, or memory for tests and `check`. */
export interface Writer {
  write(files: readonly OutputFile[]): Promise<void>;
}

/** Keeps the files in a map: nothing touches the disk. */
export class MemoryWriter implements Writer {
  readonly files = new Map<string, string | Uint8Array>();
  async write(files: readonly OutputFile[]) {
    this.files.clear();
    for (const file of files) this.files.set(file.path, file.contents);
  }
}

/**
 * Writes into a staging folder beside `outDir` and swaps it into place only when every file was
 * written, so a failed build leaves the last good site untouched.
 */
export class DiskWriter implements Writer {
  readonly outDir: string;
  /** The file write, replaceable so tests can simulate a full disk. */
  private readonly writeOne: typeof writeFile;

  constructor(outDir: string, writeOne: typeof writeFile = writeFile) {
    this.outDir = outDir;
    this.writeOne = writeOne;
  }

  async write(files: readonly OutputFile[]) {
    const staging = `${this.outDir}.staging-${process.pid}`;
    const previous = `${this.outDir}.previous-${process.pid}`;
    await rm(staging, { recursive: true, force: true });
    try {
      const folders = new Set(files.map((file) => path.dirname(path.join(staging, file.path))));
      await Promise.all([...folders].map((folder) => mkdir(folder, { recursive: true })));
      await Promise.all(files.map((file) => this.writeOne(path.join(staging, file.path), file.contents)));
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      throw error;
    }
    await rm(previous, { recursive: true, force: true });
    await rename(this.outDir, previous).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
    await rename(staging, this.outDir);
    await rm(previous, { recursive: true, force: true });
  }
}
