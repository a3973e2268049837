/**
 * The legal texts follow the configuration (model/legal.ts): for every host × form mode, a copy of the
 * project is loaded as an editor's site.yaml sets it (tests/support/configure.ts), and each privacy policy, in both
 * languages, has the paragraphs that configuration needs and no sentence another one needs; `check` refuses a
 * legal text the configuration makes false. Whole builds of every configuration: tests/cli/configurations.test.ts.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { legalContradictions } from "../../generator/check/legal-facts.ts";
import { legalSettingsProblems } from "../../generator/check/legal-settings.ts";
import { resolveConfig } from "../../generator/index.ts";
import { loadContent } from "../../generator/load/content.ts";
import { configuredSite, formService, hostCompany, type FormKind } from "../support/configure.ts";
import { plainText } from "../support/html.ts";
import { copyProject, editFile } from "../support/project.ts";

/** What each host's paragraph must say, per language; every other host's words must be absent. */
const hosts = {
  "github-pages": {
    en: [
      "GitHub, Inc., 88 Colin P. Kelly Jr. Street",
      "on its own responsibility, not on our behalf",
      "Data Privacy Framework",
    ],
    de: ["GitHub, Inc., 88 Colin P. Kelly Jr. Street", "in eigener Verantwortung von GitHub", "Data Privacy Framework"],
  },
  netlify: {
    en: [hostCompany, "Art. 28 GDPR", "standard contractual clauses", "referrer", "after 14 days"],
    de: [hostCompany, "Art. 28 DSGVO", "Standardvertragsklauseln", "Referrer", "nach 14 Tagen"],
  },
  "cloudflare-pages": {
    en: [hostCompany, "Art. 28 GDPR", "Cloudflare, Inc. is certified", "referrer", "after 14 days"],
    de: [
      hostCompany,
      "Art. 28 DSGVO",
      "Cloudflare, Inc. ist nach dem EU-US Data Privacy Framework",
      "Referrer",
      "nach 14 Tagen",
    ],
  },
  "own-server": {
    en: [hostCompany, "(nginx)", "number of bytes sent", "European Economic Area (Germany); the logs", "after 14 days"],
    de: [
      hostCompany,
      "(nginx)",
      "Anzahl der übertragenen Bytes",
      "Wirtschaftsraum (Deutschland); die Protokolle",
      "nach 14 Tagen",
    ],
  },
  "shared-hosting": {
    en: [
      hostCompany,
      "(Apache)",
      "number of bytes sent",
      "European Economic Area (Germany); the logs",
      "after 14 days",
    ],
    de: [
      hostCompany,
      "(Apache)",
      "Anzahl der übertragenen Bytes",
      "Wirtschaftsraum (Deutschland); die Protokolle",
      "nach 14 Tagen",
    ],
  },
} as const;
type Host = keyof typeof hosts;
/** The words only each host's paragraph says. */
const markers: Record<Host, string> = {
  "github-pages": "GitHub",
  netlify: "Netlify",
  "cloudflare-pages": "Cloudflare",
  "own-server": "(nginx)",
  "shared-hosting": "(Apache)",
};

const forms = {
  mailto: {
    en: ["Our contact form does not transmit anything to a server"],
    de: ["Unser Kontaktformular überträgt keine Daten an einen Server"],
  },
  endpoint: {
    en: [`to our form service ${formService}`, "Art. 28 GDPR", "in the USA, on the basis", "after 30 days"],
    de: [`an unseren Formulardienst ${formService}`, "Art. 28 DSGVO", "in den USA; Grundlage", "nach 30 Tagen"],
  },
  netlify: {
    en: [`to Netlify Forms, a service of our host ${hostCompany}`, "Akismet", "after 30 days"],
    de: [`an Netlify Forms, einen Dienst unseres Hosting-Anbieters ${hostCompany}`, "Akismet", "nach 30 Tagen"],
  },
} as const satisfies Record<FormKind, unknown>;
type Form = keyof typeof forms;

/** Sentences no configuration may print: the old generic hosting text, and anything left unfilled. */
const never = ["for a limited time", "für begrenzte Zeit", "do not sell or share", "Alle akzeptieren", "<!--", "{"];

let root: string;
let original: string;
beforeAll(async () => {
  root = await copyProject();
  original = await readFile(path.join(root, "content/site.yaml"), "utf8");
});

/** The project's site.yaml with this host and form mode and every owner fact they need. */
async function configure(host: Host, form: Form) {
  const text = configuredSite(original, { host, form, editor: false, legalForm: "Einzelunternehmen" });
  await writeFile(path.join(root, "content/site.yaml"), text);
  return loadContent(resolveConfig({ root }));
}

