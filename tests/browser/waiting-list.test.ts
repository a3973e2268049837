/**
 * A fully booked date (issue 28): its card offers the waiting list and no calendar file, and the enquiry
 * that arrives says it is for the waiting list, so the owner can tell it from a seat request. Checked in
 * Chromium in all three form modes of a copy of the real project whose first date has no seat left: the
 * `mailto:` form (the link the browser opens), a form endpoint this test serves on 127.0.0.1 (the post it
 * receives), and Netlify Forms (the post the browser sends to the site, caught on its way). The Netlify
 * build also shows that its form, like the other two modes' (contact-form, contact-endpoint), takes no
 * enquiry without a company (issue 30: the offer is for businesses), and each build's privacy policy says
 * how its own form sends, and nothing of the other two (issue 28).
 */
import { rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, resolveConfig } from "../../generator/index.ts";
import { startServer } from "../../generator/dev/serve.ts";
import { borrowChromium } from "../support/chromium.ts";
import { copyProject, editFile } from "../support/project.ts";
import { newContext, storeConsent } from "./support.ts";
import { address, routeOf } from "../support/addresses.ts";
import type { Route } from "../../model/route.ts";

const fullDate = "2027-03-15";
const texts = {
  en: {
    button: "Join the Waiting List",
    subject: "Waiting list",
    message: "Please put me on the waiting list for this fully booked date:",
    submit: "Send Enquiry",
  },
  de: {
    button: "Auf die Warteliste",
    subject: "Warteliste",
    message: "Bitte setzen Sie mich auf die Warteliste für diesen ausgebuchten Termin:",
    submit: "Anfrage senden",
  },
} as const;
type Locale = keyof typeof texts;
type Mode = "mailto" | "endpoint" | "netlify";

/** What a form endpoint received: each post's fields, in order. */
const inbox: [string, string][][] = [];
const receiver: Server = createServer(async (request, response) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  inbox.push([...new URLSearchParams(Buffer.concat(chunks).toString("utf8"))]);
  response
    .writeHead(200, {
      "access-control-allow-origin": request.headers.origin ?? "*",
      "content-type": "application/json",
    })
    .end('{"ok":true}');
});

let root: string;
let browser: Browser;
let release: () => Promise<void> = async () => {};
/** Each mode's site: its server, and its routes (the sent page is only there with a form service). */
const sites = new Map<Mode, { server: Server; origin: string; routes: readonly Route[] }>();

