import type { SiteConfig } from "../config.ts";
import { failOn } from "../errors.ts";
import { encodeImages } from "../images/pipeline.ts";
import type { Content } from "../load/content.ts";
import type { Links, Route } from "../routes.ts";
import type { Assets } from "../write/assets.ts";
import { claimOutputs, outputOwners } from "../write/claims.ts";
import { compressedStore, precompress } from "../write/compress.ts";
import { contentSecurityPolicy, type HostConfigInput } from "../write/host-config.ts";
import { addMetaCsp } from "../write/meta-csp.ts";
import { siteFiles } from "../write/site-files.ts";
import type { OutputFile } from "../write/writer.ts";
import type { RenderedSite } from "./render-site.ts";

/** Every file of the built site, what the host configuration was made from, and the image encoder's counts. */
export interface SiteOutput {
  files: OutputFile[];
  hostConfig: HostConfigInput;
  images: { encoded: number; reused: number };
}

/**
 * The files the write stage writes: pages, assets, encoded images, public/, sitemap and host
 * configuration, each path claimed by one owner; with the policy in a meta tag where configured, and
 * `.br` and `.gz` siblings when `compress` (a build to disk: watch serves plain files, check writes none).
 */
export async function siteOutput(
  config: SiteConfig,
  content: Content,
  routes: Route[],
  links: Links,
  assets: Assets,
  site: RenderedSite,
  compress: boolean,
): Promise<SiteOutput> {
  const encoded = await encodeImages(site.images, config);
  const { files, hostConfig } = siteFiles(config, content, routes, assets, site.rendered, links, encoded.files);
  failOn(claimOutputs(files, outputOwners(routes, site.rendered.files, assets.files, content.publicFiles)));
  const shipped = config.metaCsp ? addMetaCsp(files, contentSecurityPolicy(hostConfig)) : files;
  const compressed = compress ? await precompress(shipped, compressedStore(config.root, config.cache)) : [];
  return {
    files: [...shipped, ...compressed],
    hostConfig,
    images: { encoded: encoded.encoded, reused: encoded.reused },
  };
}
