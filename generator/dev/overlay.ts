/**
 * What `watch` lays over the pages it serves: the last build's error (over the top of the last good
 * page), or its warnings (a panel at the foot), and the live-reload script; with the header rules that
 * allow exactly these inline parts, by hash, and nothing broader.
 */
import { createHash } from "node:crypto";
import { errorPageStyle } from "../render/pages.ts";
import { formSources, headerRules, headersFor, type HeaderRules, type HostConfigInput } from "../hosts/host-config.ts";
import type { SiteConfig } from "../config.ts";
import type { BuildReport } from "../build.ts";
import { defaultMessages } from "../load/writing-rules.ts";
import { countWarnings } from "../warnings.ts";
import { liveReloadScript, liveReloadTag } from "./reload-stream.ts";
import type { WarningPanel } from "./warnings-told.ts";

/**
 * What the pages show of the last build that stands: its error, or the warnings of the last good one; and
 * the headers of every answer, whose policy allows the overlay's inline parts.
 */
export class Overlay {
  readonly #config: SiteConfig;
  /** The failure, as the terminal printed it; undefined after a good build. */
  #error: string | undefined;
  /** The warnings of the last good build: shown in the browser too, not only in the terminal. */
  #warnings: WarningPanel = { stops: [], content: [], changed: false };
  #rules: HeaderRules;
  /** The last good build's host configuration (its languages, its old addresses) and its notices' words per language. */
  #site: HostConfigInput | undefined;
  #messages: BuildReport["messages"] = {};

  constructor(config: SiteConfig) {
    this.#config = config;
    this.#rules = watchRules(config, undefined);
  }

  /** Whether the last build failed: the pages show its error. */
  get failed(): boolean {
    return this.#error !== undefined;
  }

  /** The last good build's host configuration: undefined before one. */
  get site(): HostConfigInput | undefined {
    return this.#site;
  }

  /** A good build: the pages show its warnings, and are served with its headers. */
  built(hostConfig: HostConfigInput, warnings: WarningPanel, messages: BuildReport["messages"]) {
    this.#error = undefined;
    this.#site = hostConfig;
    this.#messages = messages;
    this.#warnings = warnings;
    this.#rules = watchRules(this.#config, hostConfig);
  }

  /** A failed build: the pages show its error over the last good site. */
  failedWith(error: string) {
    this.#error = error;
  }

