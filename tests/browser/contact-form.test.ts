/** The contact form in a real browser (design.md §6, RFC 6068): tests F1–F4. */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  newContext,
  collectErrors,
  languageVersions,
  scrollSettled,
  startBrowserTests,
  storeConsent,
  thirdPartyRequests,
} from "./support.ts";
import { address as addressOf, german } from "../support/addresses.ts";

const address = "training@deichhof-sales-ranch.de";
const texts = {
  en: {
    path: "/contact/",
    submit: "Send Enquiry",
    errors: {
      name: "Please enter your full name.",
      email: "Please enter your email address.",
      company: "Please enter your company; we train businesses only.",
      message: "Please enter your message.",
    },
    invalidEmail: "Please enter a valid email address, such as name@company.com.",
    labels: ["Full Name", "Email Address", "Company"],
    subject: "Training enquiry",
    ready: "Message Ready!",
    tooLong: "Your message is too long to open in an email client.",
    copy: "Copy Message",
    copied: "Message copied.",
    copyFailed: "Copying did not work. Please select the text and copy it yourself.",
    edit: "Edit Message",
  },
  // The build keeps "E-" with "Mail" (a non-breaking hyphen, generator/load/typography.ts).
  de: {
    path: german("/contact/"),
    submit: "Anfrage senden",
    errors: {
      name: "Bitte geben Sie Ihren Vor- und Nachnamen ein.",
      email: "Bitte geben Sie Ihre E\u2011Mail-Adresse ein.",
      company: "Bitte geben Sie Ihr Unternehmen an; unser Angebot richtet sich ausschließlich an Unternehmer.",
      message: "Bitte geben Sie Ihre Nachricht ein.",
    },
    invalidEmail: "Bitte geben Sie eine gültige E\u2011Mail-Adresse ein, zum Beispiel name@firma.de.",
    labels: ["Name", "E\u2011Mail-Adresse", "Unternehmen"],
    subject: "Trainingsanfrage",
    ready: "Nachricht vorbereitet!",
    tooLong: "Ihre Nachricht ist zu lang, um sie in einem E\u2011Mail-Programm zu öffnen.",
    copy: "Nachricht kopieren",
    copied: "Nachricht kopiert.",
    copyFailed: "Das Kopieren hat nicht funktioniert. Bitte markieren Sie den Text und kopieren Sie ihn selbst.",
    edit: "Nachricht bearbeiten",
  },
};
// What a visitor might type that must stay text: RFC 6068 reserves & ? # % + and = in header values.
const tricky = {
  name: "Hallo & Tschüss? #1 + 50%",
  email: "anna.berg@example.com",
  company: "x&bcc=evil@example.com",
  message: "Erste Zeile & mehr?\nx&bcc=evil@example.com\n\n#3 + 100% = ?",
};

let origin: string;
let browser: Browser;
let stop: () => Promise<void>;
beforeAll(async () => ({ origin, browser, stop } = await startBrowserTests()));
afterAll(() => stop?.());

/**
 * A context with a choice stored (so the banner stays out of the way), the clipboard allowed and the network
 * closed. Motion is reduced: the form is checked where scrolling comes to rest (scrollSettled), which smooth
 * scrolling reaches the same, and the view transition to the contact page is not what is checked (N3 is).
 */
async function decidedContext(options: Parameters<Browser["newContext"]>[0] = {}): Promise<BrowserContext> {
  const context = await newContext(browser, {
    permissions: ["clipboard-read", "clipboard-write"],
    reducedMotion: "reduce",
    ...options,
  });
  await storeConsent(context, "rejected");
  return context;
}

const tabs = new Map<boolean, Promise<Page>>();

/**
 * The file's tab with a choice stored, with JavaScript or without: the tests share one each, since each starts
 * with a page load and the form stores nothing (a new tab costs Chromium a new renderer).
 */
function decidedTab(javaScriptEnabled = true): Promise<Page> {
  let tab = tabs.get(javaScriptEnabled);
  if (!tab) {
    tab = decidedContext({ javaScriptEnabled }).then((context) => context.newPage());
    tabs.set(javaScriptEnabled, tab);
  }
  return tab;
}

/**
 * Opens the contact page, in the shared tab at this size or in a new tab of `context`, and records every
 * mailto: navigation it starts and every error, until the next test opens it.
 */
