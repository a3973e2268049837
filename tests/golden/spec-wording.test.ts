import { beforeAll, describe, expect, it } from "vitest";
import { parse, type HTMLElement } from "node-html-parser";
import { build, MemoryWriter, resolveConfig } from "../../generator/index.ts";
import { renderErrorPage } from "../../generator/render/pages.ts";
import { projectRoot } from "../support/site.ts";

/**
 * The specification's visible English wording is a contract (seed-spec.md §2–§8): each string it names is
 * pinned here where a visitor sees it, so that no copy pass can change one. German wording is ours to
 * improve and is not pinned. Typography may set "..." as "…" and a space as a no-break space; that is the
 * same wording.
 */
const writer = new MemoryWriter();
const pages = new Map<string, HTMLElement>();

beforeAll(async () => {
  await build(resolveConfig({ root: projectRoot, baseUrl: "https://spec.example", basePath: "/" }), writer);
});

function page(file: string): HTMLElement {
  let root = pages.get(file);
  if (!root) {
    const html = writer.files.get(file);
    if (typeof html !== "string") throw new Error(`${file} was not built`);
    root = parse(html);
    pages.set(file, root);
  }
  return root;
}

/** The wording as a reader takes it in: one kind of space, one kind of ellipsis, no hidden helper text. */
function visible(element: HTMLElement | null | undefined): string {
  if (!element) return "";
  const copy = parse(element.outerHTML);
  for (const hidden of copy.querySelectorAll(".visually-hidden, .required, .optional, svg")) hidden.remove();
  return words(copy.textContent);
}

function words(text: string): string {
  return text
    .replace(/[\s\u00a0\u202f\u2009\u200b]+/g, " ")
    .replace(/\u2026/g, "...")
    .trim();
}

const texts = (file: string, selector: string) => page(file).querySelectorAll(selector).map(visible);

describe("the specification's English wording", () => {
  it("home: hero headline, badges and buttons", () => {
    expect(visible(page("index.html").querySelector(".hero h1"))).toBe("Professional Sales Training on the Ranch");
    expect(texts("index.html", ".hero .badges .badge")).toEqual([
      "25+ Farm Animals",
      "Childcare Included",
      "Ranch Location",
    ]);
    expect(texts("index.html", ".hero .actions a")).toEqual(["Book Training", "Learn More"]);
  });

  it("home: View All References and Schedule Your Training", () => {
    expect(texts("index.html", "main a")).toEqual(
      expect.arrayContaining(["View All References", "Schedule Your Training"]),
    );
  });

  it("navigation labels and footer sections, on every English page", () => {
    for (const file of ["index.html", "contact/index.html", "references/index.html", "pricing/index.html"]) {
      const nav = [...texts(file, "#main-nav a"), ...texts(file, ".header-actions > a.button")];
      expect(nav, file).toEqual(["About", "Training", "About Me", "References", "Contact", "Book Now"]);
      expect(texts(file, ".site-footer h2"), file).toEqual(["Navigation", "Legal", "Contact", "Social"]);
      expect(texts(file, ".site-footer a"), file).toContain("Imprint");
    }
  });

  it("cookie banner: Accept All, Reject, a close button and the Cookie Policy link", () => {
    const banner = page("index.html").querySelector("[data-cookie-banner]");
    expect(banner?.querySelectorAll("[data-choice]").map(visible)).toEqual(["Accept All", "Reject"]);
    expect(banner?.querySelector(".cookie-close")?.getAttribute("data-consent")).toBe("rejected");
    const policy = banner?.querySelectorAll("a").find((link) => visible(link) === "Cookie Policy");
    expect(policy?.getAttribute("href")).toBe("/cookie-policy/");
  });

  it("contact form: labels, placeholders and the success state", () => {
    const form = page("contact/index.html").querySelector("[data-contact-form]");
    // The specification's four fields, in its order; what a booking needs more (issue 35) comes between them.
    const spec = ["name", "email", "company", "message"];
    const fields = form?.querySelectorAll("[data-field]").map((field) => field.getAttribute("data-field")!) ?? [];
    expect(fields.filter((name) => spec.includes(name))).toEqual(spec);
    expect(spec.map((name) => visible(form?.querySelector(`label[for="field-${name}"]`)))).toEqual([
      "Full Name",
      "Email Address",
      "Company",
      "Message",
    ]);
    const placeholders = spec.map((name) =>
      words(form?.querySelector(`[data-field="${name}"]`)?.getAttribute("placeholder") ?? ""),
    );
    expect(placeholders.slice(0, 3)).toEqual([
      "Enter your full name",
      "Enter your email address",
      "Enter your company name",
    ]);
    expect(placeholders[3]).toMatch(/training needs and goals/);
    const result = page("contact/index.html").querySelector("[data-form-result]");
    expect(visible(result?.querySelector(".result-title"))).toBe("Message Ready!");
    expect(visible(result)).toMatch(/email client will open with your message pre-filled/);
  });

  it("contact: View Training Details", () => {
    expect(texts("contact/index.html", "main a")).toContain("View Training Details");
  });

  it("references: Book Your Training, Learn More and Bookable for events as well!", () => {
    const cta = page("references/index.html").querySelector("main .cta");
    expect(cta?.querySelectorAll("a").map(visible)).toEqual(
      expect.arrayContaining(["Book Your Training", "Learn More"]),
    );
    expect(visible(cta)).toContain("Bookable for events as well!");
  });

  it("the loading placeholder reads Loading...", () => {
    expect(words(page("index.html").querySelector("body")?.getAttribute("data-loading") ?? "")).toBe("Loading...");
  });

  it("a render failure is titled Unexpected Application Error!", () => {
    const error = parse(renderErrorPage("boom"));
    expect(visible(error.querySelector("h1"))).toBe("Unexpected Application Error!");
    expect(visible(error.querySelector("pre"))).toBe("boom");
  });
});
