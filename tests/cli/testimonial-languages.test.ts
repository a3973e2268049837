/**
 * A testimonial may start in one language, as an owner writes the German one first: it shows on the German
 * pages only, and `check` lists its missing English version as a translation to do, a warning, not an error.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { build, resolveConfig } from "../../generator/index.ts";
import { copyProject } from "../support/project.ts";
import { outputFile } from "../support/addresses.ts";

describe("a testimonial in German only", () => {
  it("shows on the German pages, and its English version is a translation to do", async () => {
    const root = await copyProject();
    const file = "content/testimonials/05-maren-ketels.de.md";
    await writeFile(
      path.join(root, file),
      "---\nname: Maren Ketels\nrole: Vertriebsleiterin, Nordwind Logistik\nheadline: Endlich ein Training, das hängen bleibt\n---\nNach drei Tagen auf dem Deich führen wir Gespräche ganz anders.\n",
    );
    const out = path.join(root, "dist");
    const report = await build(resolveConfig({ root, outDir: out }));
    expect(await readFile(path.join(out, outputFile("references", "de")), "utf8")).toContain("Maren Ketels");
    expect(await readFile(path.join(out, "references/index.html"), "utf8")).not.toContain("Maren Ketels");
    expect(report.contentWarnings.map((warning) => warning.message)).toContain(
      `${file}:1:1: warning: "05-maren-ketels" has no English version yet: it shows on the German pages only`,
    );
  });
});