async function openForm(
  path: string,
  {
    context,
    javaScriptEnabled = true,
    viewport = { width: 1280, height: 720 },
  }: { context?: BrowserContext; javaScriptEnabled?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<{ page: Page; opened: string[]; errors: string[] }> {
  const page = context ? await context.newPage() : await decidedTab(javaScriptEnabled);
  // The shared tab's listeners of the test before.
  for (const event of ["request", "console", "pageerror"] as const) page.removeAllListeners(event);
  await page.setViewportSize(viewport);
  const opened: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith("mailto:")) opened.push(request.url());
  });
  const errors = collectErrors(page);
  await page.goto(origin + path);
  return { page, opened, errors };
}

async function fill(page: Page, values: Partial<typeof tricky>) {
  for (const [name, value] of Object.entries(values)) await page.locator(`[data-field="${name}"]`).fill(value);
}

const visibleErrors = (page: Page) => page.locator(".field-error:visible").allTextContents();
const focusedField = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset["field"]);
const invalidFields = (page: Page) =>
  page
    .locator("[aria-invalid=true]")
    .evaluateAll((fields) => fields.map((field) => (field as HTMLElement).dataset["field"]));
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

describe("contact form", () => {
  for (const [locale, text] of Object.entries(texts)) {
    it(`F1 (${locale}): an invalid submit shows translated messages at the fields, focuses the first, and opens nothing`, async () => {
      const { page, opened, errors } = await openForm(text.path, {
        viewport: locale === "de" ? { width: 390, height: 844 } : { width: 1280, height: 800 },
      });
      expect(
        await page.locator("form[data-contact-form]").evaluate((form) => (form as HTMLFormElement).noValidate),
      ).toBe(true);
      await page.getByRole("button", { name: text.submit }).click();
      expect(await visibleErrors(page)).toEqual([
        text.errors.name,
        text.errors.email,
        text.errors.company,
        text.errors.message,
      ]);
      expect(await invalidFields(page)).toEqual(["name", "email", "company", "message"]);
      expect(await focusedField(page)).toBe("name");
      // The label comes into view with its field, even when the field's box alone is just below the sticky header.
      await scrollSettled(page);
      await page.evaluate(() => {
        const header = document.querySelector(".site-header")!.getBoundingClientRect().bottom;
        window.scrollBy({
          top: document.querySelector("#field-name")!.getBoundingClientRect().top - header - 4,
          behavior: "instant",
        });
        document.querySelector<HTMLFormElement>("[data-contact-form]")!.requestSubmit();
      });
      const labelShows = () =>
        page.locator("label[for=field-name]").evaluate((label) => {
          const rect = label.getBoundingClientRect();
          return label.contains(document.elementFromPoint(rect.left + 10, rect.top + 2));
        });
      await scrollSettled(page);
      expect(await labelShows()).toBe(true);
      // Each message is the field's description (aria-describedby), so it is read with the field.
      for (const name of ["name", "email", "company", "message"] as const) {
        const describedBy = await page.locator(`[data-field="${name}"]`).getAttribute("aria-describedby");
        expect(await page.locator(`#${describedBy!.split(" ").at(-1)}`).textContent()).toBe(text.errors[name]);
      }

      await fill(page, {
        name: "Anna Berg",
        email: "anna@firma",
        company: "Nordlicht Software GmbH",
        message: "Hallo",
      });
      await page.getByRole("button", { name: text.submit }).click();
      expect(await visibleErrors(page)).toEqual([text.invalidEmail]);
      expect(await invalidFields(page)).toEqual(["email"]);
      expect(await focusedField(page)).toBe("email");
      await page.locator("[data-field=email]").pressSequentially(".de");
      expect(await visibleErrors(page)).toEqual([]);
      expect(await invalidFields(page)).toEqual([]);

      await fill(page, { message: "   " });
      await page.getByRole("button", { name: text.submit }).click();
      expect(await visibleErrors(page)).toEqual([text.errors.message]);
      expect(await focusedField(page)).toBe("message");
      await page.waitForTimeout(200);
      expect(opened).toEqual([]);
      expect(await page.locator("[data-form-result]").isHidden()).toBe(true);
      expect(errors).toEqual([]);
    });

    it(`F6 (${locale}): an enquiry without a company is refused at the company field, which says the offer is for businesses`, async () => {
      const { page, opened, errors } = await openForm(text.path);
      await fill(page, { name: "Anna Berg", email: "anna@example.com", message: "Hallo" });
      await page.getByRole("button", { name: text.submit }).click();
      expect(await visibleErrors(page)).toEqual([text.errors.company]);
      expect(await invalidFields(page)).toEqual(["company"]);
      expect(await focusedField(page)).toBe("company");
      const company = page.locator("[data-field=company]");
      expect(await company.evaluate((field) => (field as HTMLInputElement).required)).toBe(true);
      // The business-only line is the field's description, read with it, and it names § 14 BGB (in English, "Section 14 of the German Civil Code") and the invoice.
      const hint = await company.getAttribute("aria-describedby");
      expect(await page.locator(`#${hint!.split(" ")[0]}`).textContent()).toMatch(
        locale === "de"
          ? /Unternehmer\sim\sSinne\svon\s§\s14\sBGB.*Rechnung\sgeht\san\sIhr\sUnternehmen/
          : /Section\s14\sof\sthe\sGerman\sCivil\sCode.*invoice\syour\scompany/,
      );
      // The form links the privacy notice.
      expect(
        await page.locator(`form[data-contact-form] a[href$='${addressOf("privacy-policy", locale)}']`).count(),
      ).toBe(1);
      await page.waitForTimeout(200);
      expect(opened).toEqual([]);
      expect(errors).toEqual([]);
    });

    it(`F2 (${locale}): a valid submit opens an RFC 6068 mailto: link in the same tab, then offers the address and a copy`, async () => {
      const { page, opened, errors } = await openForm(text.path);
      await fill(page, tricky);
      const request = page.waitForEvent("request", (candidate) => candidate.url().startsWith("mailto:"));
      await page.getByRole("button", { name: text.submit }).click();
      const url = (await request).url();

      const [path, query = ""] = url.split(/\?(.*)/s);
      expect(path).toBe(`mailto:${address}`);
      const headers = query.split("&").map((pair) => pair.split("="));
      expect(headers.map(([name]) => name)).toEqual(["subject", "body"]);
      expect(headers.every((pair) => pair.length === 2)).toBe(true);
      const [[, subject = ""], [, body = ""]] = headers as [string[], string[]];
      expect(decodeURIComponent(subject)).toBe(`${text.subject} – ${tricky.name}`);
      expect(subject).not.toMatch(/%0[AD]/i);
      const [name, email, company] = text.labels;
      const plain = `${name}: ${tricky.name}\n${email}: ${tricky.email}\n${company}: ${tricky.company}\n\n${tricky.message}`;
      expect(decodeURIComponent(body)).toBe(plain.replaceAll("\n", "\r\n"));
      expect(body).not.toMatch(/(?<!%0D)%0A|%0D(?!%0A)/);
      expect(url.length).toBeLessThanOrEqual(1900);
      expect(page.url()).toBe(origin + text.path);
      expect(opened).toHaveLength(1);

      const result = page.locator("[data-form-result]");
      expect(await result.getByRole("heading", { name: text.ready }).isVisible()).toBe(true);
      expect(await result.getByText(text.tooLong).isHidden()).toBe(true);
      expect(await result.getByRole("link", { name: address }).isVisible()).toBe(true);
      expect(await page.locator("form[data-contact-form]").isHidden()).toBe(true);
      expect(await result.evaluate((panel) => panel === document.activeElement)).toBe(true);

      await result.getByRole("button", { name: text.copy }).click();
      await expect.poll(() => result.locator("[data-copy-status]").textContent()).toBe(text.copied);
      expect(await clipboard(page)).toBe(plain);
      expect(errors).toEqual([]);
    });
  }

  it("F3: a link over 1,900 characters opens nothing and offers the copy fallback; Edit message keeps the values", async () => {
    const { page, opened, errors } = await openForm("/contact/");
    const message = "We would like to book the training for our whole team. ".repeat(30);
    await fill(page, { name: "Anna Berg", email: "anna@example.com", company: "Nordlicht Software GmbH", message });
    await page.getByRole("button", { name: "Send Enquiry" }).click();
    const result = page.locator("[data-form-result]");
    await result.waitFor({ state: "visible" });
    // The long form it replaced had scrolled the card's heading away: it comes back into view.
    await scrollSettled(page);
    expect(
      await page.locator("#form-title").evaluate((heading) => {
        const rect = heading.getBoundingClientRect();
        return heading.contains(document.elementFromPoint(rect.left + 10, rect.top + 4));
      }),
    ).toBe(true);
    expect(await result.getByText(texts.en.tooLong).isVisible()).toBe(true);
    expect(await result.getByText(texts.en.ready).isHidden()).toBe(true);
    expect(await result.getByRole("link", { name: address }).isVisible()).toBe(true);
    await result.getByRole("button", { name: "Copy Message" }).click();
    await expect.poll(() => result.locator("[data-copy-status]").textContent()).toBe(texts.en.copied);
    expect(await clipboard(page)).toBe(
      `Full Name: Anna Berg\nEmail Address: anna@example.com\nCompany: Nordlicht Software GmbH\n\n${message.trim()}`,
    );
    await page.waitForTimeout(200);
    expect(opened).toEqual([]);

    await result.getByRole("button", { name: "Edit Message" }).click();
    expect(await result.isHidden()).toBe(true);
    expect(await focusedField(page)).toBe("message");
    for (const [name, value] of Object.entries({ name: "Anna Berg", email: "anna@example.com", message }))
      expect(await page.locator(`[data-field="${name}"]`).inputValue()).toBe(value);
    expect(errors).toEqual([]);
  });

  it("F3: where copying is refused, the message is shown selected for the visitor to copy", async () => {
    const context = await decidedContext({ permissions: [] });
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "clipboard", {
        get: () => ({
          writeText: () => Promise.reject(new DOMException("Write permission denied.", "NotAllowedError")),
        }),
      });
      document.execCommand = () => false;
    });
    const { page, errors } = await openForm(german("/contact/"), { context });
    await fill(page, {
      name: "Anna Berg",
      email: "anna@example.com",
      company: "Nordlicht Software GmbH",
      message: "Hallo!",
    });
    await page.getByRole("button", { name: texts.de.submit }).click();
    await page.getByRole("button", { name: texts.de.copy }).click();
    const status = page.locator("[data-copy-status]");
    await expect.poll(() => status.textContent()).toBe(texts.de.copyFailed);
    expect(await status.getAttribute("role")).toBe("status");
    expect(await status.getAttribute("data-failed")).toBe("");
    const shown = await page.locator("[data-copy-text]").evaluate((area) => {
      const text = area as HTMLTextAreaElement;
      return {
        visible: !text.hidden,
        focused: text === document.activeElement,
        selected: text.value.slice(text.selectionStart, text.selectionEnd),
      };
    });
    expect(shown).toEqual({
      visible: true,
      focused: true,
      selected:
        "Name: Anna Berg\nE\u2011Mail-Adresse: anna@example.com\nUnternehmen: Nordlicht Software GmbH\n\nHallo!",
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("F4: without JavaScript the form is a mailto: form, and the browser blocks an empty submit", async () => {
    const { page, opened } = await openForm("/contact/", { javaScriptEnabled: false });
    const form = page.locator("form[data-contact-form]");
    expect(
      await form.evaluate((element) => ({
        action: element.getAttribute("action"),
        method: element.getAttribute("method"),
        enctype: element.getAttribute("enctype"),
      })),
    ).toEqual({
      action: `mailto:${address}`,
      method: "post",
      enctype: "text/plain",
    });
    expect(
      await page
        .locator("[data-field]:required")
        .evaluateAll((fields) => fields.map((field) => (field as HTMLElement).dataset["field"])),
    ).toEqual(["name", "email", "company", "message"]);
    await page.getByRole("button", { name: "Send Enquiry" }).click();
    expect(await page.locator("form:invalid").count()).toBe(1);
    expect(
      await page.locator("[data-field=name]").evaluate((field) => (field as HTMLInputElement).validity.valueMissing),
    ).toBe(true);
    expect(opened).toEqual([]);
    await fill(page, {
      name: "Anna Berg",
      email: "anna@example.com",
      company: "Nordlicht Software GmbH",
      message: "Hallo",
    });
    expect(await page.locator("form:invalid").count()).toBe(0);
    expect(await page.locator("[data-form-result]").isHidden()).toBe(true);
  });

  it("F5: a date's enquiry opens the form with offer and date filled in, and the email's subject names them; without JavaScript the date's own mailto: link does", async () => {
    const page = await decidedTab();
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`${origin}${german("/pricing/")}`);
    const date = page.locator(".date").first();
    const about = `${await date.locator(".date-offer").textContent()}, ${await date.locator("time").textContent()}`;
    await date.locator(".date-actions a.button").click();
    await page.waitForURL(new RegExp(`${german("/contact/")}\\?date=\\d{4}-\\d{2}-\\d{2}#form-title$`));
    const message = page.locator("[data-field=message]");
    expect(await message.inputValue()).toBe(`Ich interessiere mich für: ${about}.\n\n`);
    await fill(page, { name: "Anna Berg", email: "anna@example.com", company: "Nordlicht Software GmbH" });
    await message.press("End");
    await message.pressSequentially("Wir wären zu dritt.");
    const request = page.waitForEvent("request", (candidate) => candidate.url().startsWith("mailto:"));
    await page.getByRole("button", { name: texts.de.submit }).click();
    const query = new URLSearchParams((await request).url().split("?")[1]);
    expect(query.get("subject")).toBe(`${texts.de.subject} – ${about} – Anna Berg`);
    expect(query.get("body")).toContain(`Ich interessiere mich für: ${about}.\r\n\r\nWir wären zu dritt.`);

    // Without JavaScript the form cannot read the address: each date has a mailto: link of its own.
    const noScript = await decidedTab(false);
    await noScript.setViewportSize({ width: 1280, height: 720 });
    await noScript.goto(`${origin}/pricing/`);
    const first = noScript.locator(".date").first();
    // The page sets "28 April" with a no-break space (typography); the mail's subject has a plain one.
    const english =
      `${await first.locator(".date-offer").textContent()}, ${await first.locator("time").textContent()}`.replace(
        /\u00a0/g,
        " ",
      );
    const mail = await first.locator("a[href^='mailto:']").getAttribute("href");
    const mailQuery = new URLSearchParams(mail!.split("?")[1]);
    expect(mail!.startsWith(`mailto:${address}?`)).toBe(true);
    expect(mailQuery.get("subject")).toBe(`${texts.en.subject} – ${english}`);
    // The subject names offer and date, so the body is the visitor's to write (issue 35).
    expect(mailQuery.get("body")).toBeNull();
  });
});

