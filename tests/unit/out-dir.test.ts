/**
 * The output folder's ownership check (generator/write/out-dir.ts) while another build swaps its site
 * into place, as `watch` beside a manual build does: the check must never see the moment between the
 * two renames of a swap as a stranger's folder, nor fail with a raw error of the file system.
 */
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { outputMarker } from "../../model/output.ts";
import { checkOutDir } from "../../generator/write/out-dir.ts";

const scratch = await mkdtemp(path.join(os.tmpdir(), "ranch-out-dir-"));
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** A whole site in a new folder, as a build's staging folder is before its swap. */
async function site(folder: string) {
  await mkdir(folder);
  await writeFile(path.join(folder, outputMarker), "ranch-site\n");
  await writeFile(path.join(folder, "index.html"), "<!doctype html>\n");
}

describe("the output folder's ownership check", () => {
  it("never takes a site being swapped into place for a stranger's folder, nor fails with a raw error", async () => {
    const root = path.join(scratch, "project");
    const out = path.join(root, "dist");
    await mkdir(root);
    await site(out);
    let swapping = true;
    let swaps = 0;
    const other = (async () => {
      while (swapping) {
        const staging = path.join(root, `dist.staging-${++swaps}`);
        await site(staging);
        await rename(out, path.join(root, "dist.previous"));
        await rename(staging, out);
        await rm(path.join(root, "dist.previous"), { recursive: true });
      }
    })();
    const failures: string[] = [];
    // 1,500 looks, and as many more as it takes to look during 100 swaps: on a busy machine the swapping
    // loop gets fewer turns (39 in 1,500 looks at a load of 25), and the test is about the swaps.
    for (let look = 0; look < 1500 || swaps < 100; look++)
      await checkOutDir(root, out).catch((error: Error) => failures.push(error.message));
    swapping = false;
    await other;
    expect(failures).toEqual([]);
  });

  it("still refuses a stranger's folder, looked at once", async () => {
    const root = path.join(scratch, "stranger");
    const out = path.join(root, "dist");
    await mkdir(out, { recursive: true });
    await writeFile(path.join(out, "notes.txt"), "mine\n");
    await expect(checkOutDir(root, out)).rejects.toThrow(/not empty and holds no \.ranch-site-output file/);
  });
});
