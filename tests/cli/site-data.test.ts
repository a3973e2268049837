/**
 * One place per fact, navigation from content and upcoming dates (issue 12 items 1–2, issue 13 item 5),
 * tried as an editor would: edit content/site.yaml in a copy of the project, build it, read the pages.
 * The builds run in-process, as `ranch-site build` runs them (build.test.ts runs the bin itself).
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { build, resolveConfig } from "../../generator/index.ts";
import { readPage, visibleText, type BuiltPage } from "../support/html.ts";
import { copyProject, editFile } from "../support/project.ts";
import { address, outputFile } from "../support/addresses.ts";

/**
 * Builds a copy of the project after `edit`, and returns its output folder and every HTML page in it.
 * A content error fails the build and so the test; warnings may stand (a new page's translation is not
 * yet marked reviewed). `env` is set for the build only (SOURCE_DATE_EPOCH: the day it runs on).
 */
async function buildCopy(edit: (root: string) => Promise<void>, env: Record<string, string> = {}) {
  const root = await copyProject();
  await edit(root);
  const out = path.join(root, "dist");
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  let report: Awaited<ReturnType<typeof build>>;
  try {
    report = await build(resolveConfig({ root, outDir: out }));
  } finally {
    vi.unstubAllEnvs();
  }
  const files = (await readdir(out, { recursive: true })).filter((file) => file.endsWith(".html")).sort();
  const pages = await Promise.all(files.map((file) => readPage(out, file)));
  return { root, out, pages, report, page: (file: string) => pages.find((candidate) => candidate.file === file)! };
}

/** Every JSON-LD node of a page, nested ones included. */
function jsonLd(page: BuiltPage): Record<string, unknown>[] {
  const nodes: Record<string, unknown>[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      nodes.push(value as Record<string, unknown>);
      Object.values(value).forEach(walk);
    }
  };
  for (const script of page.root.querySelectorAll('script[type="application/ld+json"]'))
    walk(JSON.parse(script.textContent));
  return nodes;
}

const epochOf = (day: string) => String(Date.parse(`${day}T12:00:00Z`) / 1000);

describe("one place per fact", () => {
  it("a price edited once in site.yaml changes both languages' pricing pages and every JSON-LD offer", async () => {
    const { pages, page } = await buildCopy((root) =>
      editFile(root, "content/site.yaml", "price: 2490", "price: 2690"),
    );
    expect(visibleText(page("pricing/index.html"))).toContain("€2,690");
    expect(visibleText(page(outputFile("pricing", "de")))).toContain("2.690 €"); // visibleText folds the no-break space
    const offers = pages.flatMap((built) =>
      jsonLd(built)
        .filter((node) => node["@type"] === "Offer" && node["name"] !== undefined)
        .map((node) => ({ file: built.file, name: node["name"], price: node["price"] })),
    );
    expect(offers.filter((offer) => /Open|Offenes/.test(String(offer.name))).length).toBeGreaterThan(4);
    for (const offer of offers.filter((entry) => /Open|Offenes/.test(String(entry.name))))
      expect(offer, offer.file).toMatchObject({ price: 2690 });
    for (const built of pages) expect(built.root.toString(), built.file).not.toMatch(/2[.,]?490/);
  });

  it("the team price shows its figure a head by team size, printed per language, and the custom offer's note is no price", async () => {
    const en = await readFile(path.join(await builtOnce(), "pricing/index.html"), "utf8");
    const de = await readFile(path.join(await builtOnce(), outputFile("pricing", "de")), "utf8");
    expect(en).toMatch(/<th scope="row">12\u00a0people<\/th><td class="price-small">€1,575<\/td>/);
    expect(de).toMatch(/<th scope="row">12\u00a0Personen<\/th><td class="price-small">1.575\u00a0€<\/td>/);
    expect(en).toMatch(/class="offer-badge">Most popular</);
    expect(de).toMatch(/class="offer-badge">Am beliebtesten</);
    expect(en).toMatch(/class="price-note">Price on request</);
    expect(en).not.toMatch(/class="price">Price on request/);
  });
});

