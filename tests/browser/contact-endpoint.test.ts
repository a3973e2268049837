/**
 * The contact form with a form endpoint in site.yaml (`contact.form.endpoint`): a copy of the real project
 * names a receiver this test starts on 127.0.0.1, as Formspree, Basin or the owner's own script would
 * receive the form, and Chromium sends enquiries to it in both languages, with JavaScript and without.
 * The `mailto:` form without an endpoint is tests/browser/contact-form.test.ts.
 */
import { rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { build, resolveConfig } from "../../generator/index.ts";
import { startServer } from "../../generator/dev/serve.ts";
import { headerRules, headersFor } from "../../generator/hosts/host-config.ts";
import { borrowChromium } from "../support/chromium.ts";
import { copyProject, editFile } from "../support/project.ts";
import { newContext, storeConsent, thirdPartyRequests } from "./support.ts";
import { german, routeOf } from "../support/addresses.ts";
import type { Route } from "../../model/route.ts";

const address = "training@deichhof-sales-ranch.de";
const baseUrl = "https://www.deichhof-sales-ranch.de";
const texts = {
  en: {
    path: "/contact/",
    submit: "Send Enquiry",
    sending: "Sending…",
    subject: "Training enquiry",
    sentTitle: "Enquiry Sent!",
    sentText: "Thank you for your enquiry. We reply within 24\u00a0hours.",
    failedTitle: "Your Enquiry Was Not Sent",
    copy: "Copy Message",
    edit: "Edit Message",
    trap: "Leave this field empty",
  },
  de: {
    path: german("/contact/"),
    submit: "Anfrage senden",
    sending: "Wird gesendet…",
    subject: "Trainingsanfrage",
    sentTitle: "Anfrage gesendet!",
    sentText: "Vielen Dank für Ihre Anfrage. Wir antworten innerhalb von 24\u00a0Stunden.",
    failedTitle: "Ihre Anfrage wurde nicht gesendet",
    copy: "Nachricht kopieren",
    edit: "Nachricht bearbeiten",
    trap: "Dieses Feld bitte leer lassen",
  },
};
type Locale = keyof typeof texts;

/** What a visitor types: non-ASCII letters, characters a URL encoding reserves, and a line break. */
const enquiry = (locale: Locale, javaScript: boolean) => ({
  name: `Jürgen Weiß (${locale}, ${javaScript ? "js" : "html"})`,
  email: "juergen.weiss@example.com",
  company: "Größe über Straße & Söhne GmbH",
  // What a booking needs besides (issue 35): each under a stable name.
  participants: "3",
  phone: "+49 40 123 456-7",
  children: "2 (4 & 7 Jahre)",
  purchaseOrder: "PO-4711/B",
  message: "Größe über Straße: 12 Personen?\nZweite Zeile + 100% = ja & #1",
});

/** One post as the receiver got it: every field in order, as the WHATWG urlencoded parser reads the body. */
interface Received {
  path: string;
  accept: string;
  contentType: string;
  fields: [string, string][];
}

/**
 * A form endpoint as form services are: it answers a script (Accept: application/json) with JSON and CORS,
 * and a plain form post with a redirect to the form's `_next` (the built "sent" page, on the site it serves).
 */
class Receiver {
  readonly posts: Received[] = [];
  /** Every request, preflights included: a simple form post needs none. */
  readonly methods: string[] = [];
  answer: "ok" | "fail" | "drop" = "ok";
  /** While held, answers wait for release(), so the test can see the form while its message is on the way. */
  private hold: Promise<void> = Promise.resolve();
  private open = () => {};
  siteOrigin = "";
  readonly server: Server = createServer(async (request, response) => {
    this.methods.push(request.method ?? "");
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const fields = [...new URLSearchParams(Buffer.concat(chunks).toString("utf8"))];
    this.posts.push({
      path: request.url ?? "",
      accept: request.headers.accept ?? "",
      contentType: request.headers["content-type"] ?? "",
      fields,
    });
    await this.hold;
    if (this.answer === "drop") return void request.socket.destroy();
    const cors = { "access-control-allow-origin": request.headers.origin ?? "*" };
    if (this.answer === "fail")
      return void response.writeHead(500, { ...cors, "content-type": "application/json" }).end('{"error":"down"}');
    if (/application\/json/.test(request.headers.accept ?? ""))
      return void response.writeHead(200, { ...cors, "content-type": "application/json" }).end('{"ok":true}');
    const next = new URL(Object.fromEntries(fields)["_next"] ?? "/", this.siteOrigin);
    response.writeHead(303, { location: this.siteOrigin + next.pathname }).end();
  });

  holdAnswers() {
    this.hold = new Promise((resolve) => (this.open = resolve));
  }

  /** Answers what waits, and from now on at once, as it was told (a test that failed may have left it held). */
  release() {
    this.open();
    this.hold = Promise.resolve();
  }

  get origin() {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
}

const receiver = new Receiver();
let root: string;
let outDir: string;
/** The built copy's routes: its "sent" page is only there with the endpoint. */
let routes: readonly Route[];
let site: Server;
let origin: string;
let browser: Browser;
let release: () => Promise<void> = async () => {};

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.server.listen(0, "127.0.0.1", resolve));
  root = await copyProject();
  await editFile(
    root,
    "content/site.yaml",
    '  phone: "+49 4671 930 41 20"\n',
    // With the facts the privacy policy quotes for a form service (check refuses the form without them).
    `  phone: "+49 4671 930 41 20"\n  form:\n    endpoint: ${receiver.origin}/inbox\n    service: Test Receiver\n    country: DE\n    transfer: none\n    retentionDays: 30\n`,
  );
  outDir = `${root}/dist`;
  const config = resolveConfig({ root, outDir });
  const [report, borrowed] = await Promise.all([build(config), borrowChromium()]);
  ({ browser, release } = borrowed);
  // Served with the headers the shipped host configuration sets, the Content-Security-Policy among them.
  routes = report.routes;
  const rules = headerRules(report.hostConfig);
  site = await startServer({
    dir: outDir,
    port: 0,
    site: () => report.hostConfig,
    basePath: config.basePath,
    headers: (file) => headersFor(rules, file),
  });
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  receiver.siteOrigin = origin;
});

