/**
 * The Content-Security-Policy as a `<meta http-equiv>` in every page, for hosts that cannot set
 * response headers (GitHub Pages). Browsers ignore frame-ancestors, report-uri, report-to and sandbox
 * in a meta policy (CSP Level 3, §3.3) and log an error for each, so those are left out: such a host
 * gives no clickjacking protection by policy, no violation reports, and no other headers at all
 * (HSTS, nosniff, Referrer-Policy, Permissions-Policy).
 */
import type { OutputFile } from "../../model/output.ts";
import { isAdminFile } from "./admin-policy.ts";

/** Directives a browser ignores when the policy comes from a meta element. */
export const ignoredInMeta = ["frame-ancestors", "report-uri", "report-to", "sandbox"];

/** The header policy without the directives a meta element cannot carry. */
export function metaPolicy(policy: string): string {
  return policy
    .split(";")
    .map((directive) => directive.trim())
    .filter((directive) => directive && !ignoredInMeta.includes(directive.split(/\s+/)[0]!))
    .join("; ");
}

/**
 * The pages with the policy right after their charset, before any script it governs. The policy
 * allows the pages' inline scripts by hash, which only exist once the pages are rendered: so it is
 * added here, in the write stage, and adding it changes no script.
 */
export function addMetaCsp(files: readonly OutputFile[], policy: string): OutputFile[] {
  const tag = `<meta http-equiv="Content-Security-Policy" content="${metaPolicy(policy).replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"/>`;
  return files.map((file) => {
    // The admin page carries its own policy (hosts/admin-policy.ts).
    if (!file.path.endsWith(".html") || isAdminFile(file.path) || typeof file.contents !== "string") return file;
    // React writes `<meta charSet="utf-8"/>`; an old address's forwarding page (write/old-addresses.ts) plain HTML.
    const charset = /<meta charset="utf-8"\s*\/?>/i.exec(file.contents);
    if (!charset) throw new Error(`${file.path} has no <meta charset> to put the Content-Security-Policy after`);
    const at = charset.index + charset[0].length;
    return { ...file, contents: file.contents.slice(0, at) + tag + file.contents.slice(at) };
  });
}
