/**
 * site.yaml as an owner sets it for one configuration the README offers (design.md §11): a host, a form mode,
 * the web editor on or off, a legal form, each with every owner fact it needs. The matrix of configurations
 * (tests/cli/configurations.test.ts) and the tests of one setting build copies of the project with it.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { legalForms, type HostingProvider, type LegalForm } from "../../model/legal.ts";

export type FormKind = "mailto" | "endpoint" | "netlify";

export interface Configuration {
  host: HostingProvider;
  form: FormKind;
  editor: boolean;
  legalForm: LegalForm;
}

export const hostCompany = "Beispiel Hosting GmbH, Hafenstraße 1, 20457 Hamburg";
export const formService = "Beispiel Formulare GmbH, Kaistraße 2, 24114 Kiel";

/** The form's settings under `contact:`, each with the owner facts the privacy policy quotes. */
export const formLines: Record<FormKind, string> = {
  mailto: "",
  endpoint: `  form:\n    endpoint: https://forms.example/f/abc\n    service: "${formService}"\n    country: US\n    transfer: data-privacy-framework\n    retentionDays: 30\n`,
  netlify: "  form:\n    netlify: true\n    retentionDays: 30\n",
};

/** The business's name as registered under each legal form. */
export const companyNames: Record<LegalForm, string> = {
  Einzelunternehmen: "Deichhof Sales Ranch – Katrin Jessen",
  "e. K.": "Deichhof Sales Ranch e. K.",
  GbR: "Deichhof Sales Ranch GbR",
  OHG: "Deichhof Sales Ranch OHG",
  KG: "Deichhof Sales Ranch KG",
  "GmbH & Co. KG": "Deichhof Sales Ranch GmbH & Co. KG",
  GmbH: "Deichhof Sales Ranch GmbH",
  "UG (haftungsbeschränkt)": "Deichhof Sales Ranch UG (haftungsbeschränkt)",
  AG: "Deichhof Sales Ranch AG",
};

const replaceOnce = (text: string, find: string, replacement: string) => {
  if (!text.includes(find)) throw new Error(`site.yaml does not contain ${JSON.stringify(find)}`);
  return text.replace(find, () => replacement);
};

/** The project's site.yaml (`original`) set to this configuration, with every owner fact it needs. */
export function configuredSite(original: string, { host, form, editor, legalForm }: Configuration): string {
  const phone = '  phone: "+49 4671 930 41 20"\n';
  let text = replaceOnce(original, phone, phone + formLines[form]);
  const hosting = [`  provider: ${host}`];
  if (host !== "github-pages") hosting.push(`  company: "${hostCompany}"`, "  logDays: 14");
  if (host === "own-server" || host === "shared-hosting") hosting.push("  country: DE", "  transfer: none");
  text = replaceOnce(text, "\n  provider: github-pages\n", `\n${hosting.join("\n")}\n`);
  const rules = legalForms[legalForm];
  const legal = [`  company: ${companyNames[legalForm]}`, `  form: ${legalForm}`];
  if (rules.register === "HRA" || rules.register === "HRB")
    legal.push(`  register: Amtsgericht Flensburg, ${rules.register} 1234`);
  if (rules.representative) legal.push("  representative: Katrin Jessen");
  text = replaceOnce(
    text,
    "  company: Deichhof Sales Ranch – Katrin Jessen\n  form: Einzelunternehmen\n",
    `${legal.join("\n")}\n`,
  );
  if (editor) text += "\neditor:\n  repo: owner/ranch-site\n";
  return text;
}

/** Writes the configuration into a project copy's content/site.yaml, from the text it had when copied. */
export async function configure(root: string, configuration: Configuration, original?: string): Promise<string> {
  const file = path.join(root, "content/site.yaml");
  const text = original ?? (await readFile(file, "utf8"));
  await writeFile(file, configuredSite(text, configuration));
  return text;
}
