/**
 * The web editor's page at /admin/ (Decap CMS): its HTML, which loads the bundle from beside itself,
 * and its configuration, generated from the loaders' schemas (generator/editor/cms-config.ts) with the place
 * it saves to. Shipped by `build` only when asked for (`--admin`, or `editor:` in site.yaml).
 */
import { stringify } from "yaml";
import { refusalNoticeFile, refusalNoticeScript, type NoticeWords } from "./refusal-notice.ts";
import type { OutputFile } from "../../model/output.ts";
import { adminPolicy } from "../hosts/admin-policy.ts";

/** Where the editor saves: a Git host for the published site, the watch server in local mode. */
export type AdminBackend = Record<string, unknown>;

/** The admin page: Decap reads config.yml from beside it. In local mode a refused save's notice stays (editor/refusal-notice.ts). */
export function adminPage(siteName: string, localMode = false, policy = adminPolicy): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta http-equiv="Content-Security-Policy" content="${policy.replace(/; frame-ancestors [^;]*/, "")}">
<title>Edit the site · ${siteName.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`)}</title>
</head>
<body>
${localMode ? '<script src="refusal-notice.js"></script>\n' : ""}<script src="decap-cms.js"></script>
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
  localMode = false,
  policy = adminPolicy,
  /** The refusal notice's words, by language (local mode). */
  notices: Readonly<Record<string, NoticeWords>> = {},
): OutputFile[] {
  return [
    { path: "admin/index.html", contents: adminPage(siteName, localMode, policy) },
    { path: "admin/config.yml", contents: adminConfigText(config, backend) },
    ...(localMode ? [{ path: refusalNoticeFile, contents: refusalNoticeScript(notices) }] : []),
    ...bundle,
  ];
}