  /** The headers of the answer that sends `file` (relative to the output folder). */
  headers(file: string): Record<string, string> {
    return { ...headersFor(this.#rules, file), "cache-control": "no-store" };
  }

  /** A served page with the overlay and the live-reload script of rebuild `build`. */
  page(html: string, build: string, urlPath: string): string {
    const overlay = this.#error ? errorOverlay(this.#error, this.#language(urlPath)) : warningPanel(this.#warnings);
    return html.replace("</body>", `${overlay}${liveReloadTag(build)}</body>`);
  }

  /** The language of a page by its path, and the words of the notice on it (English before a good build). */
  #language(urlPath: string) {
    const byPrefix = [...(this.#site?.locales ?? [])].sort((a, b) => b.prefix.length - a.prefix.length);
    const below = `${urlPath}/`.slice(this.#config.basePath.length);
    const language = byPrefix.find((locale) => !locale.prefix || below.startsWith(`${locale.prefix}/`));
    const messages = language && this.#messages[language.code];
    return language && messages ? { code: language.code, ...messages } : undefined;
  }

  /** The page served in place of every page while the output folder holds no site (a first build that failed). */
  fallback(build: string): string | undefined {
    if (!this.#error) return undefined;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Build failed</title></head><body>${errorOverlay(this.#error)}${liveReloadTag(build)}</body></html>`;
  }
}

const overlayStyle =
  "[data-build-error]{position:fixed;inset:0 0 auto;z-index:2147483647;max-height:70vh;overflow:auto;margin:0;padding:1.25rem 1.5rem;background:#2b1410;color:#ffe9e2;font:14px/1.5 ui-monospace,monospace;box-shadow:0 6px 24px rgb(0 0 0/40%)}[data-build-error] strong{display:block;font:600 16px/1.4 system-ui,sans-serif;margin-bottom:.5rem}[data-build-error] pre{white-space:pre-wrap;margin:0}" +
  "[data-build-warnings]{position:fixed;inset:auto 0 0;z-index:2147483647;max-height:40vh;overflow:auto;margin:0;padding:1rem 1.5rem;background:#3a2e05;color:#fff4cc;font:14px/1.5 ui-monospace,monospace;box-shadow:0 -6px 24px rgb(0 0 0/40%)}[data-build-warnings] strong{display:block;font:600 16px/1.4 system-ui,sans-serif;margin-bottom:.5rem}[data-build-warnings] pre{white-space:pre-wrap;margin:0}" +
  "[data-build-warnings] summary{cursor:pointer;font:600 16px/1.4 system-ui,sans-serif}[data-build-warnings] summary:focus-visible{outline:2px solid #fff4cc;outline-offset:2px}[data-build-warnings] details>p{margin:.25rem 0 .75rem;font:14px/1.5 system-ui,sans-serif}[data-build-warnings] pre+details{margin-top:1rem}" +
  // Folded, the content warnings are a badge in a corner: they were told once, and cover as little as they can.
  "[data-build-warnings]:has(>details:only-child:not([open])){inset:auto auto .75rem .75rem;padding:.375rem .875rem;border-radius:999px}[data-build-warnings]:has(>details:only-child:not([open])) summary{font-size:14px}";

const sha256 = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;

/**
 * The shipped header rules, with what live reload needs added: its inline script and the inline
 * styles of the overlay and the error page, each by hash. Its EventSource is same-origin, which
 * the shipped `connect-src 'self'` already allows. Before a first good build there are no font
 * origins and no page scripts to allow.
 */
function watchRules(config: SiteConfig, hostConfig: HostConfigInput | undefined): HeaderRules {
  const input: HostConfigInput = hostConfig ?? {
    basePath: config.basePath,
    locales: [],
    scriptHashes: [],
    fontsOrigin: "",
    fontFilesOrigin: "",
    ...formSources({ kind: "mailto" }),
    files: [],
  };
  return headerRules({
    ...input,
    scriptHashes: [...input.scriptHashes, sha256(liveReloadScript)],
    styleHashes: [...(input.styleHashes ?? []), sha256(overlayStyle), sha256(errorPageStyle)],
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The notice of a failed build, its heading in the page's language (its writing rules' `messages`); the
 * lines of the error are ranch-site's, in English, and marked so for screen readers.
 */
function errorOverlay(error: string, language?: { code: string; buildFailed: string }): string {
  const heading = language
    ? `<strong lang="${escapeHtml(language.code)}">${escapeHtml(language.buildFailed)}</strong>`
    : `<strong lang="en">${escapeHtml(defaultMessages.buildFailed)}</strong>`;
  return `<style>${overlayStyle}</style><div role="alert" data-build-error>${heading}<pre lang="en">${escapeHtml(error)}</pre></div>`;
}

/**
 * The last good build's warnings at the foot of the page: first what build would stop on (the page shows a
 * key where a text belongs, or a template's error), always open; then the content warnings `check` gives,
 * open when they changed with the last rebuild, else folded to their count (a click opens them).
 */
function warningPanel({ stops, content, changed }: WarningPanel): string {
  if (stops.length === 0 && content.length === 0) return "";
  const stopped =
    stops.length > 0
      ? `<strong>${countWarnings(stops.length)}: the page shows the key where a text belongs, and build would stop here.</strong><pre>${escapeHtml(stops.map((warning) => `warning: ${warning}`).join("\n"))}</pre>`
      : "";
  const checked =
    content.length > 0
      ? `<details${changed ? " open" : ""}><summary>${countWarnings(content.length)}</summary><p>The site builds, and shows what it can; check lists these too, and check --strict stops on them.</p><pre>${escapeHtml(content.map((lines) => lines.join("\n")).join("\n"))}</pre></details>`
      : "";
  return `<style>${overlayStyle}</style><div role="status" data-build-warnings>${stopped}${checked}</div>`;
}
