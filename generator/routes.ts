import type { PageDefinition, Route } from "../model/route.ts";
import type { Content } from "../model/content.ts";
import type { Locale, SiteConfig } from "./config.ts";
import { createHref } from "./links.ts";
import type { Links } from "../model/route.ts";

export { createHref } from "./links.ts";

export type PageId =
  | "home"
  | "about-me"
  | "references"
  | "contact"
  | "contact-sent"
  | "pricing"
  | "faq"
  | "programme"
  | "training-details"
  | "imprint"
  | "privacy-policy"
  | "terms-of-service"
  | "cookie-policy"
  | "not-found";

const markdownPage = (id: PageId, template = "pages/MarkdownPage.tsx"): PageDefinition => ({
  id,
  path: `${id}/`,
  template,
  markdown: id,
  indexable: true,
});

/** The route table of design.md §2, in the order of the sitemap. */
export const fixedPages: readonly PageDefinition[] = [
  { id: "home", path: "", template: "pages/Home.tsx", indexable: true },
  markdownPage("about-me", "pages/AboutMe.tsx"),
  { id: "references", path: "references/", template: "pages/References.tsx", indexable: true },
  { id: "contact", path: "contact/", template: "pages/Contact.tsx", indexable: true },
  markdownPage("pricing", "pages/Pricing.tsx"),
  markdownPage("faq"),
  // The sheet to forward: it repeats pricing and training details, so it stays out of the index.
  { id: "programme", path: "programme/", template: "pages/Programme.tsx", indexable: false },
  markdownPage("training-details"),
  markdownPage("imprint"),
  markdownPage("privacy-policy"),
  markdownPage("terms-of-service"),
  markdownPage("cookie-policy"),
  { id: "not-found", path: "404.html", template: "pages/MarkdownPage.tsx", markdown: "not-found", indexable: false },
];

/** Where the contact form's posts end without JavaScript; built only when the form has somewhere to post. */
export const contactSentPage: PageDefinition = {
  id: "contact-sent",
  path: "contact/sent/",
  template: "pages/ContactSent.tsx",
  indexable: false,
};

/**
 * The fixed pages, the contact form's "sent" page when site.yaml names a form endpoint, then every other
 * markdown page editors added, as `/<name>/` (as Hugo and Eleventy do).
 */
export function sitePages(content: AddressSources & { site?: Pick<Content["site"], "contact"> }): PageDefinition[] {
  const known = new Set(fixedPages.map((page) => page.markdown));
  const extra = Object.keys(content.locales[0]?.pages ?? {})
    .filter((name) => !known.has(name))
    .sort();
  const mode = content.site?.contact?.form?.kind ?? "mailto";
  const sent = mode === "mailto" ? [] : [contactSentPage];
  return withAddresses([...fixedPages, ...sent, ...extra.map((name) => markdownPage(name as PageId))], content);
}

/**
 * The template files the pages use, each once: what the template loader compiles. The "sent" page's is
 * always among them, so the texts it reads count as used whether or not the form has an endpoint.
 */
export const templateFiles = (pages: readonly PageDefinition[]) => [
  ...new Set([...pages, contactSentPage].map((page) => page.template)),
];

/**
 * The absolute origin of every canonical, hreflang, Open Graph and sitemap URL: the --base-url flag,
 * else site.yaml's `baseUrl`, without a trailing slash. The one place it is decided.
 */
export function resolveBaseUrl(config: Pick<SiteConfig, "baseUrl">, site: Pick<Content["site"], "baseUrl">): string {
  return (config.baseUrl || site.baseUrl || "").replace(/\/+$/, "");
}

/** A page's address in a language, below its prefix: its own there (`preise/`), else its name's (`pricing/`). */
export const pathIn = (page: Pick<PageDefinition, "path" | "paths">, locale: string) =>
  page.paths?.[locale] ?? page.path;

/** The route × locale table: every page in every language at its address there. */
export function createRoutes(pages: readonly PageDefinition[], locales: readonly Locale[], links: Links): Route[] {
  return pages.flatMap((page) =>
    locales.map((locale) => {
      const alternates = locales.map((other) => {
        // The not-found page is a file served for any path: its language switch goes to the other home page.
        const path = page.path === "" || page.path.endsWith("/") ? page.path : "";
        return { locale: other.code, href: links.href(other.code, path), url: links.url(other.code, path) };
      });
      const href = links.href(locale.code, page.path);
      const path = pathIn(page, locale.code);
      const file =
        (locale.prefix ? `${locale.prefix}/` : "") + (path.endsWith("/") || path === "" ? `${path}index.html` : path);
      return { page, locale: locale.code, href, url: links.url(locale.code, page.path), file, alternates };
    }),
  );
}

/** What the addresses of the pages are read from: each language's page texts (`slug:`) and writing rules. */
export interface AddressSources {
  locales: readonly Pick<Content["locales"][number], "locale" | "pages">[];
  /** Each language's `slugs:` (load/writing-rules.ts): the addresses of the pages without a text file. */
  writingRules?: readonly { code: string; slugs: Readonly<Record<string, string>> }[];
}

/**
 * Each page's address in each language that gives it one: a markdown page's `slug:`, or for a page without
 * text the `slugs:` of the language's writing rules, each one segment below the address of the page above it
 * (the contact form's "sent" page: /de/kontakt/gesendet/). The home page is the language's root, and the
 * not-found page a file.
 */
export function withAddresses(pages: readonly PageDefinition[], sources: AddressSources): PageDefinition[] {
  const byPath = new Map(pages.map((page) => [page.path, page]));
  const resolved = new Map<string, string>();
  const addressOf = (page: PageDefinition, locale: string): string => {
    if (page.path === "" || !page.path.endsWith("/")) return page.path;
    const key = `${locale} ${page.path}`;
    const known = resolved.get(key);
    if (known !== undefined) return known;
    const segments = page.path.slice(0, -1).split("/");
    const parentPath = segments.length > 1 ? `${segments.slice(0, -1).join("/")}/` : "";
    const parent = byPath.get(parentPath);
    const above = parent && parentPath ? addressOf(parent, locale) : parentPath;
    const own = page.markdown
      ? sources.locales.find((candidate) => candidate.locale === locale)?.pages[page.markdown]?.slug
      : sources.writingRules?.find((rules) => rules.code === locale)?.slugs[page.id];
    const address = `${above}${own ?? segments.at(-1)}/`;
    resolved.set(key, address);
    return address;
  };
  return pages.map((page) => {
    const paths = Object.fromEntries(
      sources.locales
        .map(({ locale }) => [locale, addressOf(page, locale)] as const)
        .filter(([, address]) => address !== page.path),
    );
    return Object.keys(paths).length > 0 ? { ...page, paths } : page;
  });
}

/** The route stage: the site's links (its base URL resolved once) and every page in every locale at its address. */
export function routeSite(
  config: Pick<SiteConfig, "baseUrl" | "basePath">,
  site: Pick<Content["site"], "baseUrl" | "languages">,
  pages: readonly PageDefinition[],
): { links: Links; routes: Route[] } {
  const links = createHref({ basePath: config.basePath, locales: site.languages, pages }, resolveBaseUrl(config, site));
  return { links, routes: createRoutes(pages, site.languages, links) };
}