const combinations = (Object.keys(hosts) as Host[]).flatMap((host) =>
  (Object.keys(forms) as Form[])
    // Netlify Forms exist only where Netlify hosts the site (refused otherwise, below).
    .filter((form) => form !== "netlify" || host === "netlify")
    .map((form) => [host, form] as const),
);

describe("the privacy policy on every host and in every form mode", () => {
  it.each(combinations)(
    "%s with the %s form: its paragraphs in both languages, and nothing another needs",
    async (host, form) => {
      const content = await configure(host, form);
      expect(content.problems.map((problem) => problem.message)).toEqual([]);
      expect(legalContradictions(content).map((problem) => problem.message)).toEqual([]);
      expect(legalSettingsProblems(content).map((problem) => problem.message)).toEqual([]);
      for (const { locale, pages } of content.locales) {
        const language = locale as "en" | "de";
        const text = plainText(pages["privacy-policy"]!.html);
        for (const wanted of [...hosts[host][language], ...forms[form][language]]) expect(text).toContain(wanted);
        const others = [
          ...(Object.keys(hosts) as Host[]).filter((other) => other !== host).map((other) => markers[other]),
          ...(Object.keys(forms) as Form[]).filter((other) => other !== form).map((other) => forms[other][language][0]),
        ];
        for (const unwanted of [...others, ...never]) expect(text).not.toContain(unwanted);
        // The host that logs on its own responsibility is never called our processor in the hosting section.
        const hosting = text.slice(
          text.indexOf(language === "en" ? "Hosting and Access Logs" : "Hosting und Zugriffsprotokolle"),
        );
        const section = hosting.slice(
          0,
          hosting.indexOf(language === "en" ? "Your Choice in Browser Storage" : "Ihre Auswahl im Browserspeicher"),
        );
        if (host === "github-pages") expect(section).not.toMatch(/Art\. 28|on our behalf under|in unserem Auftrag auf/);
        else expect(section).toMatch(/Art\. 28/);
      }
    },
  );

  it("the cookie notes and the privacy policy name the banner's buttons as the dictionaries label them, in both languages", async () => {
    await writeFile(path.join(root, "content/site.yaml"), original);
    const content = await loadContent(resolveConfig({ root }));
    for (const { locale, pages, dictionary } of content.locales) {
      const [open, close] = locale === "de" ? ["„", "“"] : ["“", "”"];
      const label = (key: string) => plainText(dictionary.get(key)!.text).trim();
      const cookies = plainText(pages["cookie-policy"]!.html);
      const privacy = plainText(pages["privacy-policy"]!.html);
      for (const key of ["cookie.accept", "cookie.reject", "cookie.close", "footer.cookieSettings"])
        expect(cookies).toContain(`${open}${label(key)}${close}`);
      for (const key of ["cookie.accept", "cookie.reject", "footer.cookieSettings"])
        expect(privacy).toContain(`${open}${label(key)}${close}`);
      expect(pages["cookie-policy"]!.description).toContain(label("cookie.accept"));
    }
    // The German banner's button was renamed; no legal text may keep the old name.
    expect(content.locales.find((locale) => locale.locale === "de")!.dictionary.get("cookie.accept")!.text).toBe(
      "Webschriften erlauben",
    );
  });

  it("refuses Netlify Forms on another host, and a policy that still says the form transmits nothing", async () => {
    const phone = '  phone: "+49 4671 930 41 20"\n';
    const netlifyElsewhere = original.replace(phone, `${phone}  form:\n    netlify: true\n    retentionDays: 30\n`);
    await writeFile(path.join(root, "content/site.yaml"), netlifyElsewhere);
    const refused = legalSettingsProblems(await loadContent(resolveConfig({ root }))).map((problem) => problem.message);
    expect(refused[0]).toMatch(
      /^content\/site\.yaml:\d+:\d+: contact\.form says netlify: true, but hosting\.provider is github-pages: Netlify Forms only work on Netlify$/,
    );

    // An editor drops the condition around the mailto: sentence, then sets an endpoint.
    await editFile(
      root,
      "content/pages/privacy-policy.de.md",
      "<!-- if contact.form.mode = mailto -->\nUnser",
      "Unser",
    );
    await editFile(root, "content/pages/privacy-policy.de.md", "ebenso.\n<!-- end -->", "ebenso.");
    const configured = await configure("github-pages", "endpoint");
    const problems = legalContradictions(configured).map((problem) => problem.message);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^content\/pages\/privacy-policy\.de\.md:\d+:\d+: The text says the contact form transmits nothing, but site\.yaml sets contact\.form: it posts to a form service$/,
    );
    await writeFile(path.join(root, "content/site.yaml"), original);
  });
});
