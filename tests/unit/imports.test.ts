/**
 * The import graph, as a test: data flows one way (style.md habit 15). model/ is the data model both
 * generator/ and templates/ read; generator/ never imports templates/ (it compiles them), templates/
 * never import generator/, and no module imports one that imports it. Print the graph with
 *   npx vitest run tests/unit/imports.test.ts --reporter=verbose
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../support/site.ts";

const folders = ["bin", "generator", "model", "templates"];

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(projectRoot, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.posix.join(folder, file.split(path.sep).join("/")));
}

/** Every module's relative imports (type-only ones too: they tie the folders together just the same). */
const graph = new Map(
  folders.flatMap(sourceFiles).map((file) => {
    const text = readFileSync(path.join(projectRoot, file), "utf8");
    const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)].map((match) => match[1]!);
    return [file, specifiers.map((specifier) => path.posix.join(path.posix.dirname(file), specifier))] as const;
  }),
);

const folderOf = (file: string) => file.split("/")[0]!;

/**
 * The floors of generator/ (README, "How it works"), from the ground up. A room imports only rooms on the
 * floors below its own: no import runs back up, and no two rooms import each other. The core's files are the
 * vocabulary all stand on; io/ reads and writes files for every room; the caches, the host files and the
 * image pipeline are libraries the stages call; the stages follow in pipeline order; the web editor is
 * built on them; build.ts runs the pipeline, and is handed the editor's output; `watch` and `serve` (dev/)
 * run build(); index.ts, the API bin/ calls, stands on top.
 */
const floors = [
  ["core"],
  ["io"],
  ["cache", "hosts"],
  ["images"],
  ["load"],
  ["bundle"],
  ["render"],
  ["check"],
  ["write"],
  ["editor"],
  ["build"],
  ["dev"],
  ["index"],
];
/** A module's room: its folder below generator/; at the top, index.ts and build.ts each, and "core" for the rest. */
const roomOf = (file: string) => {
  const parts = file.split("/");
  if (parts.length > 2) return parts[1]!;
  return /^generator\/(index|build)\.ts$/.test(file) ? path.posix.basename(file, ".ts") : "core";
};
const floorOf = (room: string) => floors.findIndex((rooms) => rooms.includes(room));
/** Every import from one module of generator/ to another, as [from, to]. */
const edges = () =>
  [...graph].flatMap(([file, imports]) =>
    folderOf(file) === "generator"
      ? imports.filter((target) => folderOf(target) === "generator").map((target) => [file, target] as const)
      : [],
  );
const crossing = (from: string, to: string) =>
  [...graph].flatMap(([file, imports]) =>
    folderOf(file) === from
      ? imports.filter((target) => folderOf(target) === to).map((target) => `${file} → ${target}`)
      : [],
  );

describe("the import graph", () => {
  it("model/ imports neither generator/ nor templates/", () => {
    expect([...crossing("model", "generator"), ...crossing("model", "templates")]).toEqual([]);
  });

  it("generator/ imports nothing from templates/, and templates/ nothing from generator/", () => {
    expect([...crossing("generator", "templates"), ...crossing("templates", "generator")]).toEqual([]);
  });

  it("keeps at most eight files at the top of generator/: the core", () => {
    const top = [...graph.keys()].filter((file) => /^generator\/[^/]+$/.test(file));
    expect(top.length, top.join(", ")).toBeLessThanOrEqual(8);
  });

  it("every room stands on a floor, and imports only rooms on the floors below: no arrow runs back up", () => {
    const rooms = new Set([...graph.keys()].filter((file) => folderOf(file) === "generator").map(roomOf));
    expect([...rooms].filter((room) => floorOf(room) < 0)).toEqual([]);
    const wrong = edges().filter(
      ([from, to]) => roomOf(from) !== roomOf(to) && floorOf(roomOf(to)) >= floorOf(roomOf(from)),
    );
    expect(wrong.map(([from, to]) => `${from} → ${to}`)).toEqual([]);
  });

  it("io/, the ground floor, imports only errors.ts (and model/): every room reads and writes files through it", () => {
    const wrong = edges().filter(
      ([from, to]) => roomOf(from) === "io" && roomOf(to) !== "io" && to !== "generator/errors.ts",
    );
    expect(wrong.map(([from, to]) => `${from} → ${to}`)).toEqual([]);
  });

  it("the core imports nothing of the rooms: they all stand on it", () => {
    const wrong = edges().filter(([from, to]) => roomOf(from) === "core" && roomOf(to) !== "core");
    expect(wrong.map(([from, to]) => `${from} → ${to}`)).toEqual([]);
  });

  it("has no cycle", () => {
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === "done") return;
      if (state.get(file) === "open") {
        cycles.push([...trail.slice(trail.indexOf(file)), file].join(" → "));
        return;
      }
      state.set(file, "open");
      for (const target of graph.get(file) ?? []) visit(target, [...trail, file]);
      state.set(file, "done");
    };
    for (const file of graph.keys()) visit(file, []);
    expect(cycles).toEqual([]);
  });
});