/** Builds the copy as it is now into its own folder and serves it. */
async function buildAndServe(mode: Mode) {
  const config = resolveConfig({ root, outDir: `${root}/dist-${mode}` });
  const report = await build(config);
  const server = await startServer({
    dir: config.outDir,
    port: 0,
    site: () => report.hostConfig,
    basePath: config.basePath,
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sites.set(mode, { server, origin, routes: report.routes });
}

beforeAll(async () => {
  const borrowed = borrowChromium();
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  root = await copyProject();
  await editFile(
    root,
    "content/site.yaml",
    `start: ${fullDate}\n    end: 2027-03-17\n    offer: open\n    language: de\n    seatsLeft: 4`,
    `start: ${fullDate}\n    end: 2027-03-17\n    offer: open\n    language: de\n    seatsLeft: 0`,
  );
  await buildAndServe("mailto");
  const phone = '  phone: "+49 4671 930 41 20"\n';
  const port = (receiver.address() as AddressInfo).port;
  // Each with the owner facts the privacy policy quotes for it (check refuses the form without them).
  const service = "    service: Test Receiver\n    country: DE\n    transfer: none\n    retentionDays: 30\n";
  await editFile(
    root,
    "content/site.yaml",
    phone,
    `${phone}  form:\n    endpoint: http://127.0.0.1:${port}/inbox\n${service}`,
  );
  await buildAndServe("endpoint");
  await editFile(
    root,
    "content/site.yaml",
    `endpoint: http://127.0.0.1:${port}/inbox\n${service}`,
    "netlify: true\n    retentionDays: 30\n",
  );
  // Netlify Forms work on Netlify only, and the privacy policy names the host: check refuses them elsewhere.
  await editFile(
    root,
    "content/site.yaml",
    "\n  provider: github-pages\n",
    '\n  provider: netlify\n  company: "Netlify, Inc."\n  logDays: 30\n',
  );
  await buildAndServe("netlify");
  ({ browser, release } = await borrowed);
});

afterAll(async () => {
  await release();
  await Promise.all([
    ...[...sites.values()].map(({ server }) => new Promise((resolve) => server.close(resolve))),
    new Promise((resolve) => receiver.close(resolve)),
  ]);
  if (root) await rm(root, { recursive: true, force: true });
});

/** Opens the pricing page, checks the full date's card and follows its waiting-list button to the form. */
async function joinWaitingList(page: Page, origin: string, locale: Locale): Promise<string> {
  await page.goto(`${origin}${address("pricing", locale)}`);
  const card = page.locator(".date", { has: page.locator(`time[datetime="${fullDate}"]`) });
  // The page sets "17 March" with a no-break space (typography); the enquiry's text has a plain one.
  const about =
    `${await card.locator(".date-offer").textContent()}, ${await card.locator("time").textContent()}`.replace(
      /\u00a0/g,
      " ",
    );
  // Nothing to pencil in: no calendar file is offered for a date without seats.
  expect(await card.locator("a[download]").count()).toBe(0);
  await card.getByRole("link", { name: new RegExp(`^${texts[locale].button}`) }).click();
  await page.waitForURL(new RegExp(`${address("contact", locale)}\\?date=${fullDate}#form-title$`));
  expect(await page.locator("[data-field=message]").inputValue()).toBe(`${texts[locale].message} ${about}.\n\n`);
  await page.locator("[data-field=name]").fill("Anna Berg");
  await page.locator("[data-field=email]").fill("anna@example.com");
  // The offer is for businesses: the company is required (§ 14 BGB).
  await page.locator("[data-field=company]").fill("Nordlicht Software GmbH");
  return about;
}

describe("the waiting list of a fully booked date", () => {
  for (const locale of ["en", "de"] as const) {
    it(`${locale}: the calendar file is not built, and a bookable date's is`, async () => {
      const { origin } = sites.get("mailto")!;
      expect((await fetch(`${origin}/calendar/${fullDate}.${locale}.ics`)).status).toBe(404);
      expect((await fetch(`${origin}/calendar/2027-04-26.${locale}.ics`)).status).toBe(200);
    });

    it(`${locale}: by mailto:, the email's subject and first line say "waiting list"`, async () => {
      const context = await newContext(browser, {});
      await storeConsent(context, "rejected");
      const page = await context.newPage();
      const about = await joinWaitingList(page, sites.get("mailto")!.origin, locale);
      const request = page.waitForEvent("request", (candidate) => candidate.url().startsWith("mailto:"));
      await page.getByRole("button", { name: texts[locale].submit }).click();
      const query = new URLSearchParams((await request).url().split("?")[1]);
      expect(query.get("subject")).toBe(`${texts[locale].subject} – ${about} – Anna Berg`);
      expect(query.get("body")).toContain(`${texts[locale].message} ${about}.`);
      await context.close();
    });

    it(`${locale}: without JavaScript, the card's own mailto: link says "waiting list"`, async () => {
      const context = await newContext(browser, { javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${sites.get("mailto")!.origin}${address("pricing", locale)}`);
      const card = page.locator(".date", { has: page.locator(`time[datetime="${fullDate}"]`) });
      const mail = new URLSearchParams((await card.locator("a[href^='mailto:']").getAttribute("href"))!.split("?")[1]);
      // Its subject says so and names the date; the body is the visitor's (issue 35: no line saying it again).
      expect(mail.get("subject")).toMatch(new RegExp(`^${texts[locale].subject} – .*2027$`));
      expect(mail.get("body")).toBeNull();
      await context.close();
    });

    it(`${locale}: through a form endpoint, the post that arrives says "waiting list"`, async () => {
      const context = await newContext(browser, {});
      await storeConsent(context, "rejected");
      const page = await context.newPage();
      const about = await joinWaitingList(page, sites.get("endpoint")!.origin, locale);
      const before = inbox.length;
      await page.getByRole("button", { name: texts[locale].submit }).click();
      await page.locator("[data-form-sent]").waitFor({ state: "visible" });
      expect(inbox.length).toBe(before + 1);
      const fields = Object.fromEntries(inbox.at(-1)!);
      expect(fields["_subject"]).toBe(`${texts[locale].subject} – ${about} – Anna Berg`);
      expect(fields["message"]).toContain(`${texts[locale].message} ${about}.`);
      await context.close();
    });

    it(`${locale}: with Netlify Forms, the post the browser sends says "waiting list"`, async () => {
      const context = await newContext(browser, {});
      await storeConsent(context, "rejected");
      const page = await context.newPage();
      const { origin } = sites.get("netlify")!;
      const about = await joinWaitingList(page, origin, locale);
      // The static server takes no posts; Netlify would. The post is caught as it leaves the browser.
      const posted = new Promise<URLSearchParams>((resolve) =>
        page.route(`${origin}${routeOf("contact-sent", locale, sites.get("netlify")!.routes).href}`, async (route) => {
          if (route.request().method() !== "POST") return route.continue();
          resolve(new URLSearchParams(route.request().postData() ?? ""));
          await route.fulfill({ status: 200, contentType: "application/json", body: "{}" });
        }),
      );
      await page.getByRole("button", { name: texts[locale].submit }).click();
      const fields = await posted;
      expect(fields.get("form-name")).toBe("contact");
      expect(fields.get("_subject")).toBe(`${texts[locale].subject} – ${about} – Anna Berg`);
      expect(fields.get("message")).toContain(`${texts[locale].message} ${about}.`);
      await context.close();
    });
  }
});

describe("the Netlify form takes businesses only", () => {
  const companyError = {
    en: "Please enter your company; we train businesses only.",
    de: "Bitte geben Sie Ihr Unternehmen an; unser Angebot richtet sich ausschließlich an Unternehmer.",
  } as const;
  for (const locale of ["en", "de"] as const)
    it(`${locale}: an enquiry without a company is refused at the field, with JavaScript and without, and nothing is sent`, async () => {
      const { origin } = sites.get("netlify")!;
      for (const javaScript of [true, false]) {
        const context = await newContext(browser, { javaScriptEnabled: javaScript });
        await storeConsent(context, "rejected");
        const page = await context.newPage();
        let sent = 0;
        await page.route(
          `${origin}${routeOf("contact-sent", locale, sites.get("netlify")!.routes).href}`,
          async (route) => {
            if (route.request().method() === "POST") sent++;
            await route.continue();
          },
        );
        await page.goto(`${origin}${address("contact", locale)}`);
        await page.locator("[data-field=name]").fill("Anna Berg");
        await page.locator("[data-field=email]").fill("anna@example.com");
        await page.locator("[data-field=message]").fill("Two seats in March, please.");
        await page.getByRole("button", { name: texts[locale].submit }).click();
        const field = page.locator("[data-field=company]");
        if (javaScript) {
          expect(await field.getAttribute("aria-invalid")).toBe("true");
          expect(await page.locator(".field-error:visible").allTextContents()).toEqual([companyError[locale]]);
        } else expect(await field.evaluate((input) => (input as HTMLInputElement).validity.valueMissing)).toBe(true);
        await page.waitForTimeout(200);
        expect(sent).toBe(0);
        await context.close();
      }
    });
});

describe("the privacy policy says how this site's form sends", () => {
  const paragraphs: Record<Mode, Record<Locale, string>> = {
    mailto: {
      en: "Our contact form does not transmit anything to a server",
      de: "Unser Kontaktformular überträgt keine Daten an einen Server",
    },
    endpoint: { en: "to our form service", de: "an unseren Formulardienst" },
    netlify: { en: "to Netlify Forms", de: "an Netlify Forms" },
  };
  for (const mode of ["mailto", "endpoint", "netlify"] as const)
    for (const locale of ["en", "de"] as const)
      it(`${locale}, ${mode}: the form's paragraph is this mode's, and no other mode's`, async () => {
        const context = await newContext(browser, {});
        await storeConsent(context, "rejected");
        const page = await context.newPage();
        await page.goto(`${sites.get(mode)!.origin}${address("privacy-policy", locale)}`);
        const text = (await page.locator("main").innerText()).replace(/\s+/g, " ");
        for (const other of ["mailto", "endpoint", "netlify"] as const)
          if (other === mode) expect(text).toContain(paragraphs[other][locale]);
          else expect(text).not.toContain(paragraphs[other][locale]);
        await context.close();
      });
});
