import { readFile } from "node:fs/promises";
import path from "node:path";
import { cmsContentOf, createCmsConfig } from "./cms-config.ts";
import type { LoadedContent } from "../load/content.ts";
import { loadAdminBundle } from "./admin-bundle.ts";
import { adminFiles, type AdminBackend } from "./admin-files.ts";
import { adminScript } from "./admin-script.ts";
import type { EditorSettings } from "./client/settings.ts";
import type { OutputFile } from "../../model/output.ts";
import type { EditorBackend } from "../../model/content.ts";
import { adminPolicy, adminPolicyFor } from "../hosts/admin-policy.ts";
import { languageName, loadEditorWords, wordsFolder, wordsFor, type Words } from "./words.ts";
import { ContentWarning } from "../warnings.ts";
import { defaults, type SiteConfig } from "../config.ts";

/** The name under which the editor's script registers Decap's GitHub backend with the token sign-in (client/sign-in.ts). */
export const tokenBackend = "github-token";

/**
 * Decap's backend for site.yaml's `editor:`, in Decap's own keys (decapcms.org/docs/backends-overview/):
 * GitHub unless another host is named. With an OAuth service named (`base_url`: Netlify's
 * https://api.netlify.com, or one's own), GitHub's login window; without one, the owner signs in with an
 * access token, which needs no server at all (client/sign-in.ts).
 */
export function publishedBackend(editor: EditorBackend): AdminBackend {
  const { backend, repo, branch, base_url, auth_endpoint, api_root } = editor;
  const token = (backend ?? "github") === "github" && !base_url;
  return {
    name: token ? tokenBackend : (backend ?? "github"),
    ...(backend !== "git-gateway" && { repo }),
    branch: branch ?? "main",
    ...(base_url && { base_url }),
    ...(auth_endpoint && { auth_endpoint }),
    ...(api_root && { api_root }),
  };
}

/**
 * One warning per language of the site without a table of the editor's words: a browser asking for it gets
 * the editor in English, which the owner should hear from `check` rather than see. At the language's
 * dictionary, the file that makes it a language of the site.
 */
export function languagesWithoutWords(
  codes: readonly string[],
  tables: ReadonlyMap<string, Words>,
  dictionaryOf: (code: string) => string,
): ContentWarning[] {
  return codes
    .filter((code) => !tables.has(code))
    .map((code) => {
      const name = languageName(code, "en");
      return new ContentWarning(
        { file: dictionaryOf(code) },
        `The web editor has no words in ${name}: a browser that asks for ${name} gets the editor in English`,
        {
          hint: `Add generator/editor/words/${code}.yaml, a copy of en.yaml with its values in ${name}; tests/unit/editor-words.test.ts names any word it still lacks.`,
        },
      );
    });
}

/** The interface languages: those of the site with a table of words, English (the fallback) always. */
export function interfaceLanguages(locales: readonly string[], tables: ReadonlyMap<string, Words>): string[] {
  return [...new Set(["en", ...locales.filter((code) => tables.has(code))])];
}

/** The script's words and sign-in, as admin/editor.js receives them (client/settings.ts). */
export function editorSettings(
  languages: readonly string[],
  tables: ReadonlyMap<string, Words>,
  backend: AdminBackend,
  local: boolean,
): EditorSettings {
  const apiRoot = String(backend["api_root"] ?? "https://api.github.com").replace(/\/+$/, "");
  const repo = String(backend["repo"] ?? "");
  return {
    languages: [...languages],
    words: Object.fromEntries(languages.map((code) => [code, wordsFor(tables, code).interface])),
    local,
    ...(backend["name"] === tokenBackend && {
      token: {
        repo,
        apiRoot,
        backend: tokenBackend,
        // GitHub's form for a fine-grained token, filled in for this repository's owner with write access to contents.
        createUrl: `${apiRoot === "https://api.github.com" ? "https://github.com" : apiRoot.replace(/\/api\/v3$/, "")}/settings/personal-access-tokens/new?name=${encodeURIComponent(`Web editor ${repo}`)}&target_name=${encodeURIComponent(repo.split("/")[0] ?? "")}&contents=write`,
      },
    }),
  };
}

/** The editor's stylesheet (generator/editor/client/editor.css), as it is. */
export function adminStylesheet(): Promise<string> {
  return readFile(path.join(wordsFolder(), "../client/editor.css"), "utf8");
}

/**
 * The web editor at /admin/, when the maintainer asks for it (`--admin`, or `editor:` in site.yaml): its
 * page, its script and stylesheet, a configuration per interface language with the Git host it saves to,
 * and Decap CMS's bundle. In `watch`, the watch server answers the configurations itself, with its local
 * mode (generator/editor/watch-admin.ts).
 */
export async function adminOutput(
  config: SiteConfig,
  content: LoadedContent,
): Promise<{ files: OutputFile[]; warnings: ContentWarning[] }> {
  const editor = content.site.editor;
  if (!config.admin && !editor) return { files: [], warnings: [] };
  const backend: AdminBackend = editor
    ? publishedBackend(editor)
    : // `build --admin` without `editor:` knows no repository: Netlify's Git Gateway, deprecated (build warns).
      { name: "git-gateway", branch: "main" };
  const tables = await loadEditorWords();
  const cms = cmsContentOf(content, true);
  const languages = interfaceLanguages(cms.locales, tables);
  const watch = config.mode === "watch";
  const warnings = languagesWithoutWords(
    cms.locales,
    tables,
    (code) => `${defaults.folders.content}/i18n/${code}.yaml`,
  );
  const files = adminFiles({
    siteName: content.site.name,
    // Publish is one commit on the branch; the deploy workflow checks it before the site changes.
    configs: new Map(languages.map((code) => [code, createCmsConfig(cms, wordsFor(tables, code))])),
    backend,
    bundle: await loadAdminBundle(),
    script: await adminScript(editorSettings(languages, tables, backend, watch), config.cache),
    stylesheet: await adminStylesheet(),
    policy: watch ? adminPolicy : adminPolicyFor(editor ?? { backend: "git-gateway" }),
  });
  return { files, warnings };
}
