import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyProject, editFile } from "../support/project.ts";
import { startWatch, type WatchProcess } from "../support/watch.ts";

let root: string;
let watch: WatchProcess;

beforeAll(async () => {
  root = await copyProject();
  // File system events, the default an editor gets: 50 saves each wait for their rebuild, not for a poll too.
  watch = await startWatch(root, [], { poll: false });
});

afterAll(async () => {
  await watch?.stop();
});

const get = (path: string) => fetch(`${watch.origin}${path}`, { redirect: "manual" });

/**
 * Saves an edit and waits for the rebuild it causes: the one named after the file, so that a late
 * rebuild of an earlier save is not taken for it.
 */
async function save(
  file: string,
  find: string,
  replacement: string,
  expected = new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: rebuilt \\d+ pages in \\d+ ms$`),
) {
  const from = watch.lines.length;
  await editFile(root, file, find, replacement);
  return watch.waitFor(expected, from);
}

describe("ranch-site watch", () => {
  it("prints the URL, then serves every locale as a static host does", async () => {
    expect(watch.lines.some((line) => /^Serving http:\/\/localhost:\d+\/$/.test(line))).toBe(true);
    expect((await get("/de/ueber-mich/")).status).toBe(200);
    const redirect = await get("/de/ueber-mich");
    expect([redirect.status, redirect.headers.get("location")]).toEqual([301, "/de/ueber-mich/"]);
    // The German page's address of before forwards to its German one (content/addresses.lock.yaml).
    const old = await get("/de/about-me/");
    expect([old.status, old.headers.get("location")]).toEqual([301, "/de/ueber-mich/"]);
    const english = await get("/no-such-page/");
    expect([english.status, /<html lang="en"/.test(await english.text())]).toEqual([404, true]);
    const german = await get("/de/keine-seite/");
    expect([german.status, /<html lang="de"/.test(await german.text())]).toEqual([404, true]);
  });

  it("picks up a template edit without a restart", async () => {
    await save(
      "templates/components/PageHeader.tsx",
      '<header className="page-header">',
      '<header className="page-header" data-edited="yes">',
    );
    expect(await (await get("/references/")).text()).toContain('data-edited="yes"');
  });

  it("shows a content error with file and line in the terminal, and clears it on the next good save", async () => {
    const failed = await save("content/i18n/en.yaml", "loading: Loading...", "loading: [Loading", /: build failed$/);
    // The located error is the line after "build failed", which may arrive in a later chunk of output.
    expect(await watch.waitFor(/^content\/i18n\/en\.yaml:\d+:\d+: YAML syntax error/, failed)).toBe(failed + 1);
    await save("content/i18n/en.yaml", "loading: [Loading", "loading: Loading...");
    expect((await get("/")).status).toBe(200);
  });

  it("serves a page whose template throws as an error page, keeps the others, and recovers", async () => {
    const marker = '  const page = props.content.pages["pricing"]!;';
    await save(
      "templates/pages/Pricing.tsx",
      marker,
      `${marker}\n  if (page) throw new Error("Offers are out of stock");`,
    );
    try {
      const broken = await (await get("/pricing/")).text();
      expect(broken).toContain("<title>Unexpected Application Error!</title>");
      expect(broken).toContain("Offers are out of stock");
      expect((await get("/contact/")).status).toBe(200);
      expect(await (await get("/contact/")).text()).not.toContain("Unexpected Application Error!");
    } finally {
      await save("templates/pages/Pricing.tsx", `\n  if (page) throw new Error("Offers are out of stock");`, "");
    }
    expect(await (await get("/pricing/")).text()).not.toContain("Unexpected Application Error!");
  });

  it("survives 20 broken-and-fixed saves without dying or leaking", async () => {
    const file = "content/i18n/de.yaml";
    const brokenAndFixed = async () => {
      await save(file, "loading: Wird geladen...", "loading: [Wird geladen", /: build failed$/);
      const line = await save(file, "loading: [Wird geladen", "loading: Wird geladen...");
      return Number(/in (\d+) ms$/.exec(watch.lines[line]!)![1]);
    };
    // A few rounds first fill the caches a rebuild keeps on purpose (modules, images, the heap's own
    // size), so the memory measured after them grows only by what the next rounds leak.
    for (let round = 0; round < 4; round++) await brokenAndFixed();
    const memoryBefore = await watch.memoryMiB();
    const times: number[] = [];
    for (let round = 0; round < 20; round++) times.push(await brokenAndFixed());
    const memoryAfter = await watch.memoryMiB();
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const first = median(times.slice(0, 5));
    const last = median(times.slice(-5));
    console.log(
      `watch torture: rebuild median ${median(times)} ms (first 5: ${first} ms, last 5: ${last} ms); memory ${memoryBefore.toFixed(0)} MiB -> ${memoryAfter.toFixed(0)} MiB`,
    );
    expect(watch.child.exitCode).toBeNull();
    expect((await get("/de/")).status).toBe(200);
    // 3 MiB a round, the bound the 40-round version had (120 MiB): a leak of a page set or of a module
    // graph per rebuild (tens of MiB each) fails within a few rounds.
    expect(memoryAfter - memoryBefore).toBeLessThan(60);
  }, 300_000);
});