let built: Promise<string> | undefined;
/** The real project, built once for the read-only checks (dates as of 2026-11-23). */
function builtOnce(): Promise<string> {
  built ??= buildCopy(async () => {}, { SOURCE_DATE_EPOCH: epochOf("2026-11-23") }).then((result) => result.out);
  return built;
}

describe("team prices that sell (issue 35)", () => {
  it("pricing and the programme sheet say from which team size the team offer costs less a head than an open seat", async () => {
    for (const [file, line] of [
      ["pricing/index.html", "Less per person than an open seat: from 8 people"],
      ["programme/index.html", "Less per person than an open seat: from 8 people"],
      [outputFile("pricing", "de"), "Pro Person günstiger als ein offener Platz: ab 8 Personen"],
      [outputFile("programme", "de"), "Pro Person günstiger als ein offener Platz: ab 8 Personen"],
    ]) {
      const page = await readPage(await builtOnce(), file!);
      expect(page.root.querySelector(".team-cheaper")?.textContent.replace(/\s+/g, " "), file).toBe(line);
      // The sizes that pay off are marked, from 8 on; 6 people pay more a head than an open seat.
      expect(
        page.root.querySelectorAll(".team-prices tr").map((row) => [row.querySelector("th")!.text, row.classNames]),
        file,
      ).toEqual([
        [expect.stringMatching(/^6\s/), ""],
        [expect.stringMatching(/^8\s/), "cheaper"],
        [expect.stringMatching(/^10\s/), "cheaper"],
        [expect.stringMatching(/^12\s/), "cheaper"],
      ]);
    }
  });

  it("a team price that never beats an open seat within the group size says nothing of the kind", async () => {
    const { page } = await buildCopy((root) => editFile(root, "content/site.yaml", "price: 18900", "price: 40000"));
    expect(page("pricing/index.html").root.querySelector(".team-cheaper")).toBeNull();
    expect(page("pricing/index.html").root.querySelectorAll(".team-prices .cheaper")).toHaveLength(0);
  });
});

describe("tap to call and to write (issue 35)", () => {
  it("pricing's questions and the FAQ's last answer link the phone (tel:, no spaces) and the address (mailto:)", async () => {
    for (const file of ["pricing/index.html", outputFile("pricing", "de"), "faq/index.html", "de/faq/index.html"]) {
      const page = await readPage(await builtOnce(), file);
      // The page's own text, not the footer's: a paragraph of main with both links.
      const both = [...page.root.querySelectorAll("main p")].filter(
        (p) =>
          p.querySelector('a[href="tel:+4946719304120"]') &&
          p.querySelector('a[href="mailto:training@deichhof-sales-ranch.de"]'),
      );
      expect(both.length, file).toBe(1);
    }
  });
});

describe("the programme sheet's day (issue 35)", () => {
  it("says as of which day it was made: the build's, SOURCE_DATE_EPOCH when set", async () => {
    for (const [file, line] of [
      ["programme/index.html", "As of 23 November 2026"],
      [outputFile("programme", "de"), "Stand: 23. November 2026"],
    ]) {
      const page = await readPage(await builtOnce(), file!);
      const asOf = page.root.querySelector(".programme-as-of")!;
      expect(asOf.textContent.replace(/\s+/g, " "), file).toBe(line);
      expect(asOf.querySelector("time")!.getAttribute("datetime")).toBe("2026-11-23");
    }
  });
});

