import { createCmsConfig, multilineKeysOf, type CmsContent } from "./cms-config.ts";
import type { SiteConfig } from "../config.ts";
import type { LoadedContent } from "../load/content.ts";
import { loadAdminBundle } from "./admin-bundle.ts";
import { adminFiles, type AdminBackend } from "./admin-files.ts";
import type { OutputFile } from "../../model/output.ts";
import type { EditorBackend } from "../../model/content.ts";
import { adminPolicy, adminPolicyFor } from "../hosts/admin-policy.ts";

/**
 * Decap's backend for site.yaml's `editor:`, in Decap's own keys (decapcms.org/docs/backends-overview/):
 * GitHub unless another host is named, logging in through `base_url` (Netlify's OAuth service unless given).
 */
export function publishedBackend(editor: EditorBackend): AdminBackend {
  const { backend, repo, branch, base_url, auth_endpoint, api_root } = editor;
  return {
    name: backend ?? "github",
    ...(backend !== "git-gateway" && { repo }),
    branch: branch ?? "main",
    ...(base_url && { base_url }),
    ...(auth_endpoint && { auth_endpoint }),
    ...(api_root && { api_root }),
  };
}

/** What the web editor's configuration needs of the loaded content. */
export function cmsContentOf(content: LoadedContent): CmsContent {
  return {
    locales: content.locales.map((locale) => locale.locale),
    dictionaryKeys: [...(content.locales[0]?.dictionary.keys() ?? [])],
    multilineKeys: multilineKeysOf(content.locales.map((locale) => locale.dictionary)),
    offerNames: Object.keys(content.site.offers ?? {}),
    today: content.site.builtAt?.slice(0, 10),
  };
}

/**
 * The web editor at /admin/, when the maintainer asks for it (`--admin`, or `editor:` in site.yaml):
 * its page, its configuration with the Git host it saves to, and Decap CMS's bundle. In `watch`, the
 * same files; the watch server answers config.yml itself, with its local mode (generator/editor/watch-admin.ts).
 */
export async function adminOutput(config: SiteConfig, content: LoadedContent): Promise<OutputFile[]> {
  const editor = content.site.editor;
  if (!config.admin && !editor) return [];
  const backend: AdminBackend = editor
    ? publishedBackend(editor)
    : // `build --admin` without `editor:` knows no repository: Netlify's Git Gateway, deprecated (build warns).
      { name: "git-gateway", branch: "main" };
  // Each save becomes a pull request, which the deploy workflow checks before it can land on main.
  const cms = { publish_mode: "editorial_workflow", ...createCmsConfig(cmsContentOf(content)) };
  // In `watch`, a refused save's notice stays on the page until fixed (editor/refusal-notice.ts).
  return adminFiles(
    content.site.name,
    cms,
    backend,
    await loadAdminBundle(),
    config.mode === "watch",
    config.mode === "watch" ? adminPolicy : adminPolicyFor(editor ?? { backend: "git-gateway" }),
    Object.fromEntries(
      content.writingRules.map(({ code, messages }) => [code, { notSaved: messages.notSaved, close: messages.close }]),
    ),
  );
}
