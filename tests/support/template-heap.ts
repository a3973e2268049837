/**
 * Measures the heap `watch` keeps per template edit: copies templates/ into a scratch project, then
 * edits a template and loads the templates again, `edits` times, collecting garbage before each
 * reading. Run with `node --expose-gc --import tsx tests/support/template-heap.ts <scratch> <edits>`;
 * prints `{ "perEdit": <bytes>, "files": <files left in the cache folder> }` as JSON.
 */
import { cp, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { loadTemplates } from "../../generator/load/templates.ts";

const [scratchArg, editsArg = "40"] = process.argv.slice(2);
if (!scratchArg) throw new Error("usage: template-heap.ts <scratch folder> [edits]");
const scratch = scratchArg;
const edits = Number(editsArg);
const repo = path.resolve(import.meta.dirname, "../..");
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");

await mkdir(scratch, { recursive: true });
await cp(path.join(repo, "templates"), path.join(scratch, "templates"), { recursive: true });
await cp(path.join(repo, "model"), path.join(scratch, "model"), { recursive: true });
const edited = path.join(scratch, "templates", "Layout.tsx");
const original = await readFile(edited, "utf8");
const files = ["pages/Home.tsx", "pages/Contact.tsx"];

async function edit(index: number): Promise<void> {
  // A real change to the compiled code, as a maintainer's edit is: a new module each time.
  await writeFile(edited, `${original}\nexport const edit = ${JSON.stringify(`edit ${index} `.repeat(20))};\n`);
  await loadTemplates(scratch, files);
}

const heap = () => {
  for (let round = 0; round < 4; round++) gc();
  return process.memoryUsage().heapUsed;
};
// Warm up: esbuild's service, React and the loader's own caches are paid once, not per edit.
for (let index = 0; index < 5; index++) await edit(index);
const before = heap();
for (let index = 0; index < edits; index++) await edit(1000 + index);
const after = heap();
const left = await readdir(path.join(scratch, "node_modules", ".cache", "ranch-site", "templates"));
console.log(JSON.stringify({ perEdit: Math.round((after - before) / edits), files: left.length }));
