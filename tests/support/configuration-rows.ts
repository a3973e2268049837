/**
 * The matrix of configurations the README offers (design.md §11, issue 33), and what a build of each must be:
 * refused with its located line, or built with no raw `{placeholder}` of a fact on any page and no sentence of
 * another host, form mode or legal form, in both languages.
 *
 * Cost: the whole product is 5 × 3 × 2 × 9 = 270 builds; one in-process build (MemoryWriter, the project's warm
 * cache) takes about 1.5 s here, so the product would cost minutes. What the texts depend on decides the rows:
 * the privacy and cookie policies depend on the host and the form mode together (and Netlify Forms only exist on
 * Netlify), the host files and /admin/ on the host and the editor, the imprint on the legal form alone (no text
 * depends on the legal form and anything else). So the rows are a covering array: every host × form mode once
 * (15 rows), the editor alternating so that each host and each form mode is built with it on and off, and the
 * legal forms cycling through the rows so that each of the nine is built, in both languages, at least once.
 *
 * The rows with the editor on need its code (`npm run get-editor`), which a plain clone does not have: they are
 * a file of their own (tests/cli/configurations-editor.test.ts), skipped and named in the run's summary there.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, expect, it } from "vitest";
import { build, ContentErrors, formatError, MemoryWriter, resolveConfig } from "../../generator/index.ts";
import { hostingProviders, legalForms, type HostingProvider, type LegalForm } from "../../model/legal.ts";
import { outputFile } from "./addresses.ts";
import { companyNames, configure, formService, hostCompany, type Configuration, type FormKind } from "./configure.ts";
import { decodedHtml, plainText } from "./html.ts";
import { copyProject } from "./project.ts";

const hosts = Object.keys(hostingProviders) as HostingProvider[];
const forms: FormKind[] = ["mailto", "endpoint", "netlify"];
export const legalFormNames = Object.keys(legalForms) as LegalForm[];

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
export const formSentences: Record<LegalForm, { en: string; de: string }> = {
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
export const rawPlaceholder = /\{(?:[A-Za-z]\w*\.)+[A-Za-z]\w*\}|\{(?:name|baseUrl)\}/;
/** The main text of a page, tags dropped. */
export const mainText = (html: string) => plainText(html.slice(html.indexOf("<main"), html.indexOf("</main>")));

/** The rows a plain clone can build, and those that need the editor's code. */
export const editorOffRows = rows.filter((row) => !row.editor);
export const editorOnRows = rows.filter((row) => row.editor);

const label = (row: Configuration) =>
  `${row.host} · ${row.form} form · editor ${row.editor ? "on" : "off"} · ${row.legalForm}`;

/** A copy of the project, made before the file's tests, and its site.yaml as shipped (each row starts from it). */
export interface ProjectCopy {
  root: string;
  original: string;
}

/** A copy of the project for the tests of one file (made in its beforeAll). */
export function copiedProject(): ProjectCopy {
  const copy: ProjectCopy = { root: "", original: "" };
  beforeAll(async () => {
    copy.root = await copyProject();
    copy.original = await readFile(path.join(copy.root, "content/site.yaml"), "utf8");
  });
  return copy;
}

/** A test per row, named by `label`: the copy set to the row is refused or built as expectBuiltOrRefused says. */
export function itBuildsOrRefusesEach(rows: readonly Configuration[], project: ProjectCopy): void {
  it.each(rows.map((row) => [label(row), row] as const))("%s", (_, row) =>
    expectBuiltOrRefused(project.root, row, project.original),
  );
}

/** Builds the project at `root` set to `row` (from its site.yaml `original`) and checks what a visitor would read. */
async function expectBuiltOrRefused(root: string, row: Configuration, original: string): Promise<void> {
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
}

function escaped(alternatives: string): string {
  return alternatives
    .split("|")
    .map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("|");
}
