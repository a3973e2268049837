/**
 * One generated corpus for three generators: N markdown pages per locale (en, de), each rendered as a
 * page with a head (title, description, canonical, hreflang for both locales and x-default), a nav, a
 * footer and one translated string. ranch-site renders them into the real site (its 22 pages come on
 * top, through the real templates); Eleventy 3 and Hugo get the same pages from a minimal layout.
 */
import { cp, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { loadWritingRules } from "../generator/load/writing-rules.ts";

export const locales = ["en", "de"] as const;
const baseUrl = "https://example.org";
const footer = {
  en: "A three-day sales training on a working ranch.",
  de: "Ein dreitägiges Verkaufstraining auf einer Ranch.",
};

/**
 * The same markdown for every generator: front matter, then a body of headings, emphasis, links and a list.
 * Each page links within its own language, as ranch-site's check requires of real content: the contact page
 * at its address in that language (`contactSlug`: ranch-site's German one is kontakt), and the next page of
 * the `pages`, so that every page is linked from another, as on a site whose check passes without a warning.
 */
export function pageMarkdown(index: number, locale: string, pages: number, contactSlug = "contact"): string {
  const prefix = locale === "en" ? "" : `/${locale}`;
  const paragraph = `A paragraph of page ${index} (${locale}) with *emphasis*, **strong words** and a [link to the contact page](${prefix}/${contactSlug}/).\n\n`;
  const next = `[The next guide](${prefix}/${pageName((index + 1) % pages)}/) goes on from here.\n`;
  return `---
title: Guide ${index}
description: Generated page ${index} for measuring how a generator scales with many markdown pages in every locale.
lead: Page ${index} of the benchmark corpus.
---
## Why page ${index}

${paragraph.repeat(6)}## A list

- one point
- another point with \`code\`
- a third point

${paragraph.repeat(6)}${next}`;
}

const pageName = (index: number) => `bench-${String(index).padStart(4, "0")}`;

/** The contact page's address in a language of the project: what its writing rules give (content/languages/de.yaml). */
async function contactSlug(root: string, locale: string): Promise<string> {
  const site = { file: "content/site.yaml", line: 1, column: 1 };
  const rules = await loadWritingRules(root, { code: locale, prefix: locale === "en" ? "" : locale }, site);
  return rules.value.slugs.contact ?? "contact";
}

/** The real project (content/, templates/, public/ and the model/ templates import) plus N markdown pages per locale in content/pages/. */
export async function ranchSiteProject(projectRoot: string, root: string, pages: number): Promise<string> {
  for (const folder of ["content", "templates", "public", "model"])
    await cp(path.join(projectRoot, folder), path.join(root, folder), { recursive: true });
  const slugs = await Promise.all(locales.map((locale) => contactSlug(root, locale)));
  await Promise.all(
    locales.flatMap((locale, at) =>
      Array.from({ length: pages }, (_, index) =>
        writeFile(
          path.join(root, `content/pages/${pageName(index)}.${locale}.md`),
          pageMarkdown(index, locale, pages, slugs[at]),
        ),
      ),
    ),
  );
  return root;
}

/** An Eleventy 3 project: markdown pages, one Nunjucks layout, the dictionary as global data. With N = 0, an empty project. */
export async function eleventyProject(root: string, pages: number): Promise<string> {
  await mkdir(path.join(root, "src/_includes"), { recursive: true });
  await mkdir(path.join(root, "src/_data"), { recursive: true });
  await writeFile(
    path.join(root, "eleventy.config.mjs"),
    `export const config = { dir: { input: "src", output: "_site" } };\n`,
  );
  if (pages === 0) return root;
  await writeFile(
    path.join(root, "src/_data/i18n.json"),
    JSON.stringify({ en: { footer: footer.en }, de: { footer: footer.de } }, null, 2),
  );
  await writeFile(
    path.join(root, "src/_includes/page.njk"),
    `<!doctype html>
<html lang="{{ lang }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ title }}</title>
<meta name="description" content="{{ description }}">
<link rel="canonical" href="${baseUrl}{{ page.url }}">
<link rel="alternate" hreflang="en" href="${baseUrl}/{{ page.fileSlug }}/">
<link rel="alternate" hreflang="de" href="${baseUrl}/de/{{ page.fileSlug }}/">
<link rel="alternate" hreflang="x-default" href="${baseUrl}/{{ page.fileSlug }}/">
</head>
<body>
<nav><a href="{{ '/' if lang == 'en' else '/de/' }}">Home</a> <a href="/about-me/">About me</a> <a href="/pricing/">Pricing</a> <a href="/contact/">Contact</a></nav>
<main><h1>{{ title }}</h1><p>{{ lead }}</p>
{{ content | safe }}
</main>
<footer><p>{{ i18n[lang].footer }}</p></footer>
</body>
</html>
`,
  );
  for (const locale of locales) {
    const folder = path.join(root, "src", locale);
    await mkdir(folder, { recursive: true });
    const prefix = locale === "en" ? "" : `/${locale}`;
    await writeFile(
      path.join(folder, `${locale}.11tydata.json`),
      JSON.stringify({ lang: locale, layout: "page.njk", permalink: `${prefix}/{{ page.fileSlug }}/` }),
    );
    await Promise.all(
      Array.from({ length: pages }, (_, index) =>
        writeFile(path.join(folder, `${pageName(index)}.md`), pageMarkdown(index, locale, pages)),
      ),
    );
  }
  return root;
}

/** A Hugo project: one content folder per language, one layout, the dictionaries in i18n/. */
export async function hugoProject(root: string, pages: number): Promise<string> {
  await mkdir(path.join(root, "layouts/_default"), { recursive: true });
  await mkdir(path.join(root, "i18n"), { recursive: true });
  await writeFile(
    path.join(root, "hugo.toml"),
    `baseURL = "${baseUrl}/"
defaultContentLanguage = "en"
disableKinds = ["home", "section", "taxonomy", "term", "RSS"]
[languages.en]
contentDir = "content/en"
weight = 1
[languages.de]
contentDir = "content/de"
weight = 2
`,
  );
  for (const locale of locales)
    await writeFile(path.join(root, `i18n/${locale}.yaml`), `footer: "${footer[locale]}"\n`);
  await writeFile(
    path.join(root, "layouts/_default/single.html"),
    `<!doctype html>
<html lang="{{ .Language.Lang }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }}</title>
<meta name="description" content="{{ .Description }}">
<link rel="canonical" href="{{ .Permalink }}">
{{ range .AllTranslations }}<link rel="alternate" hreflang="{{ .Language.Lang }}" href="{{ .Permalink }}">
{{ end }}{{ with index .AllTranslations 0 }}<link rel="alternate" hreflang="x-default" href="{{ .Permalink }}">{{ end }}
</head>
<body>
<nav><a href="{{ relLangURL "/" }}">Home</a> <a href="/about-me/">About me</a> <a href="/pricing/">Pricing</a> <a href="/contact/">Contact</a></nav>
<main><h1>{{ .Title }}</h1><p>{{ .Params.lead }}</p>
{{ .Content }}
</main>
<footer><p>{{ i18n "footer" }}</p></footer>
</body>
</html>
`,
  );
  for (const locale of locales) {
    const folder = path.join(root, "content", locale);
    await mkdir(folder, { recursive: true });
    await Promise.all(
      Array.from({ length: pages }, (_, index) =>
        writeFile(path.join(folder, `${pageName(index)}.md`), pageMarkdown(index, locale, pages)),
      ),
    );
  }
  return root;
}

/** The page a markdown edit of `bench-0000` in English rewrites, and the dictionary text a German edit changes. */
export const peerEdits = {
  eleventy: {
    page: "src/en/bench-0000.md",
    dictionary: "src/_data/i18n.json",
    pageOut: "_site/bench-0000/index.html",
    dictionaryOut: "_site/de/bench-0000/index.html",
  },
  hugo: {
    page: "content/en/bench-0000.md",
    dictionary: "i18n/de.yaml",
    pageOut: "public/bench-0000/index.html",
    dictionaryOut: "public/de/bench-0000/index.html",
  },
  footer,
};
