/**
 * Every configuration the README offers (design.md §11, issue 33): each host × form mode × the web editor on or
 * off × legal form is either refused, with its located line, or built with no raw `{placeholder}` of a fact on
 * any page and no sentence of another host, form mode or legal form, in both languages.
 *
 * Cost: the whole product is 5 × 3 × 2 × 9 = 270 builds; one in-process build (MemoryWriter, the project's warm
 * cache) takes about 1.5 s here, so the product would cost minutes. What the texts depend on decides the rows:
 * the privacy and cookie policies depend on the host and the form mode together (and Netlify Forms only exist on
 * Netlify), the host files and /admin/ on the host and the editor, the imprint on the legal form alone (no text
 * depends on the legal form and anything else). So the rows are a covering array: every host × form mode once
 * (15 rows), the editor alternating so that each host and each form mode is built with it on and off, and the
 * legal forms cycling through the rows so that each of the nine is built, in both languages, at least once.
 * The texts of every legal form are also checked without a build, on the loaded imprint of each (9 loads).
 */
import { outputFile } from "../support/addresses.ts";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { build, check, ContentErrors, formatError, MemoryWriter, resolveConfig } from "../../generator/index.ts";
import { loadContent } from "../../generator/load/content.ts";
import { hostingProviders, legalForms, type HostingProvider, type LegalForm } from "../../model/legal.ts";
import {
  companyNames,
  configure,
  configuredSite,
  formService,
  hostCompany,
  type Configuration,
  type FormKind,
} from "../support/configure.ts";
import { decodedHtml, plainText } from "../support/html.ts";
import { copyProject } from "../support/project.ts";

const hosts = Object.keys(hostingProviders) as HostingProvider[];
const forms: FormKind[] = ["mailto", "endpoint", "netlify"];
const legalFormNames = Object.keys(legalForms) as LegalForm[];

/** The rows: every host × form mode, the editor alternating, the legal forms cycling (see above). */
const rows: Configuration[] = hosts.flatMap((host, hostIndex) =>
  forms.map((form, formIndex) => {
    const index = hostIndex * forms.length + formIndex;
    return { host, form, editor: (hostIndex + formIndex) % 2 === 0, legalForm: legalFormNames[index % 9]! };
  }),
);

/** Words only one host's paragraphs say, per language. */
const hostMarkers: Record<HostingProvider, string> = {
  "github-pages": "GitHub, Inc., 88 Colin P. Kelly Jr. Street",
  netlify: "Netlify delivers|Netlify liefert",
  "cloudflare-pages": "Cloudflare, Inc.|__cf_bm",
  "own-server": "(nginx)",
  "shared-hosting": "(Apache)",
};
/** Words only one form mode's paragraph says. */
const formMarkers: Record<FormKind, string> = {
  mailto: "does not transmit anything to a server|überträgt keine Daten an einen Server",
  endpoint: `${formService}`,
  netlify: "Akismet",
};
/** The imprint's sentence of each legal form, per language. */
const formSentences: Record<LegalForm, { en: string; de: string }> = {
  Einzelunternehmen: { en: "as a sole proprietorship", de: "als Einzelunternehmen geführt" },
  "e. K.": {
    en: "entered in the commercial register (e. K.), owned by",
    de: "im Handelsregister eingetragenes Einzelunternehmen (e. K.) von",
  },
  GbR: { en: "civil-law partnership", de: "Gesellschaft bürgerlichen Rechts, vertreten" },
  OHG: { en: "general partnership", de: "Offene Handelsgesellschaft, vertreten" },
  KG: { en: "limited partnership", de: "Kommanditgesellschaft; persönlich haftend und vertretungsberechtigt:" },
  "GmbH & Co. KG": {
    en: "limited partnership",
    de: "Kommanditgesellschaft; persönlich haftend und vertretungsberechtigt:",
  },
  GmbH: { en: "managing directors", de: "Geschäftsführung" },
  "UG (haftungsbeschränkt)": { en: "managing directors", de: "Geschäftsführung" },
  AG: { en: "management board", de: "durch den Vorstand" },
};

