/**
 * Which hosts send a file's `.br` and `.gz` siblings (design.md §11 "Work the output needs"). nginx
 * (`gzip_static`, nginx.ts) and Apache shared hosting (the rewrite rules of htaccess.ts) serve the build's
 * copies as they are; GitHub Pages, Netlify and Cloudflare Pages compress every response themselves and
 * never send them, so for those hosts the copies are work and upload for nothing. A cold build of the real
 * site spends about 1 ms of CPU a page on them (Brotli and gzip, and their entries in the project's cache).
 */
import type { HostingProvider } from "../../model/legal.ts";

/** Whether each host of `hosting.provider` serves precompressed files. */
const servesPrecompressed = {
  "github-pages": false,
  netlify: false,
  "cloudflare-pages": false,
  "own-server": true,
  "shared-hosting": true,
} as const satisfies Record<HostingProvider, boolean>;

/**
 * Whether a build writes `.br` and `.gz` copies: when `forced` (`build --precompress`), or when the host
 * serves them. A site that names no host (or one the legal check refuses) gets them: the nginx and Apache
 * files every build ships would use them, and nothing tells that the site goes elsewhere.
 */
export function shipsPrecompressed(provider: string | undefined, forced: boolean): boolean {
  if (forced) return true;
  return provider !== undefined && Object.hasOwn(servesPrecompressed, provider)
    ? servesPrecompressed[provider as HostingProvider]
    : true;
}
