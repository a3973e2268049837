import { failOn } from "../errors.ts";
import type { BuildContext } from "../render/context.ts";
import { claimOutputs, outputClaims } from "./claims.ts";
import { compressedStore, precompress } from "./compress.ts";
import { hostLimitProblems } from "../hosts/limits.ts";
import { contentSecurityPolicy, type HostConfigInput } from "../hosts/host-config.ts";
import { headerBlocks } from "../hosts/headers-file.ts";
import { redirectRules } from "../hosts/redirects-file.ts";
import { addMetaCsp } from "../hosts/meta-csp.ts";
import { siteFiles } from "./site-files.ts";
import type { OutputFile } from "../../model/output.ts";

/** The output of the site as it is known before a page is rendered. */
export interface SiteOutput {
  /** Every file but the pages: assets, encoded images, public/, sitemap, robots.txt, host configuration. */
  files: OutputFile[];
  hostConfig: HostConfigInput;
  images: { encoded: number; reused: number };
  /**
   * Files as they ship, pages and the rest alike: with the policy in a meta tag where configured, and
   * `.br` and `.gz` siblings when compressing (a build to disk: watch serves plain files, check writes none).
   */
  ship(files: readonly OutputFile[]): Promise<readonly OutputFile[]>;
}

/**
 * The output stage, before rendering: every path the build will write (a page per route, assets,
 * images, public/, sitemap and host configuration) claimed by one owner, so a clash stops the build
 * before anything is rendered or written, and the host files within the hosts' limits; the files that are not pages; and how each file ships.
 */
export function siteOutput(context: BuildContext, compress: boolean, admin: readonly OutputFile[] = []): SiteOutput {
  const { config, content, routes, assets, images } = context;
  const { files, generated, hostConfig } = siteFiles(context, admin);
  failOn(claimOutputs(outputClaims(routes, assets.files, generated, content.publicFiles)));
  const publicPaths = content.publicFiles.map((file) => file.path);
  failOn(hostLimitProblems(headerBlocks(hostConfig), redirectRules(hostConfig), publicPaths));
  const policy = config.metaCsp ? contentSecurityPolicy(hostConfig) : undefined;
  const store = compress ? compressedStore(config.root, config.cache) : undefined;
  return {
    files,
    hostConfig,
    images: { encoded: images.encoded, reused: images.reused },
    ship: async (batch) => {
      const shipped = policy === undefined ? batch : addMetaCsp(batch, policy);
      if (!store) return shipped;
      // Encoded once, for the compressor and the writer alike.
      const encoded = shipped.map(asBytes);
      return [...encoded, ...(await precompress(encoded, store))];
    },
  };
}

const asBytes = (file: OutputFile): OutputFile =>
  typeof file.contents === "string" ? { path: file.path, contents: Buffer.from(file.contents) } : file;
