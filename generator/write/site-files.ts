import type { BuildContext } from "../render/context.ts";
import { createCalendars } from "./calendar.ts";
import { formSources, type HostConfigInput } from "../hosts/host-config.ts";
import { createHostConfigs } from "../hosts/files.ts";
import { adminPolicyFor } from "../hosts/admin-policy.ts";
import { createRobots, createSitemap } from "./sitemap.ts";
import { forwardingPages, oldAddresses } from "./old-addresses.ts";
import type { OutputFile } from "../../model/output.ts";

/**
 * Every file of the built site but the pages, which are rendered later and stream past: the bundled
 * assets, the encoded images, public/, the sitemap and robots.txt, the dates' calendar files, and the
 * host configuration, which serves exactly these files and the pages (their paths are known from the routes) with the inline
 * scripts the assets stage wrote allowed by hash. The host configuration is returned as data too:
 * `headerRules()` of it is what `serve` and `watch` answer with.
 */
export function siteFiles(
  { config, content, routes, assets, links, images: { files: images } }: BuildContext,
  admin: readonly OutputFile[] = [],
): { files: OutputFile[]; generated: OutputFile[]; hostConfig: HostConfigInput } {
  // An old address where public/ has a file now is that file's: never a redirect.
  const publicPaths = new Set(content.publicFiles.map((file) => file.path));
  const redirects = oldAddresses(content.addressLock, routes, config.basePath, publicPaths);
  const made = [
    createSitemap(routes, content.site.languages[0]!.code),
    createRobots(links.assetUrl("sitemap.xml")),
    ...createCalendars(content.site, content.locales, links),
    ...forwardingPages(redirects, content),
    ...admin,
  ];
  const files = [...assets.files, ...images, ...content.publicFiles, ...made];
  const hostConfig: HostConfigInput = {
    basePath: config.basePath,
    locales: content.site.languages,
    redirects: redirects.map(({ from, to }) => ({ from, to })),
    scriptHashes: assets.inlineScriptHashes,
    fontsOrigin: new URL(content.site.consent.fontsUrl).origin,
    fontFilesOrigin: new URL(content.site.consent.fontFilesHost).origin,
    ...formSources(content.site.contact.form),
    files: [...routes.map((route) => route.file), ...files.map((file) => file.path)],
    ...(admin.length > 0 && {
      adminPolicy: adminPolicyFor(content.site.editor ?? { backend: "git-gateway" }),
    }),
  };
  const hostFiles = createHostConfigs(hostConfig);
  return { files: [...files, ...hostFiles], generated: [...images, ...made, ...hostFiles], hostConfig };
}
