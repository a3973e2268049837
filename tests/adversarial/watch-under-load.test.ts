/**
 * Issue 21 item 5: `watch` under a hostile editor and a hostile browser. After 200 rapid saves of de.yaml (in
 * place, atomic renames, half-written files, a file that does not parse, the same length twice in a row) the
 * output folder holds exactly what a clean `build` of the final sources writes, byte for byte (less the .br and
 * .gz copies, which only `build` makes); and with 500 live-reload streams open, a save reaches every one.
 */
import { readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { Agent, get } from "node:http";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { build, resolveConfig } from "../../generator/index.ts";
import { copyProject } from "../support/project.ts";
import { startWatch } from "../support/watch.ts";

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** Every file of a folder, relative to it, with its bytes. */
async function filesOf(dir: string): Promise<Map<string, Buffer>> {
  const names = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  return new Map(await Promise.all(names.map(async (name) => [name, await readFile(path.join(dir, name))] as const)));
}

describe("watch under load", () => {
  it("converges to what build writes after 200 rapid saves of de.yaml", { timeout: 180_000 }, async () => {
    const root = await copyProject();
    onTestFinished(() => rm(root, { recursive: true, force: true }));
    const watch = await startWatch(root, [], { poll: false });
    onTestFinished(() => watch.stop());
    const file = path.join(root, "content/i18n/de.yaml");
    const original = await readFile(file, "utf8");
    // The hero title reaches every German page's Open Graph card, so each save changes an asset's name too.
    const titled = (title: string) => original.replace(/(\n {2}title: )(.*)/, (_, key: string) => `${key}${title}`);
    for (let save = 1; save <= 200; save++) {
      // Two titles of the same length in turn: a save that changes only bytes, not the size.
      const text = titled(`Verkaufstraining ${save % 2 ? "Nord" : "Süd"} ${save % 10}`);
      if (save % 10 === 3) await writeFile(file, text.slice(0, text.length / 2));
      if (save % 10 === 7) await writeFile(file, text.replace("\n  subtitle:", "\n\tsubtitle:"));
      if (save % 5 === 0) {
        await writeFile(`${file}.tmp`, text);
        await rename(`${file}.tmp`, file);
      } else await writeFile(file, text);
      await pause(Math.random() * 25);
    }
    // A last save of its own, and once a rebuild has shown it, a save of another file: rebuilds run one at a
    // time, and a save during one causes exactly one more, named after the last file saved. Its line is the
    // last rebuild's, and that rebuild read every save before it.
    await writeFile(file, titled("Verkaufstraining Schlusspunkt"));
    const home = path.join(root, "dist/de/index.html");
    await expect
      .poll(() => readFile(home, "utf8").catch(() => ""), { timeout: 60_000, interval: 50 })
      .toContain("Schlusspunkt");
    const from = watch.lines.length;
    const english = path.join(root, "content/i18n/en.yaml");
    await writeFile(english, (await readFile(english, "utf8")).replace(/(\n {2}title: .*)/, "$1 North"));
    await watch.waitFor(/^content\/i18n\/en\.yaml: rebuilt \d+ pages/, from, 60_000);
    const clean = path.join(root, "clean");
    await build(resolveConfig({ root, outDir: clean }));
    const built = await filesOf(clean);
    const watched = await filesOf(path.join(root, "dist"));
    const compressed = /\.(br|gz)$/;
    expect([...watched.keys()].sort()).toEqual([...built.keys()].filter((name) => !compressed.test(name)).sort());
    const differ = [...watched].filter(([name, bytes]) => !bytes.equals(built.get(name)!)).map(([name]) => name);
    expect(differ).toEqual([]);
  });

  it("tells each of 500 open live-reload streams of a save", { timeout: 120_000 }, async () => {
    const root = await copyProject();
    onTestFinished(() => rm(root, { recursive: true, force: true }));
    const watch = await startWatch(root, [], { poll: false });
    onTestFinished(() => watch.stop());
    const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
    onTestFinished(() => agent.destroy());
    const streams = await Promise.all(
      Array.from(
        { length: 500 },
        () =>
          new Promise<{ text: () => string }>((resolve, reject) => {
            let text = "";
            get(`${watch.origin}/__ranch-site/events`, { agent }, (response) => {
              response.setEncoding("utf8");
              response.on("data", (chunk: string) => {
                text += chunk;
                if (text.includes(": connected")) resolve({ text: () => text });
              });
            }).on("error", reject);
          }),
      ),
    );
    const from = watch.lines.length;
    const file = path.join(root, "content/i18n/de.yaml");
    await writeFile(file, (await readFile(file, "utf8")).replace(/(\n {2}title: .*)/, "$1 Nord"));
    await watch.waitFor(/de\.yaml: rebuilt/, from);
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && !streams.every((stream) => stream.text().includes("data: "))) await pause(50);
    expect(streams.filter((stream) => !stream.text().includes("data: ")).length).toBe(0);
  });
});
