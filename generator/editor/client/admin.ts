/**
 * The web editor's own script, loaded before Decap's bundle on /admin/: it holds Decap's start
 * (CMS_MANUAL_INIT), then picks the interface language from the browser's list (the configuration of that
 * language, config.<language>.yml, labels every field in it), registers the formats that save only what
 * changed (kept-formats.ts), the search over the short texts (text-search.ts), the token sign-in of the
 * published editor (sign-in.ts) and the notices (notices.ts), loads an entry named by a changed address
 * (entry-switch.ts), corrects two of Decap's phrases (decap-words.ts), and starts Decap with that configuration.
 */
import { parse } from "yaml";
import { keepListLabels, listLabels, registerDecapPhrases } from "./decap-words.ts";
import { reloadOnEntrySwitch } from "./entry-switch.ts";
import { keptFrontMatter, keptYaml } from "./kept-formats.ts";
import { rememberCollections, showUnreadable, watchRefusals, type CollectionOfConfig } from "./notices.ts";
import { registerTokenBackend } from "./sign-in.ts";
import { registerTextSearch } from "./text-search.ts";
import { settings } from "./settings.ts";

interface DecapGlobal {
  init(options: { config: Record<string, unknown> }): void;
  registerCustomFormat(name: string, extension: string, formatter: unknown): void;
  getBackend(name: string): { init(config: unknown, options?: unknown): object } | undefined;
  registerBackend(name: string, backend: unknown): void;
  registerWidget(name: string, control: unknown): void;
  registerLocale(name: string, phrases: Record<string, unknown>): void;
  getLocale(name: string): Record<string, unknown> | undefined;
}

declare global {
  interface Window {
    CMS_MANUAL_INIT?: boolean;
    CMS?: DecapGlobal;
    h?: (type: string, props: Record<string, unknown> | null, ...children: unknown[]) => unknown;
    createClass?: (spec: Record<string, unknown>) => unknown;
  }
}

window.CMS_MANUAL_INIT = true;

/** The first of the browser's languages that has words, by its primary tag (de-AT → de); else the fallback. */
export function interfaceLanguage(wanted: readonly string[], available: readonly string[]): string {
  for (const tag of wanted) {
    const code = tag.split("-")[0]!.toLowerCase();
    if (available.includes(code)) return code;
  }
  return available[0]!;
}

const language = interfaceLanguage(navigator.languages ?? [navigator.language], settings.languages);
const words = settings.words[language] ?? {};
document.documentElement.lang = language;
if (settings.local) watchRefusals(words);
reloadOnEntrySwitch();

async function start() {
  const cms = window.CMS!;
  const unreadable = (error: Error, line?: number) => {
    // Decap opens nothing over a file that does not parse; this page says why and leads back.
    if (/\/entries\//.test(location.hash)) showUnreadable(words, error.message, line);
  };
  cms.registerCustomFormat("ranch-yaml", "yaml", keptYaml(unreadable));
  cms.registerCustomFormat("ranch-frontmatter", "md", keptFrontMatter(unreadable));
  registerTextSearch(cms, window.createClass!, window.h!, words);
  if (settings.token) registerTokenBackend(cms, window.h!, settings.token.backend, settings.token, words);
  const response = await fetch(`config.${language}.yml`, { cache: "no-store" });
  const config = parse(await response.text()) as Record<string, unknown>;
  const collections = (config["collections"] as CollectionOfConfig[]) ?? [];
  rememberCollections(collections);
  registerDecapPhrases(cms, language, words);
  keepListLabels(cms, language, listLabels(collections));
  cms.init({ config: { ...config, load_config_file: false } });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => void start());
else void start();