describe("navigation from content", () => {
  it("an editor's new page, added to the header and footer in site.yaml, appears in both languages", async () => {
    const { page } = await buildCopy(async (root) => {
      const events = (title: string, body: string) =>
        `---\ntitle: ${title}\ndescription: ${body}\nlead: ${body}\n---\n${body}\n`;
      await writeFile(path.join(root, "content/pages/events.en.md"), events("Questions", "What buyers ask us most."));
      await writeFile(
        path.join(root, "content/pages/events.de.md"),
        events("Fragen", "Was Einkäufer uns am häufigsten fragen."),
      );
      await editFile(root, "content/i18n/en.yaml", "  contact: Contact\n", "  contact: Contact\n  events: Questions\n");
      await editFile(root, "content/i18n/de.yaml", "  contact: Kontakt\n", "  contact: Kontakt\n  events: Fragen\n");
      await editFile(
        root,
        "content/site.yaml",
        "    - page: contact\n      label: nav.contact\n",
        "    - page: contact\n      label: nav.contact\n    - page: events\n      label: nav.events\n",
      );
      await editFile(
        root,
        "content/site.yaml",
        "        - page: cookie-policy\n          label: footer.cookies\n",
        "        - page: cookie-policy\n          label: footer.cookies\n        - page: events\n          label: nav.events\n",
      );
    });
    for (const [file, href, label] of [
      ["index.html", "/events/", "Questions"],
      ["references/index.html", "/events/", "Questions"],
      ["de/index.html", "/de/events/", "Fragen"],
      [outputFile("contact", "de"), "/de/events/", "Fragen"],
    ] as const) {
      const built = page(file);
      const header = built.root.querySelectorAll(".main-nav a").map((link) => [link.getAttribute("href"), link.text]);
      expect(header.at(-1), file).toEqual([href, label]);
      const footer = built.root.querySelectorAll(".site-footer nav a").map((link) => link.getAttribute("href"));
      expect(footer, file).toContain(href);
    }
    const eventsPage = page("de/events/index.html");
    expect(eventsPage.root.querySelector(`.main-nav a[href="/de/events/"]`)!.getAttribute("aria-current")).toBe("page");
  });

  it("the header and footer follow site.yaml's order", async () => {
    const { page } = await buildCopy(async (root) => {
      const yaml = await readFile(path.join(root, "content/site.yaml"), "utf8");
      // Social first, About last: a column block moves as a whole.
      await writeFile(
        path.join(root, "content/site.yaml"),
        yaml
          .replace("    - block: about\n", "    - block: social\n")
          .replace(/    - block: contact\n    - block: social\n/, "    - block: contact\n    - block: about\n"),
      );
    });
    const columns = page("de/index.html")
      .root.querySelectorAll(".footer-grid > *")
      .map((column) => column.getAttribute("class"));
    expect(columns).toEqual(["footer-social", "footer-links", "footer-links", "footer-contact", "footer-about"]);
  });
});

