/**
 * site.yaml `contact.form` as an editor sets it, in a copy of the project: what the build makes of an
 * endpoint and of Netlify Forms. The posts themselves are sent in Chromium by
 * tests/browser/contact-endpoint.test.ts; the mailto: form without a setting by contact-form.test.ts.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { build, resolveConfig } from "../../generator/index.ts";
import { headerRules } from "../../generator/hosts/host-config.ts";
import { readPage } from "../support/html.ts";
import type { HostingProvider } from "../../model/legal.ts";
import { configure } from "../support/configure.ts";
import { copyProject, editFile } from "../support/project.ts";
import { routeOf, siteRoutes } from "../support/addresses.ts";
import { siteLanguageCodes } from "../support/languages.ts";

/** Builds a copy of the project with these lines under `contact:` (and that host); returns its output folder and CSP. */
async function buildWithForm(lines: string, host: HostingProvider = "github-pages") {
  const root = await copyProject();
  await configure(root, { host, form: "mailto", editor: false, legalForm: "Einzelunternehmen" });
  const phone = '  phone: "+49 4671 930 41 20"\n';
  await editFile(root, "content/site.yaml", phone, `${phone}  form:\n${lines}`);
  const out = path.join(root, "dist");
  const report = await build(resolveConfig({ root, outDir: out }));
  // Each language's contact page and its sent page, where the copy's own routes put them (/de/kontakt/gesendet/).
  const routes = await siteRoutes(root);
  const pages = siteLanguageCodes.map((locale) => ({
    locale,
    contact: routeOf("contact", locale, routes),
    sent: routeOf("contact-sent", locale, routes),
  }));
  return { out, pages, csp: headerRules(report.hostConfig).security["content-security-policy"]! };
}

const directive = (csp: string, name: string) =>
  csp
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

describe("contact.form in site.yaml", () => {
  it("endpoint: the form posts there under stable names; a noindex sent page per language, outside the sitemap", async () => {
    const { out, pages, csp } = await buildWithForm(
      "    endpoint: https://formspree.io/f/xyzabcde\n    service: Formspree\n    country: US\n    transfer: data-privacy-framework\n    retentionDays: 30\n",
    );
    for (const { locale, contact, sent } of pages) {
      const page = await readPage(out, contact.file);
      const form = page.root.querySelector("form[data-contact-form]")!;
      expect(form.getAttribute("action")).toBe("https://formspree.io/f/xyzabcde");
      expect(form.getAttribute("method")).toBe("post");
      expect(form.getAttribute("enctype")).toBeUndefined();
      expect(form.getAttribute("data-netlify")).toBeUndefined();
      const names = form.querySelectorAll("input, textarea").map((control) => control.getAttribute("name"));
      expect(names).toEqual([
        "name",
        "email",
        "company",
        "participants",
        "phone",
        "children",
        "purchaseOrder",
        "message",
        "_subject",
        "language",
        "_next",
        "_gotcha",
      ]);
      expect(form.querySelector('input[name="language"]')!.getAttribute("value")).toBe(locale);
      expect(form.querySelector('input[name="company"]')!.getAttribute("required")).toBe("");
      expect(form.querySelector('input[name="_next"]')!.getAttribute("value")).toBe(
        `https://www.deichhof-sales-ranch.de${sent.href}`,
      );
      const sentPage = await readPage(out, sent.file);
      expect(sentPage.root.querySelector('meta[name="robots"]')!.getAttribute("content")).toBe("noindex");
      expect(sentPage.root.querySelector('link[rel="canonical"]')).toBeNull();
    }
    expect(await readFile(path.join(out, "sitemap.xml"), "utf8")).not.toContain("/sent/");
    expect(directive(csp, "form-action")).toBe("form-action 'self' https://formspree.io");
    expect(directive(csp, "connect-src")).toBe("connect-src 'self' https://formspree.io");
  });

  it("netlify: true: Netlify's attributes and form-name, the sent page as the action, and only 'self' in the CSP", async () => {
    // Netlify Forms only work where Netlify hosts the site: the legal check refuses them on another host.
    const { out, pages, csp } = await buildWithForm("    netlify: true\n    retentionDays: 30\n", "netlify");
    for (const { contact, sent } of pages) {
      const page = await readPage(out, contact.file);
      const form = page.root.querySelector("form[data-contact-form]")!;
      expect(form.getAttribute("action")).toBe(sent.href);
      expect(form.getAttribute("name")).toBe("contact");
      expect(form.getAttribute("data-netlify")).toBe("true");
      expect(form.getAttribute("netlify-honeypot")).toBe("_gotcha");
      expect(form.querySelector('input[name="form-name"]')!.getAttribute("value")).toBe("contact");
      expect(form.querySelector('input[name="_next"]')).toBeNull();
      expect(form.querySelector('input[name="_gotcha"]')).not.toBeNull();
      // Business only (§ 14 BGB): the browser refuses a post without a company, even without JavaScript.
      expect(form.querySelector('input[name="company"]')!.getAttribute("required")).toBe("");
      await readPage(out, sent.file);
    }
    expect(directive(csp, "form-action")).toBe("form-action 'self'");
    expect(directive(csp, "connect-src")).toBe("connect-src 'self'");
  });
});