// Whatever a test did to the receiver, the next one finds it answering "ok" at once.
afterEach(() => {
  receiver.release();
  receiver.answer = "ok";
});

afterAll(async () => {
  receiver.release();
  await release();
  await Promise.all([
    new Promise((resolve) => site?.close(resolve)),
    new Promise((resolve) => receiver.server.close(resolve)),
  ]);
  if (root) await rm(root, { recursive: true, force: true });
});

/** A fresh context with a choice stored, the clipboard allowed, the network closed and CSP violations logged. */
async function openContext(javaScriptEnabled: boolean): Promise<BrowserContext> {
  const context = await newContext(browser, {
    javaScriptEnabled,
    permissions: ["clipboard-read", "clipboard-write"],
    reducedMotion: "reduce",
  });
  await storeConsent(context, "rejected");
  await context.addInitScript(() => {
    const log: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = log;
    document.addEventListener("securitypolicyviolation", (event) =>
      log.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return context;
}

async function fill(page: Page, values: Partial<ReturnType<typeof enquiry>>) {
  for (const [name, value] of Object.entries(values)) await page.locator(`[data-field="${name}"]`).fill(value);
}

/** What axe finds on the page as it is now, with the tags the quality tier checks every page with. */
const axeFindings = async (page: Page) =>
  (
    await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
      .options({ resultTypes: ["violations"] })
      .setLegacyMode(true)
      .analyze()
  ).violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`);

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
const crlf = (text: string) => text.replace(/\n/g, "\r\n");

/** The fields a post must carry, in the form's order: the visible ones, then the hidden ones, then the honeypot. */
function expectedFields(locale: Locale, values: ReturnType<typeof enquiry>, subject: string): [string, string][] {
  return [
    ["name", values.name],
    ["email", values.email],
    ["company", values.company],
    ["participants", values.participants],
    ["phone", values.phone],
    ["children", values.children],
    ["purchaseOrder", values.purchaseOrder],
    ["message", crlf(values.message)],
    ["_subject", subject],
    ["language", locale],
    ["_next", `${baseUrl}${routeOf("contact-sent", locale, routes).href}`],
    ["_gotcha", ""],
  ];
}

describe("contact form with an endpoint", () => {
  it("names the endpoint's origin in form-action and connect-src, and no longer mailto:", async () => {
    const response = await fetch(`${origin}/contact/`);
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toContain(`form-action 'self' ${receiver.origin};`);
    expect(policy).toContain(`connect-src 'self' ${receiver.origin};`);
    expect(policy).not.toContain("mailto:");
    const html = await response.text();
    expect(html).toContain(`action="${receiver.origin}/inbox" method="post"`);
    expect(html).not.toContain('enctype="text/plain"');
  });

  for (const locale of ["en", "de"] as const) {
    const text = texts[locale];

    it(`(${locale}) with JavaScript: posts every field with fetch, shows the sending state, then "sent" with focus`, async () => {
      const context = await openContext(true);
      const page = await context.newPage();
      await page.goto(origin + text.path);
      const values = enquiry(locale, true);
      await fill(page, values);
      const before = receiver.posts.length;
      receiver.holdAnswers();
      await page.getByRole("button", { name: text.submit }).click();
      // On the way: the button cannot send twice and says so; the form is busy.
      const button = page.locator('form[data-contact-form] button[type="submit"]');
      await expect.poll(() => button.textContent()).toBe(text.sending);
      expect(await button.isDisabled()).toBe(true);
      expect(await page.locator("form[data-contact-form]").getAttribute("aria-busy")).toBe("true");
      receiver.release();
      const sent = page.locator("[data-form-sent]");
      await sent.waitFor({ state: "visible" });
      expect(await sent.getAttribute("role")).toBe("status");
      expect((await sent.locator(".result-title").textContent())?.trim()).toBe(text.sentTitle);
      expect((await sent.locator("p").first().textContent())?.trim()).toBe(text.sentText);
      // What happens next, and when: the reply within the hours the page promises.
      expect(await sent.locator(".next-steps li").count()).toBe(2);
      expect(await sent.locator(".next-steps").innerText()).toMatch(/24/);
      expect(await page.evaluate(() => document.activeElement?.hasAttribute("data-form-sent"))).toBe(true);
      expect(await page.locator("form[data-contact-form]").isHidden()).toBe(true);
      expect(await axeFindings(page)).toEqual([]);
      expect(receiver.posts.slice(before)).toEqual([
        {
          path: "/inbox",
          accept: "application/json",
          contentType: "application/x-www-form-urlencoded;charset=UTF-8",
          fields: expectedFields(locale, values, `${text.subject} – ${values.name}`),
        },
      ]);
      expect(await violations(page)).toEqual([]);
      expect(thirdPartyRequests(context)).toEqual([]);
      await context.close();
    });

    it(`(${locale}) without JavaScript: a plain form post, and the receiver's redirect lands on the built "sent" page`, async () => {
      const context = await openContext(false);
      const page = await context.newPage();
      await page.goto(origin + text.path);
      const values = enquiry(locale, false);
      await fill(page, values);
      const before = receiver.posts.length;
      await page.getByRole("button", { name: text.submit }).click();
      await page.waitForURL(`${origin}${routeOf("contact-sent", locale, routes).href}`);
      expect((await page.locator("h1").textContent())?.trim()).toBe(text.sentTitle);
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
      const posts = receiver.posts.slice(before);
      expect(posts).toHaveLength(1);
      expect(posts[0]!.contentType).toBe("application/x-www-form-urlencoded");
      expect(posts[0]!.accept).not.toContain("application/json");
      expect(posts[0]!.fields).toEqual(expectedFields(locale, values, text.subject));
      expect(thirdPartyRequests(context)).toEqual([]);
      await context.close();
    });
  }

  for (const locale of ["en", "de"] as const)
    it(`(${locale}) an enquiry without a company is refused at the field, with JavaScript and without, and nothing is posted`, async () => {
      const { company, ...values } = enquiry(locale, true);
      const before = receiver.posts.length;
      for (const javaScript of [true, false]) {
        const context = await openContext(javaScript);
        const page = await context.newPage();
        await page.goto(origin + texts[locale].path);
        await fill(page, values);
        await page.getByRole("button", { name: texts[locale].submit }).click();
        const field = page.locator('[data-field="company"]');
        if (javaScript) {
          expect(await field.getAttribute("aria-invalid")).toBe("true");
          expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset["field"])).toBe(
            "company",
          );
          expect(await page.locator(".field-error:visible").allTextContents()).toEqual([
            locale === "de"
              ? "Bitte geben Sie Ihr Unternehmen an; unser Angebot richtet sich ausschließlich an Unternehmer."
              : "Please enter your company; we train businesses only.",
          ]);
        } else {
          expect(await field.evaluate((input) => (input as HTMLInputElement).validity.valueMissing)).toBe(true);
          expect(page.url()).toBe(origin + texts[locale].path);
        }
        await page.waitForTimeout(200);
        await context.close();
      }
      expect(company).not.toBe("");
      expect(receiver.posts.length).toBe(before);
    });

  it("(de) a date's enquiry link fills the form, and its subject reaches the endpoint", async () => {
    const context = await openContext(true);
    const page = await context.newPage();
    await page.goto(origin + texts.de.path);
    const enquiries = JSON.parse(
      (await page.locator("form[data-contact-form]").getAttribute("data-enquiries")) ?? "{}",
    ) as Record<string, { subject: string; message: string }>;
    const [key, date] = Object.entries(enquiries).find(([name]) => name.startsWith("date="))!;
    await page.goto(`${origin}${texts.de.path}?${key}#form-title`);
    const message = page.locator('[data-field="message"]');
    expect(await message.inputValue()).toBe(`${date.message}\n\n`);
    const values = enquiry("de", true);
    await fill(page, { name: values.name, email: values.email, company: values.company });
    await message.press("End");
    await message.pressSequentially("Zwölf Plätze.");
    const before = receiver.posts.length;
    await page.getByRole("button", { name: texts.de.submit }).click();
    await page.locator("[data-form-sent]").waitFor({ state: "visible" });
    const fields = Object.fromEntries(receiver.posts.slice(before)[0]!.fields);
    expect(fields["_subject"]).toBe(`${date.subject} – ${values.name}`);
    expect(fields["message"]).toBe(crlf(`${date.message}\n\nZwölf Plätze.`));
    expect(fields["language"]).toBe("de");
    await context.close();
  });

  it("(en) when the endpoint answers 500: the text is kept, with the mail link and the copy button; a retry sends", async () => {
    const context = await openContext(true);
    const page = await context.newPage();
    await page.goto(origin + texts.en.path);
    const values = enquiry("en", true);
    await fill(page, values);
    receiver.answer = "fail";
    await page.getByRole("button", { name: texts.en.submit }).click();
    const result = page.locator("[data-form-result]");
    await result.waitFor({ state: "visible" });
    expect((await result.locator("h3:visible").textContent())?.trim()).toBe(texts.en.failedTitle);
    expect(await page.evaluate(() => document.activeElement?.hasAttribute("data-form-result"))).toBe(true);
    expect(await page.locator("[data-form-sent]").isHidden()).toBe(true);
    expect(await axeFindings(page)).toEqual([]);
    // The mail link opens the visitor's mail program with the whole message (RFC 6068).
    const mail = new URL((await result.locator("[data-mail-link]").getAttribute("href")) ?? "");
    expect(mail.protocol + mail.pathname).toBe(`mailto:${address}`);
    const body = decodeURIComponent(mail.search.split("&body=")[1] ?? "");
    expect(body).toBe(
      [
        `Full Name: ${values.name}`,
        `Email Address: ${values.email}`,
        `Company: ${values.company}`,
        `Participants: ${values.participants}`,
        `Phone: ${values.phone}`,
        `Children: ${values.children}`,
        `Purchase order or cost centre: ${values.purchaseOrder}`,
        "",
        crlf(values.message),
      ].join("\r\n"),
    );
    await result.getByRole("button", { name: texts.en.copy }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(body.replace(/\r\n/g, "\n"));
    // Back to the form: every value is still there, and the button sends again.
    await result.getByRole("button", { name: texts.en.edit }).click();
    for (const [name, value] of Object.entries(values))
      expect(await page.locator(`[data-field="${name}"]`).inputValue()).toBe(value);
    const button = page.locator('form[data-contact-form] button[type="submit"]');
    expect(await button.isEnabled()).toBe(true);
    expect((await button.textContent())?.trim()).toBe(texts.en.submit);
    receiver.answer = "ok";
    const before = receiver.posts.length;
    await button.click();
    await page.locator("[data-form-sent]").waitFor({ state: "visible" });
    expect(receiver.posts.length).toBe(before + 1);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it("(de) when the connection breaks: the failure in German, the message kept", async () => {
    const context = await openContext(true);
    const page = await context.newPage();
    await page.goto(origin + texts.de.path);
    const values = enquiry("de", true);
    await fill(page, values);
    receiver.answer = "drop";
    await page.getByRole("button", { name: texts.de.submit }).click();
    const result = page.locator("[data-form-result]");
    await result.waitFor({ state: "visible" });
    expect((await result.locator("h3:visible").textContent())?.trim()).toBe(texts.de.failedTitle);
    expect(await result.getByRole("button", { name: texts.de.copy }).isVisible()).toBe(true);
    expect(await result.locator("[data-mail-link]").getAttribute("href")).toMatch(
      new RegExp(`^mailto:${address}\\?subject=`),
    );
    await result.getByRole("button", { name: texts.de.edit }).click();
    expect(await page.locator('[data-field="message"]').inputValue()).toBe(values.message);
    await context.close();
  });

  it("(en) the honeypot: no person or screen reader meets it, and a message a bot filled it in is dropped", async () => {
    const context = await openContext(true);
    const page = await context.newPage();
    await page.goto(origin + texts.en.path);
    expect(await page.getByRole("textbox", { name: texts.en.trap }).count()).toBe(0);
    expect(await axeFindings(page)).toEqual([]);
    const trap = page.locator('input[name="_gotcha"]');
    expect(await trap.getAttribute("tabindex")).toBe("-1");
    expect(await trap.getAttribute("autocomplete")).toBe("off");
    const box = await trap.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(0);
    // Tabbing from the message goes to the button, past the honeypot.
    await page.locator('[data-field="message"]').focus();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.getAttribute("type"))).toBe(
      "submit",
    );
    await fill(page, enquiry("en", true));
    await trap.evaluate((input) => ((input as HTMLInputElement).value = "https://spam.example"));
    const before = receiver.posts.length;
    await page.getByRole("button", { name: texts.en.submit }).click();
    await page.locator("[data-form-sent]").waitFor({ state: "visible" });
    expect(receiver.posts.length).toBe(before);
    await context.close();
  });

  it("needed no preflight: every request the receiver got was a POST", () => {
    expect(receiver.methods.length).toBeGreaterThan(0);
    expect(new Set(receiver.methods)).toEqual(new Set(["POST"]));
  });
});
