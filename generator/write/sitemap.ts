import type { Route } from "../../model/route.ts";
import type { OutputFile } from "../../model/output.ts";

const escapeXml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

/** sitemap.xml: every indexable page with its language alternates and x-default (the default locale). */
export function createSitemap(routes: readonly Route[], defaultLocale: string): OutputFile {
  const entries = routes
    .filter((route) => route.page.indexable)
    .map((route) => {
      const links = route.alternates.map(
        (alternate) =>
          `    <xhtml:link rel="alternate" hreflang="${alternate.locale}" href="${escapeXml(alternate.url)}"/>`,
      );
      const fallback = route.alternates.find((alternate) => alternate.locale === defaultLocale)!;
      links.push(`    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(fallback.url)}"/>`);
      return `  <url>\n    <loc>${escapeXml(route.url)}</loc>\n${links.join("\n")}\n  </url>`;
    });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${entries.join("\n")}
</urlset>
`;
  return { path: "sitemap.xml", contents: xml };
}

/** robots.txt: everything may be crawled; names the sitemap. */
export function createRobots(sitemapUrl: string): OutputFile {
  return { path: "robots.txt", contents: `User-agent: *\nAllow: /\n\nSitemap: ${sitemapUrl}\n` };
}
