/**
 * Where a V8 CPU profile (`node --cpu-prof`) spends its time, by module: each sample's own function is
 * named by its source file and package through the CLI bundle's source map (bin/cli-bundle.js
 * `sourceMapOfBundle`), so remark's parser, React and our own stages show apart instead of as one bundle.
 * Three views of the main thread's busy time: self time by module (package or project file), self time
 * by function, and by stage, where each sample counts for the innermost of our own functions on its stack
 * (markdown parsing with the micromark code it calls, rendering with React's).
 */
import { readFile } from "node:fs/promises";
import { SourceMap } from "node:module";
import { pathToFileURL } from "node:url";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

export interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Microseconds of busy main thread, in total and by name in each view. */
export interface Summary {
  busy: number;
  modules: Map<string, number>;
  functions: Map<string, number>;
  stages: Map<string, number>;
}

/** The bundle file the profile ran and its source map's JSON text. */
export interface BundleMap {
  file: string;
  map: string;
}

export async function readProfile(file: string): Promise<Profile> {
  return JSON.parse(await readFile(file, "utf8")) as Profile;
}

/** The busy samples of `profile` between `from` and `to` (the profile's clock: µs, as process.hrtime), by view. */
export function summarise(profile: Profile, bundle?: BundleMap, window: { from?: number; to?: number } = {}): Summary {
  const map = bundle && new SourceMap(JSON.parse(bundle.map));
  const bundleUrl = bundle && pathToFileURL(bundle.file).href;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  const places = new Map<number, { source: string; line: number }>();
  /** The source file and line a node's function comes from, through the map when it is in the bundle. */
  const place = (node: ProfileNode): { source: string; line: number } => {
    let found = places.get(node.id);
    if (!found) {
      const { url, lineNumber, columnNumber } = node.callFrame;
      const entry = (
        map && (url === bundle!.file || url === bundleUrl) ? map.findEntry(lineNumber, columnNumber) : undefined
      ) as { originalSource?: string; originalLine?: number } | undefined;
      found = entry?.originalSource
        ? { source: entry.originalSource, line: (entry.originalLine ?? 0) + 1 }
        : { source: url, line: lineNumber + 1 };
      places.set(node.id, found);
    }
    return found;
  };
  const moduleOf = (node: ProfileNode) => {
    const name = node.callFrame.functionName;
    const { source } = place(node);
    if (!source) return name.startsWith("(") ? name : `(native) ${name}`;
    return moduleName(source);
  };
  const functionOf = (node: ProfileNode) => {
    const { source, line } = place(node);
    return `${node.callFrame.functionName || "(anonymous)"} ${source ? `${moduleName(source)}:${line}` : ""}`.trim();
  };
  const ownOf = (node: ProfileNode) => {
    const { source } = place(node);
    return /(^|\/)(generator|bin|model)\//.test(source) && !source.includes("node_modules/") ? functionOf(node) : "";
  };

  const summary: Summary = { busy: 0, modules: new Map(), functions: new Map(), stages: new Map() };
  const add = (table: Map<string, number>, key: string, micros: number) =>
    table.set(key, (table.get(key) ?? 0) + micros);
  let time = profile.startTime;
  for (let index = 0; index < profile.samples.length; index++) {
    time += profile.timeDeltas[index]!;
    const micros = profile.timeDeltas[index + 1] ?? 0;
    if (time < (window.from ?? -Infinity) || time > (window.to ?? Infinity)) continue;
    const node = byId.get(profile.samples[index]!)!;
    const name = node.callFrame.functionName;
    if (name === "(idle)") continue;
    summary.busy += micros;
    add(summary.modules, moduleOf(node), micros);
    add(summary.functions, functionOf(node), micros);
    let stage = name === "(garbage collector)" || name === "(program)" ? name : "";
    for (let id: number | undefined = node.id; !stage && id !== undefined; id = parent.get(id))
      stage = ownOf(byId.get(id)!);
    add(summary.stages, stage || `(outside our code) ${moduleOf(node)}`, micros);
  }
  return summary;
}

/** A package by its name (`micromark`, `@scope/name`), a file of the project by its path, Node's own code as `node:…`. */
function moduleName(source: string): string {
  const path = source.replace(/^file:\/\//, "");
  const packages = path.lastIndexOf("node_modules/");
  if (path.includes("node_modules/.cache/ranch-site/templates/")) return "templates (compiled)";
  if (packages >= 0) {
    const [scope, name] = path.slice(packages + "node_modules/".length).split("/");
    return scope!.startsWith("@") ? `${scope}/${name}` : scope!;
  }
  // Bundled packages appear relative to the bundle's folder (node_modules/.cache/ranch-site/cli/).
  const bundled = /^(?:\.\.\/)+(?!generator\/|bin\/|model\/|templates\/)(@[^/]+\/[^/]+|[^/.][^/]*)\//.exec(path);
  if (bundled) return bundled[1]!;
  if (path.startsWith("node:")) return `node:${path.slice(5).split("/")[0]}`;
  return path.replace(/^(?:\.\.\/)+/, "").replace(/^.*?\/(generator|bin|model|templates)\//, "$1/");
}

/** The `count` largest entries of a view as lines: ms (÷ `per`), share of the busy time, name. */
export function topLines(table: Map<string, number>, busy: number, count: number, per = 1): string[] {
  return [...table]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(
      ([name, micros]) =>
        `${(micros / 1000 / per).toFixed(per === 1 ? 0 : 2).padStart(8)} ms ${((100 * micros) / busy).toFixed(1).padStart(5)} %  ${name}`,
    );
}

/** `after` less `before`, entry by entry: what the larger run added (per added page, once divided). */
export function difference(after: Summary, before: Summary): Summary {
  const minus = (a: Map<string, number>, b: Map<string, number>) =>
    new Map([...new Set([...a.keys(), ...b.keys()])].map((key) => [key, (a.get(key) ?? 0) - (b.get(key) ?? 0)]));
  return {
    busy: after.busy - before.busy,
    modules: minus(after.modules, before.modules),
    functions: minus(after.functions, before.functions),
    stages: minus(after.stages, before.stages),
  };
}