/** The wording of the enquiry a booking needs (issue 35), in the languages this test knows. */
const booking: Record<string, { seats: string; team: string; total: string; perHead: string; language: string }> = {
  en: {
    seats: "Seats",
    team: "Team size",
    total: "2 × €2,490 = €4,980 net, plus VAT",
    perHead: "€18,900 ÷ 8 = €2,363 per person, net",
    language: "(German)",
  },
  de: {
    seats: "Plätze",
    team: "Teamgröße",
    total: "2 × 2.490\u00a0€ = 4.980\u00a0€ netto zzgl. USt.",
    perHead: "18.900\u00a0€ ÷ 8 = 2.363\u00a0€ pro Person, netto",
    language: "(Deutsch)",
  },
};

describe("the enquiry a booking needs (issue 35)", () => {
  it("F7: a date's seats with their net total; after the mailto: the date again, Gmail and Outlook filled in, and what happens next", async () => {
    const context = await decidedContext();
    const pricingPage = await context.newPage();
    for (const version of await languageVersions(pricingPage, `${origin}/pricing/`)) {
      const words = booking[version.locale]!;
      const { page, opened, errors } = await openForm(new URL(version.url).pathname, { context });
      // The first date's own link, as a buyer follows it.
      const card = page.locator(".date").first();
      const about = `${await card.locator(".date-offer").textContent()}, ${await card.locator("time").textContent()}`;
      await card.locator(".date-actions a.button").click();
      await page.waitForURL(
        new RegExp(`${addressOf("contact", version.locale)}\\?date=\\d{4}-\\d{2}-\\d{2}#form-title$`),
      );
      const people = page.locator("[data-field=participants]");
      expect(await page.locator("label[for=field-participants] [data-label-text]").textContent()).toBe(words.seats);
      expect(await people.inputValue()).toBe("1");
      await people.fill("2");
      expect(await page.locator("[data-participants-note]").textContent()).toBe(words.total);
      await fill(page, { name: "Anna Berg", email: "anna@example.com", company: "Nordlicht Software GmbH" });
      await page.locator("[data-field=phone]").fill("+49 40 123456");
      await page.locator("[data-field=children]").fill("2 (4 & 7)");
      await page.locator("[data-field=purchaseOrder]").fill("PO-4711");
      const request = page.waitForEvent("request", (candidate) => candidate.url().startsWith("mailto:"));
      await page.locator("form[data-contact-form] button[type=submit]").click();
      const mailto = new URLSearchParams((await request).url().split("?")[1]);
      const subject = mailto.get("subject")!;
      const body = mailto.get("body")!;
      expect(subject).toContain(about.replace(/\s+/g, " "));
      expect(body).toContain(`${words.seats}: 2\r\n`);
      expect(body).toContain("PO-4711");

      const result = page.locator("[data-form-result]");
      await result.waitFor({ state: "visible" });
      // The enquiry, repeated: offer and days, the language, the seats.
      const repeated = (await result.locator("[data-result-about]").innerText()).replace(/\s+/g, " ");
      for (const part of [about.replace(/\s+/g, " "), words.language, `${words.seats}: 2`])
        expect(repeated, version.url).toContain(part);
      expect(await result.locator(".next-steps li").count()).toBe(3);
      expect(await result.locator(".next-steps").innerText()).toMatch(/24/);
      // Gmail and Outlook on the web: plain links, in a new tab, with the message filled in.
      const links = await result.locator("[data-webmail]").evaluateAll((anchors) =>
        anchors.map((anchor) => ({
          href: (anchor as HTMLAnchorElement).href,
          target: anchor.getAttribute("target"),
          rel: anchor.getAttribute("rel"),
          visible: (anchor as HTMLElement).checkVisibility(),
        })),
      );
      expect(links).toHaveLength(2);
      const [gmail, outlook] = links.map((link) => new URL(link.href));
      expect(gmail!.origin + gmail!.pathname).toBe("https://mail.google.com/mail/");
      expect([gmail!.searchParams.get("to"), gmail!.searchParams.get("su"), gmail!.searchParams.get("body")]).toEqual([
        address,
        subject,
        body.replace(/\r\n/g, "\n"),
      ]);
      expect(outlook!.origin + outlook!.pathname).toBe("https://outlook.office.com/mail/deeplink/compose");
      expect([
        outlook!.searchParams.get("to"),
        outlook!.searchParams.get("subject"),
        outlook!.searchParams.get("body"),
      ]).toEqual([address, subject, body.replace(/\r\n/g, "\n")]);
      for (const link of links)
        expect(link).toMatchObject({ target: "_blank", rel: "noopener noreferrer", visible: true });
      // Nothing asked Google or Microsoft for anything: the links wait for a click.
      expect(thirdPartyRequests(context)).toEqual([]);
      expect(opened).toHaveLength(1);
      expect(errors).toEqual([]);
    }
    await context.close();
  });

  it("F8: a team's quote asks for the team's size, shows the price per head, and pre-fills no gap", async () => {
    const context = await decidedContext();
    const pricingPage = await context.newPage();
    for (const version of await languageVersions(pricingPage, `${origin}/pricing/`)) {
      const words = booking[version.locale]!;
      const { page } = await openForm(new URL(version.url).pathname, { context });
      await page.locator('.offer a[href*="?offer=team"]').click();
      await page.waitForURL(new RegExp(`${addressOf("contact", version.locale)}\\?offer=team#form-title$`));
      const people = page.locator("[data-field=participants]");
      expect(await page.locator("label[for=field-participants] [data-label-text]").textContent()).toBe(words.team);
      expect(await people.inputValue()).toBe("");
      const message = await page.locator("[data-field=message]").inputValue();
      expect(message).not.toMatch(/…|\.\.\./);
      await people.fill("8");
      expect(await page.locator("[data-participants-note]").textContent()).toBe(words.perHead);
    }
    await context.close();
  });

  it("F9: without JavaScript the form still asks for the people, a phone, the children and a purchase order, by label", async () => {
    const { page } = await openForm("/contact/", { javaScriptEnabled: false });
    const names = await page
      .locator("[data-field]")
      .evaluateAll((fields) =>
        fields.map((field) => [(field as HTMLElement).dataset["field"], field.getAttribute("name")]),
      );
    expect(names).toEqual([
      ["name", "Full Name"],
      ["email", "Email Address"],
      ["company", "Company"],
      ["participants", "Participants"],
      ["phone", "Phone"],
      ["children", "Children"],
      ["purchaseOrder", "Purchase order or cost centre"],
      ["message", "Message"],
    ]);
    expect(await page.locator("[data-field=participants]").getAttribute("type")).toBe("number");
    expect(await page.locator("[data-field=phone]").getAttribute("type")).toBe("tel");
  });
});
