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
 * The rooms of generator/ (README, "How it works"): the stages in pipeline order, each importing only
 * earlier ones; the features built on them (the web editor, the dev server); the features the stages
 * call as libraries (images, cache) and the host files written from the write stage; the core at the top.
 */
const stages = ["load", "bundle", "render", "check", "write"];
const upperFeatures = ["editor", "dev"];
const knownCycles = ["bundle ⇄ cache", "cache ⇄ load", "images ⇄ load"];
/** A module's room: its folder below generator/; at the top, "top" (index.ts, build.ts) or "core" (the rest). */
const roomOf = (file: string) => {
  const parts = file.split("/");
  if (parts.length > 2) return parts[1]!;
  return /^generator\/(index|build)\.ts$/.test(file) ? "top" : "core";
};
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

  it("no stage imports a later one, nor a feature built on the stages", () => {
    const rank = (file: string) => stages.indexOf(roomOf(file));
    const wrong = edges().filter(
      ([from, to]) =>
        stages.includes(roomOf(from)) &&
        ((stages.includes(roomOf(to)) && rank(to) > rank(from)) || upperFeatures.includes(roomOf(to))),
    );
    expect(wrong.map(([from, to]) => `${from} → ${to}`)).toEqual([]);
  });

  it("features import stages, never the reverse: only the top and the features themselves import the editor or the dev server", () => {
    const wrong = edges().filter(
      ([from, to]) =>
        upperFeatures.includes(roomOf(to)) && !upperFeatures.includes(roomOf(from)) && roomOf(from) !== "top",
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

  it("no import runs back up between rooms, beyond the known ones still to untangle", () => {
    // Two rooms that import each other, as "a ⇄ b". The known pairs are pinned: a new one fails, and one
    // untangled must leave this list.
    const pairs = new Set<string>();
    const between = new Set(edges().map(([from, to]) => `${roomOf(from)} ${roomOf(to)}`));
    for (const edge of between) {
      const [a, b] = edge.split(" ") as [string, string];
      // The top runs the features (commands) and the features run the pipeline, build(): that is their contract.
      if (a === "top" || b === "top") continue;
      if (a !== b && between.has(`${b} ${a}`)) pairs.add([a, b].sort().join(" ⇄ "));
    }
    expect([...pairs].sort()).toEqual(knownCycles);
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
