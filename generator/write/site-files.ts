import type { Content } from "../../model/content.ts";
import type { SiteConfig } from "../config.ts";
import type { Rendered } from "../render.ts";
import type { Links, Route } from "../routes.ts";
import type { Assets } from "./assets.ts";
import { createHostConfigs, type HostConfigInput } from "./host-config.ts";
import { createRobots, createSitemap } from "./sitemap.ts";
import type { OutputFile } from "./writer.ts";

/**
 * Every file of the built site: the pages, the bundled assets, the encoded images, public/, the sitemap and robots.txt,
 * and the host configuration, which serves exactly these files with the inline scripts the assets
 * stage wrote allowed by hash. The host configuration is returned as data too: `headerRules()` of it
 * is what `serve` and `watch` answer with.
 */
export function siteFiles(
  config: SiteConfig,
  content: Content,
  routes: Route[],
  assets: Assets,
  rendered: Rendered,
  links: Links,
  images: OutputFile[] = [],
): { files: OutputFile[]; hostConfig: HostConfigInput } {
  const files: OutputFile[] = [
    ...rendered.files,
    ...assets.files,
    ...images,
    ...content.publicFiles,
    createSitemap(routes, config.locales[0]!.code),
    createRobots(links.assetUrl("sitemap.xml")),
  ];
  const hostConfig: HostConfigInput = {
    basePath: config.basePath,
    locales: config.locales,
    scriptHashes: assets.inlineScriptHashes,
    fontsOrigin: new URL(content.site.consent.fontsUrl).origin,
    fontFilesOrigin: new URL(content.site.consent.fontFilesHost).origin,
    formAction: "mailto:",
    files: files.map((file) => file.path),
  };
  return { files: [...files, ...createHostConfigs(hostConfig)], hostConfig };
}
