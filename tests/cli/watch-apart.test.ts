/**
 * `watch` builds into a folder of its own (.ranch-site/watch/), so `build` and an open web editor
 * never write into each other's output: a build while `watch --admin` runs leaves the editor
 * answering, and dist/ holds the site as build makes it, compressed files and all, without /admin/.
 */
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { defaults } from "../../generator/index.ts";
import { startReady, type BinProcess } from "../support/bin-process.ts";
import { copyProject, runCli } from "../support/project.ts";

let watch: (BinProcess & { ready: number }) | undefined;
afterAll(() => watch?.stop());

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe("watch and build side by side", () => {
  it("keep their outputs apart: a build while the editor is open deletes nothing of either", async () => {
    const root = await copyProject();
    watch = await startReady(["watch", "--root", root, "--port", "0", "--poll", "--admin"], /^Watching /);
    const origin = /Serving (http:\/\/localhost:\d+)/.exec(watch.lines.slice(0, watch.ready + 1).join("\n"))![1]!;
    const watchOut = path.join(root, defaults.watchOutDir);
    expect(await exists(path.join(watchOut, "admin/index.html"))).toBe(true);
    expect(await exists(path.join(root, "dist"))).toBe(false);

    const built = await runCli(["build", "--root", root, "--out", path.join(root, "dist"), "--precompress"]);
    expect(built.stderr).toBe("");
    expect(built.code).toBe(0);

    // The editor still answers, page and configuration, and its output folder is whole.
    expect((await fetch(`${origin}/admin/`)).status).toBe(200);
    for (const language of ["de", "en"])
      expect((await fetch(`${origin}/admin/config.${language}.yml`)).status).toBe(200);
    expect(await exists(path.join(watchOut, "admin/decap-cms.js"))).toBe(true);
    expect(await exists(path.join(watchOut, "index.html"))).toBe(true);
    // dist/ is what build makes for upload: compressed as asked, and without the editor nobody asked it for.
    const shipped = await readdir(path.join(root, "dist"));
    expect(shipped).not.toContain("admin");
    expect(shipped).toEqual(expect.arrayContaining(["index.html", "index.html.br", "index.html.gz"]));
    expect((await fetch(`${origin}/`)).status).toBe(200);
  });
});