/** A placeholder of a fact left in a page: `{contact.email}`, `{name}`. Scripts and styles are not text. */
const rawPlaceholder = /\{(?:[A-Za-z]\w*\.)+[A-Za-z]\w*\}|\{(?:name|baseUrl)\}/;
/** The main text of a page, tags dropped. */
const mainText = (html: string) => plainText(html.slice(html.indexOf("<main"), html.indexOf("</main>")));

let root: string;
let original: string;
beforeAll(async () => {
  root = await copyProject();
  original = await readFile(path.join(root, "content/site.yaml"), "utf8");
});

const label = (row: Configuration) =>
  `${row.host} · ${row.form} form · editor ${row.editor ? "on" : "off"} · ${row.legalForm}`;

describe("every configuration is refused with its located line, or built without a raw placeholder or another's sentence", () => {
  it.each(rows.map((row) => [label(row), row] as const))("%s", async (_, row) => {
    await configure(root, row, original);
    const writer = new MemoryWriter();
    const refused = row.form === "netlify" && row.host !== "netlify";
    const built = build(resolveConfig({ root, mode: "build" }), writer).then(
      () => undefined,
      (error: unknown) => error,
    );
    const error = await built;
    if (refused) {
      expect(error).toBeInstanceOf(ContentErrors);
      expect(formatError(error, { writes: false }).split("\n")).toEqual([
        expect.stringMatching(
          new RegExp(
            `^content/site\\.yaml:\\d+:\\d+: contact\\.form says netlify: true, but hosting\\.provider is ${row.host}: Netlify Forms only work on Netlify$`,
          ),
        ),
        "  hint: Set hosting.provider: netlify, or give the form an endpoint: of your form service.",
        "1 content error.",
      ]);
      return;
    }
    expect(error && formatError(error, { writes: false })).toBeUndefined();
    const pages = [...writer.files].filter(([file]) => /\.(html|ics|xml|txt|json)$/.test(file));
    for (const [file, contents] of pages)
      expect(decodedHtml(String(contents)), `a raw placeholder in ${file}`).not.toMatch(rawPlaceholder);
    expect(writer.files.has("admin/index.html")).toBe(row.editor);
    for (const language of ["en", "de"] as const) {
      // Each page where the routes put it in that language (/de/datenschutz/).
      const page = (name: string) => mainText(String(writer.files.get(outputFile(name, language))));
      const privacy = page("privacy-policy");
      const cookies = page("cookie-policy");
      const imprint = page("imprint");
      const legal = `${privacy} ${cookies} ${imprint} ${page("terms-of-service")}`;
      expect(privacy).toMatch(new RegExp(escaped(hostMarkers[row.host])));
      for (const other of hosts.filter((host) => host !== row.host))
        expect(legal, `${other}'s sentence on ${row.host}`).not.toMatch(new RegExp(escaped(hostMarkers[other])));
      expect(privacy).toMatch(new RegExp(escaped(formMarkers[row.form])));
      for (const other of forms.filter((form) => form !== row.form))
        expect(legal, `the ${other} form's sentence`).not.toMatch(new RegExp(escaped(formMarkers[other])));
      if (row.host !== "github-pages") expect(privacy).toContain(hostCompany);
      expect(imprint).toContain(companyNames[row.legalForm]);
      expect(imprint).toContain(formSentences[row.legalForm][language]);
      for (const other of legalFormNames.filter(
        (form) => formSentences[form][language] !== formSentences[row.legalForm][language],
      ))
        expect(imprint, `the ${other} sentence`).not.toContain(formSentences[other][language]);
    }
  });
});

describe("the imprint of every legal form, in both languages", () => {
  it.each(legalFormNames)(
    "%s: its name, its sentence, register and representative where the form has them",
    async (form) => {
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

function escaped(alternatives: string): string {
  return alternatives
    .split("|")
    .map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("|");
}
