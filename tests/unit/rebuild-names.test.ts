/**
 * What `watch`'s status line names a rebuild after: the last file saved. A temp file renamed onto its target is
 * reported gone up to 100 ms late (chokidar's atomic window), after saves that came later; its removal must not
 * take the name from them ("de.yaml.tmp: rebuilt" would hide the save the rebuild was for).
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { BuildReport } from "../../generator/build.ts";
import { Rebuilds, type Rebuild } from "../../generator/dev/rebuilds.ts";

let root: string;
let rebuilds: Rebuilds | undefined;
afterEach(async () => {
  await rebuilds?.stop();
  await rm(root, { recursive: true, force: true });
});

/** A `Rebuilds` over a fresh folder whose builds succeed at once; resolves each shown rebuild's name. */
async function start() {
  root = await mkdtemp(path.join(tmpdir(), "ranch-rebuilds-"));
  const shown: Rebuild[] = [];
  let wake = () => {};
  rebuilds = new Rebuilds(root, false, {
    build: async () => ({ report: {} as BuildReport }),
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
    rebuilds.saw("de.yaml.tmp");
    rebuilds.saw("de.yaml");
    await writeFile(path.join(root, "en.yaml"), "title: North\n");
    rebuilds.saw("en.yaml");
    rebuilds.saw("de.yaml.tmp", true);
    const [rebuild] = await next(1);
    expect(rebuild!.reason).toBe("en.yaml");
    expect([...rebuild!.files].sort()).toEqual(["de.yaml", "de.yaml.tmp", "en.yaml"]);
  });

  it("is the removed file's when nothing else was saved", async () => {
    const { rebuilds, next } = await start();
    rebuilds.saw("old-page.md", true);
    const [rebuild] = await next(1);
    expect(rebuild!.reason).toBe("old-page.md");
  });
});
