import type { LocaleProps, PageAssets, TemplateModule } from "../../model/page.ts";
import type { ImageSlot } from "../../model/image.ts";
import type { Assets } from "../../model/output.ts";
import { defaults } from "../config.ts";
import { RenderError, messageOf } from "../errors.ts";
import { createTranslator, type MissingKey } from "../i18n.ts";
import type { RenderImages, SlotPictures } from "../images/pipeline.ts";
import { defaultMessages } from "../load/writing-rules.ts";
import { SharedParts, sharedPartsOf } from "./shared.ts";
import { recordingThrowSites, throwSite } from "./throw-site.ts";
import { processPage } from "./processors.ts";
import type { LoadedContent } from "../load/content.ts";
import type { Links } from "../../model/route.ts";
import type { Route } from "../../model/route.ts";
import type { OutputFile } from "../../model/output.ts";
import { createElement, renderToStaticMarkup } from "./react.ts";

/** What one route is rendered from: the build's content and templates, the layout's assets, links and photos. */
export interface RouteContext {
  content: LoadedContent;
  templates: TemplateModule;
  assets: PageAssets;
  links: Links;
  picture: SlotPictures;
}

/** Renders one route to a complete HTML document: a pure function of its inputs. */
export function renderRoute(
  route: Route,
  { content, templates, assets, links, picture }: RouteContext,
  onMissing: (key: string) => void,
  parts: SharedParts = new SharedParts(),
): string {
  const locale = content.locales.find((candidate) => candidate.locale === route.locale)!;
  const t = createTranslator(locale.dictionary, (key) => {
    onMissing(key);
    parts.noteMissing(key);
  });
  const alternates = route.alternates.map((alternate) => {
    const dictionary = content.locales.find((candidate) => candidate.locale === alternate.locale)!.dictionary;
    return {
      ...alternate,
      name: dictionary.get("lang.name")?.text ?? alternate.locale,
      tip: dictionary.get("lang.switchTip")?.text ?? "",
    };
  });
  const component = templates.templates[route.page.template]!;
  const language: LocaleProps = {
    t,
    locale: route.locale,
    href: (path: string) => links.href(route.locale, path),
    url: (path: string) => links.url(route.locale, path),
    asset: links.asset,
    assetUrl: links.assetUrl,
    site: content.site,
    content: locale,
    assets,
  };
  const quiet = () => ({ ...language, t: createTranslator(locale.dictionary, () => {}) });
  const page = parts.page(route.locale, language, quiet, onMissing);
  const element = createElement(component, {
    ...language,
    page: route.page.id,
    canonical: route.url,
    indexable: route.page.indexable,
    alternates,
    image: (slot: ImageSlot) => picture(slot, route.locale),
    shared: page.shared,
  });
  return processPage(`<!doctype html>\n${renderToStaticMarkup(element)}\n`, { shared: page });
}

/** The rendered pages, with what went wrong on the way (see check/rendered.ts). */
export interface Rendered {
  files: OutputFile[];
  missing: MissingKey[];
  failures: RenderError[];
}

/** What the render stage is given for a batch of routes: one object, the same for every batch of a build. */
export interface PagesContext {
  root: string;
  content: LoadedContent;
  templates: TemplateModule;
  assets: Assets;
  links: Links;
  images: RenderImages;
}

/** Renders every route; a template that throws names its route, locale and file. */
export function renderRoutes(
  { root, content, templates, assets: bundled, links, images }: PagesContext,
  routes: readonly Route[],
  parts: SharedParts = sharedPartsOf(content, templates, bundled, links, images.ogImages, images.heroArt),
): Rendered {
  const assets = pageAssets(bundled, links, images);
  const missing: MissingKey[] = [...(images.missing ?? [])];
  const failures: RenderError[] = [];
  const files: OutputFile[] = [];
  // Errors thrown while rendering keep their call sites, so a failure names the template line it came from.
  recordingThrowSites(() => routes.forEach(renderOne));
  return { files, missing, failures };

  function renderOne(route: Route) {
    const template = `${defaults.folders.templates}/${route.page.template}`;
    try {
      const html = renderRoute(
        route,
        { content, templates, assets, links, picture: images.picture },
        (key) => missing.push({ key, locale: route.locale, template }),
        parts,
      );
      files.push({ path: route.file, contents: html });
    } catch (error) {
      const place = throwSite(error, root, defaults.folders.templates) ?? { file: template };
      failures.push(new RenderError(place, route.href, route.locale, error));
      const title = content.writingRules.find((rules) => rules.code === route.locale)?.messages.renderError;
      files.push({ path: route.file, contents: renderErrorPage(messageOf(error), route.locale, title) });
    }
  }
}

/** The stylesheet of the error page, inline: `watch` allows it by hash in its Content-Security-Policy. */
export const errorPageStyle =
  "body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:2rem;background:#fdf6f3;color:#3b1d12}h1{font-size:1.5rem;margin:0 0 1rem}pre{white-space:pre-wrap;background:#fff;border:1px solid #e8c7ba;border-left:4px solid #b3401e;padding:1rem;border-radius:4px}";

/** What the layout links to or inlines, as the pages' links name them. */
function pageAssets(assets: Assets, links: Links, { ogImages, heroArt }: RenderImages): PageAssets {
  return {
    styles: { home: links.asset(assets.styles.home), pages: links.asset(assets.styles.pages) },
    appScript: assets.appScript,
    formScript: assets.formScript,
    headScript: assets.headScript,
    speculationRules: assets.speculationRules,
    favicon: assets.faviconDataUrl ?? links.asset("favicon.svg"),
    ogImages,
    heroArt,
  };
}

/**
 * The page `watch` serves in place of one whose template threw (seed spec §8), titled in the page's language
 * by its writing rules (`messages.renderError`), the specification's English words unless given.
 */
export function renderErrorPage(message: string, locale = "en", title = defaultMessages.renderError): string {
  const escape = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="${escape(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title>
<style>${errorPageStyle}</style>
</head><body><main><h1>${escape(title)}</h1><pre>${escape(message)}</pre></main></body></html>
`;
}

/** The hero illustration as an SVG document of its own, from the templates' `heroArt`. */
export function renderHeroArt(templates: TemplateModule): string {
  return renderToStaticMarkup(createElement(templates.heroArt, { standalone: true }));
}

/** The Open Graph card of each locale as an SVG document, from the templates' `openGraphImage`. */
export function renderOpenGraphSvgs(
  content: LoadedContent,
  templates: TemplateModule,
): { svgs: Map<string, string>; missing: MissingKey[] } {
  const svgs = new Map<string, string>();
  const missing: MissingKey[] = [];
  for (const { locale, dictionary } of content.locales) {
    const t = createTranslator(dictionary, (key) =>
      missing.push({ key, locale, template: "templates/OpenGraphImage.tsx" }),
    );
    svgs.set(locale, renderToStaticMarkup(createElement(templates.openGraphImage, { t, site: content.site })));
  }
  return { svgs, missing };
}
