import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const repo = path.resolve(import.meta.dirname, "../..");

// `watch` reloads the templates on every edit for hours. An ES module is never unloaded, so each edit
// used to keep its compiled copy: about 0.48 MB of heap per edit, for good. The bound leaves room
// for the loader's bookkeeping, not for a kept module.
it("keeps no compiled template in memory or on disk after an edit", async () => {
  const scratch = await mkdtemp(path.join(os.tmpdir(), "ranch-template-heap-"));
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--expose-gc", "--import", "tsx", "tests/support/template-heap.ts", scratch, "30"],
      { cwd: repo },
    );
    const { perEdit, files } = JSON.parse(stdout) as { perEdit: number; files: number };
    expect(files).toBe(0);
    expect(perEdit).toBeLessThan(64 * 1024);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
});
