/**
 * The web editor's page at /admin/ (Decap CMS): its HTML, which loads the editor's own script and Decap's
 * bundle from beside itself, its stylesheet, and one configuration per interface language, generated from
 * the loaders' schemas (generator/editor/cms-config.ts) with the place it saves to. Shipped by `build` only
 * when asked for (`--admin`, or `editor:` in site.yaml).
 */
import { stringify } from "yaml";
import type { OutputFile } from "../../model/output.ts";
import { adminPolicy } from "../hosts/admin-policy.ts";

/** Where the editor saves: a Git host for the published site, the watch server in local mode. */
export type AdminBackend = Record<string, unknown>;

/** The admin page: the editor's script starts Decap with the configuration of the browser's language (client/admin.ts). */
export function adminPage(siteName: string, policy = adminPolicy): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta http-equiv="Content-Security-Policy" content="${policy.replace(/; frame-ancestors [^;]*/, "")}">
<title>${siteName.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`)}</title>
<link rel="stylesheet" href="editor.css">
</head>
<body>
<script src="editor.js"></script>
<script src="decap-cms.js"></script>
</body>
</html>
`;
}

/** config.<language>.yml: the generated collections, the backend, and where the editor's "view site" link goes. */
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

/** What /admin/ is made of. */
export interface AdminParts {
  siteName: string;
  /** The configuration of each interface language, by its code; each names Decap's locale of that language. */
  configs: ReadonlyMap<string, Record<string, unknown>>;
  backend: AdminBackend;
  /** Decap's bundle and its chunks. */
  bundle: readonly OutputFile[];
  /** The editor's own script (admin-script.ts) and stylesheet (client/editor.css). */
  script: string;
  stylesheet: string;
  policy?: string;
}

/** The files of /admin/: page, script, stylesheet, a configuration per interface language, and Decap's bundle. */
export function adminFiles(parts: AdminParts): OutputFile[] {
  return [
    { path: "admin/index.html", contents: adminPage(parts.siteName, parts.policy) },
    { path: "admin/editor.js", contents: parts.script },
    { path: "admin/editor.css", contents: parts.stylesheet },
    ...[...parts.configs].map(([language, config]) => ({
      path: `admin/config.${language}.yml`,
      contents: adminConfigText(config, parts.backend, { locale: language }),
    })),
    ...parts.bundle,
  ];
}
