/**
 * Every configuration the README offers (design.md §11, issue 33), the rows a plain clone can build: each is
 * refused with its located line, or built with no raw `{placeholder}` of a fact and no sentence of another host,
 * form mode or legal form, in both languages. The matrix and what each build must be: tests/support/configuration-rows.ts;
 * the rows with the web editor on: configurations-editor.test.ts. The texts of every legal form are also checked
 * without a build, on the loaded imprint of each (9 loads).
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { check, formatError, resolveConfig } from "../../generator/index.ts";
import { loadContent } from "../../generator/load/content.ts";
import { legalForms } from "../../model/legal.ts";
import {
  copiedProject,
  editorOffRows,
  formSentences,
  itBuildsOrRefusesEach,
  legalFormNames,
  mainText,
  rawPlaceholder,
} from "../support/configuration-rows.ts";
import { configure, configuredSite, formService, hostCompany } from "../support/configure.ts";

const project = copiedProject();

describe("every configuration is refused with its located line, or built without a raw placeholder or another's sentence", () =>
  itBuildsOrRefusesEach(editorOffRows, project));

describe("the imprint of every legal form, in both languages", () => {
  it.each(legalFormNames)(
    "%s: its name, its sentence, register and representative where the form has them",
    async (form) => {
      const { root, original } = project;
      await configure(root, { host: "github-pages", form: "mailto", editor: false, legalForm: form }, original);
      const content = await loadContent(resolveConfig({ root }));
      expect(content.problems.map((problem) => problem.message)).toEqual([]);
      for (const { locale, pages } of content.locales) {
        const imprint = mainText(`<main>${pages["imprint"]!.html}</main>`);
        expect(imprint).not.toMatch(rawPlaceholder);
        // A name that ends in its form's abbreviation ("… e. K.") never ends a sentence with a second full stop.
        expect(imprint).not.toMatch(/[^.]\.\.(?!\.)/);
        expect(imprint).toContain(formSentences[form][locale as "en" | "de"]);
        const register = legalForms[form].register;
        if (register === "HRA" || register === "HRB")
          expect(imprint).toContain(`Amtsgericht Flensburg, ${register} 1234`);
        else expect(imprint).not.toContain("Amtsgericht");
        if (legalForms[form].representative) expect(imprint).toContain("Katrin Jessen");
      }
    },
  );
});

it("check refuses each owner fact a configuration lacks, in one located line with the line to add", async () => {
  const lacking = [
    `  company: "${hostCompany}"\n`,
    "  logDays: 14\n",
    `    service: "${formService}"\n`,
    "    retentionDays: 30\n",
    "  register: Amtsgericht Flensburg, HRB 1234\n",
    "  representative: Katrin Jessen\n",
  ];
  const { root, original } = project;
  const full = configuredSite(original, { host: "shared-hosting", form: "endpoint", editor: false, legalForm: "GmbH" });
  for (const line of lacking) expect(full).toContain(line);
  await writeFile(
    path.join(root, "content/site.yaml"),
    lacking.reduce((text, line) => text.replace(line, ""), full),
  );
  const error = await check(resolveConfig({ root })).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  const lines = formatError(error, { writes: false }).split("\n");
  const refused = lines.filter((line) => line.startsWith("content/")).map((line) => line.split(" ")[1]);
  expect(refused.sort()).toEqual([
    "contact.form.retentionDays",
    "contact.form.service",
    "hosting.company",
    "hosting.logDays",
    "legal.register",
    "legal.representative",
  ]);
  expect(lines.at(-1)).toBe("6 content errors.");
  for (const line of lines.filter((line) => line.startsWith("content/")))
    expect(line).toMatch(/^content\/site\.yaml:\d+:\d+: [\w.]+ is not set: /);
  for (const line of lines.filter((line) => line.startsWith("  hint: ")))
    expect(line).toMatch(/^ {2}hint: Add it to content\/site\.yaml under [\w.]+, such as \w+: \S/);
});