describe("upcoming dates", () => {
  it("past dates drop out at build time, today taken from SOURCE_DATE_EPOCH; the rest show on home and pricing, and as events in pricing's JSON-LD", async () => {
    // On 2027-04-26 the April training begins: it is no longer bookable.
    const { page, report } = await buildCopy(async () => {}, { SOURCE_DATE_EPOCH: epochOf("2027-04-26") });
    // A date that has begun is dropped without a word on the page, so check warns of it, at its line.
    expect(report.contentWarnings.map((warning) => warning.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^content\/site\.yaml:\d+:\d+: warning: The date starting 2027-03-15 has begun/),
        expect.stringMatching(/^content\/site\.yaml:\d+:\d+: warning: The date starting 2027-04-26 has begun/),
      ]),
    );
    expect(report.contentWarnings.filter((warning) => /has begun/.test(warning.reason))).toHaveLength(2);
    for (const file of ["index.html", "pricing/index.html", "de/index.html", outputFile("pricing", "de")]) {
      const shown = page(file)
        .root.querySelectorAll(".date time")
        .map((time) => time.getAttribute("datetime"));
      // In date order, whatever their language (issue 35).
      expect(shown, file).toEqual(["2027-06-07", "2027-09-13"]);
      if (!file.includes("pricing")) continue;
      const events = jsonLd(page(file)).filter((node) => node["@type"] === "EducationEvent");
      expect(
        events.map((node) => [node["startDate"], node["endDate"]]),
        file,
      ).toEqual([
        ["2027-06-07", "2027-06-09"],
        ["2027-09-13", "2027-09-15"],
      ]);
      expect(events[0]!["location"]).toMatchObject({ "@type": "Place", address: { addressLocality: "Bredstedt" } });
    }
    expect(visibleText(page("index.html"))).toContain("7–9 June 2027");
    expect(visibleText(page("de/index.html"))).toContain("7.–9. Juni 2027");
  });

  it("each date card shows price, language and seats, and one button to the enquiry pre-filled with offer and date", async () => {
    const page = await readPage(await builtOnce(), outputFile("pricing", "de"));
    const cards = page.root.querySelectorAll(".date");
    const first = cards[0]!;
    const links = first.querySelectorAll("a.button");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      `${address("contact", "de")}?date=2027-03-15#form-title`,
    ]);
    expect(words(first.querySelector(".date-price")!.textContent)).toBe("2.490 € pro Person, zzgl. USt.");
    expect(words(first.querySelector(".date-language")!.textContent)).toBe("Sprache: Deutsch");
    // The figure and its word never part at a line end.
    expect(first.querySelector(".date-seats")!.textContent).toBe("4\u00a0Plätze frei");
    // In date order on every page (issue 35).
    expect(cards.map((card) => words(card.querySelector(".date-seats")!.textContent))).toEqual([
      "4 Plätze frei",
      "7 Plätze frei",
      "2 Plätze frei",
      // Every seat still free: "12 Plätze frei" would say that nobody has booked.
      "Anmeldung offen",
    ]);
    // Two seats left is few: the card says so in its class (the warm colour), not only in its words.
    expect(cards.map((card) => card.classNames.split(" ")[1])).toEqual([
      "date-some",
      "date-some",
      "date-few",
      "date-open",
    ]);
    const english = await readPage(await builtOnce(), "pricing/index.html");
    expect(words(english.root.querySelector(".date .date-language")!.textContent)).toBe("Language: German");
    const contact = await readPage(await builtOnce(), outputFile("contact", "de"));
    const enquiries = JSON.parse(contact.root.querySelector("[data-contact-form]")!.getAttribute("data-enquiries")!);
    expect(enquiries["date=2027-03-15"]).toEqual({
      kind: "enquiry",
      about: "Offenes Training, 15.–17. März 2027",
      subject: "Trainingsanfrage – Offenes Training, 15.–17. März 2027",
      message: "Ich interessiere mich für: Offenes Training, 15.–17. März 2027.",
      language: "Deutsch",
      // A seat's net price, for the total the form shows (issue 35).
      price: 2490,
      currency: "EUR",
    });
  });

  it("when no date remains, the section says so and invites an enquiry, in both languages", async () => {
    const { page } = await buildCopy(async () => {}, { SOURCE_DATE_EPOCH: epochOf("2028-01-01") });
    for (const [file, text] of [
      ["index.html", "No open dates are planned right now."],
      [outputFile("pricing", "de"), "Derzeit sind keine offenen Termine geplant."],
    ] as const) {
      expect(page(file).root.querySelectorAll(".date")).toHaveLength(0);
      expect(visibleText(page(file)), file).toContain(text);
      expect(page(file).root.querySelector(".dates-none a")!.getAttribute("href")).toMatch(/(contact|kontakt)\/$/);
      // No event is announced; on the pricing page the Course keeps its one instance, without dates.
      expect(jsonLd(page(file)).filter((node) => node["@type"] === "EducationEvent")).toEqual([]);
      const instances = jsonLd(page(file)).filter((node) => node["@type"] === "CourseInstance");
      const pricing = file !== "index.html";
      expect(instances).toHaveLength(pricing ? 1 : 0);
      if (pricing) expect(instances[0]!["startDate"]).toBeUndefined();
    }
  });

  it("the contact block has a phone link", async () => {
    const contact = await readPage(await builtOnce(), "contact/index.html");
    expect(contact.root.querySelector(".contact-list a[href^='tel:']")!.getAttribute("href")).toBe(
      "tel:+4946719304120",
    );
  });
});

/** Text as read: runs of spaces, no-break ones included, as one space. */
function words(text: string): string {
  return text.replace(/[\s\u00a0\u202f]+/g, " ").trim();
}
