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

  it("the load stage imports no later stage: routes, checks, rendering or writing", () => {
    const later = /^generator\/(routes|check|check-rendered|render|build)\.ts$|^generator\/write\//;
    const backwards = [...graph].flatMap(([file, imports]) =>
      file.startsWith("generator/load/")
        ? imports.filter((target) => later.test(target)).map((target) => `${file} → ${target}`)
        : [],
    );
    expect(backwards).toEqual([]);
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
