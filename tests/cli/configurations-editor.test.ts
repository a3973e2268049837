/**
 * The configurations of the matrix with the web editor on (tests/support/configuration-rows.ts): built with
 * /admin/, or refused with their located line, like every other row. A build with the editor on needs its
 * code (`npm run get-editor`), so a plain clone skips this file and its summary says so.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, it } from "vitest";
import { editorOnRows, expectBuiltOrRefused, label } from "../support/configuration-rows.ts";
import { copyProject } from "../support/project.ts";

let root: string;
let original: string;
beforeAll(async () => {
  root = await copyProject();
  original = await readFile(path.join(root, "content/site.yaml"), "utf8");
});

describe("every configuration with the web editor on is refused with its located line, or built without a raw placeholder or another's sentence", () => {
  it.each(editorOnRows.map((row) => [label(row), row] as const))("%s", (_, row) =>
    expectBuiltOrRefused(root, row, original),
  );
});
