/**
 * What `watch`'s status line names a rebuild after: the last file saved. A temp file renamed onto its target is
 * reported gone up to 100 ms late (chokidar's atomic window), after saves that came later; its removal must not
 * take the name from them ("de.yaml.tmp: rebuilt" would hide the save the rebuild was for).
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
import type { BuildReport } from "../../generator/build.ts";
import { Rebuilds, type Outcome, type Rebuild } from "../../generator/dev/rebuilds.ts";

let root: string;
let rebuilds: Rebuilds | undefined;
afterEach(async () => {
  await rebuilds?.stop();
  await rm(root, { recursive: true, force: true });
});

/**
 * A `Rebuilds` over a fresh folder whose builds succeed at once (or give `build`'s outcome); resolves each shown
 * rebuild's name.
 */
async function start(build: () => Promise<Outcome> = async () => ({ report: {} as BuildReport })) {
  root = await mkdtemp(path.join(tmpdir(), "ranch-rebuilds-"));
  const shown: Rebuild[] = [];
  let wake = () => {};
  rebuilds = new Rebuilds(root, false, {
    build,
    show: (_outcome, rebuild) => {
      shown.push(rebuild);
      wake();
    },
    idle: () => {},
  });
  await rebuilds.first();
  const next = (count: number) =>
    new Promise<Rebuild[]>((resolve) => {
      wake = () => shown.length > count && resolve(shown.slice(count));
      wake();
    });
  return { rebuilds, next };
}

describe("a rebuild's name", () => {
  it("is the save's, not that of a temp file reported gone after it", async () => {
    const { rebuilds, next } = await start();
    await writeFile(path.join(root, "de.yaml"), "title: Süd\n");
    await writeFile(path.join(root, "en.yaml"), "title: North\n");
    // The events as chokidar delivers them, within one debounce (no await between them, so no rebuild starts
    // half way): the temp file, its rename onto de.yaml, the later save of en.yaml, then the temp file's late removal.
    rebuilds.saw("de.yaml.tmp");
    rebuilds.saw("de.yaml");
    rebuilds.saw("en.yaml");
    rebuilds.saw("de.yaml.tmp", true);
    const [rebuild] = await next(1);
    expect(rebuild!.reason).toBe("en.yaml");
    expect([...rebuild!.files].sort()).toEqual(["de.yaml", "de.yaml.tmp", "en.yaml"]);
  });

  it("stays the failed save's when a temp file is reported gone during its build", async () => {
    let finish = () => {};
    let builds = 0;
    // The first build (before any save) succeeds; each later one fails, the first of them only when let go.
    const { rebuilds, next } = await start(async () => {
      builds++;
      if (builds === 1) return { report: {} as BuildReport };
      if (builds === 2) await new Promise<void>((resolve) => (finish = resolve));
      return { failure: new Error("does not parse") };
    });
    await writeFile(path.join(root, "about.de.md"), "---\ntitle: [\n");
    rebuilds.saw("about.de.md");
    await expect.poll(() => builds).toBe(2);
    rebuilds.saw("about.de.md.tmp", true);
    await pause(50);
    finish();
    const [rebuild] = await next(1);
    expect(rebuild!.reason).toBe("about.de.md");
  });

  it("is the removed file's when nothing else was saved", async () => {
    const { rebuilds, next } = await start();
    rebuilds.saw("old-page.md", true);
    const [rebuild] = await next(1);
    expect(rebuild!.reason).toBe("old-page.md");
  });
});
