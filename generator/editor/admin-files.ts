/**
 * The web editor's page at /admin/ (Decap CMS): its HTML, which loads the bundle from beside itself,
 * and its configuration, generated from the loaders' schemas (generator/editor/cms-config.ts) with the place
 * it saves to. Shipped by `build` only when asked for (`--admin`, or `editor:` in site.yaml).
 */
import { stringify } from "yaml";
import type { OutputFile } from "../../model/output.ts";

/**
 * The admin page's own policy, stricter than most CMS setups: scripts from the site only, no
 * 'unsafe-eval'. Decap's styling library (emotion) writes `<style>` elements at run time, so styles
 * need 'unsafe-inline'; previews of images it holds in memory need `blob:`.
 */
export const adminPolicy = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "form-action 'self'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join("; ");

/** Whether an output-relative file belongs to the admin page, which has its own policy. */
export const isAdminFile = (file: string) => file.replace(/^\/+/, "").startsWith("admin/");

/** Where the editor saves: a Git host for the published site, the watch server in local mode. */
export type AdminBackend = Record<string, unknown>;

/** The admin page: Decap reads config.yml from beside it. */
export function adminPage(siteName: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta http-equiv="Content-Security-Policy" content="${adminPolicy.replace(/; frame-ancestors [^;]*/, "")}">
<title>Edit the site · ${siteName.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`)}</title>
</head>
<body>
<script src="decap-cms.js"></script>
</body>
</html>
`;
}

/** config.yml: the generated collections, the backend, and where the editor's "view site" link goes. */
export function adminConfigText(
  config: Record<string, unknown>,
  backend: AdminBackend,
  extra: Record<string, unknown> = {},
): string {
  return `# Written by ranch-site from the loaders' schemas (content/schemas/cms-config.yml); do not edit.\n${stringify(
    { backend, ...extra, ...config },
    { lineWidth: 0, aliasDuplicateObjects: false },
  )}`;
}

/** The files of /admin/: page, configuration and the bundle with its chunks. */
export function adminFiles(
  siteName: string,
  config: Record<string, unknown>,
  backend: AdminBackend,
  bundle: readonly OutputFile[],
): OutputFile[] {
  return [
    { path: "admin/index.html", contents: adminPage(siteName) },
    { path: "admin/config.yml", contents: adminConfigText(config, backend) },
    ...bundle,
  ];
}
