/**
 * The published editor's backend: Netlify marks its Git Gateway deprecated, so `check` warns where
 * site.yaml chooses it, and where `build --admin` ships the editor without `editor:` (which then has
 * no repository to name and falls back to it). The build goes on; `--strict` fails on it.
 */
import type { Site } from "../../model/content.ts";
import type { SiteConfig } from "../config.ts";
import { ContentWarning } from "../warnings.ts";
import { placeFor } from "../load/unset-facts.ts";

const github =
  "Save through GitHub instead: editor: with repo: owner/name in content/site.yaml (README, Editing in the browser).";

export function deprecatedEditorBackend(config: SiteConfig, site: Site): ContentWarning[] {
  if (site.editor?.backend === "git-gateway")
    return [
      new ContentWarning(
        placeFor(site, "editor.backend"),
        "backend: git-gateway saves through Netlify's Git Gateway, which Netlify marks deprecated",
        { hint: "Remove this line to save through GitHub, the default (README, Editing in the browser)." },
      ),
    ];
  if (config.admin && !site.editor && config.mode !== "watch")
    return [
      new ContentWarning(
        placeFor(site, "editor"),
        "--admin without editor: in site.yaml ships the editor with Netlify's Git Gateway, which Netlify marks deprecated",
        { hint: github },
      ),
    ];
  return [];
}
