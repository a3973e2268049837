/**
 * What `watch --admin` adds to the watch server: the web editor's local mode (its save protocol,
 * generator/editor/local-backend.ts) and its configuration, answered per request because Decap needs the
 * absolute address of the local mode, which only the request's Host names.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { adminApiPath, answerAdminApi, type SaveProblem } from "./local-backend.ts";
import { cmsContentOf, createCmsConfig } from "./cms-config.ts";
import { loadContent } from "../load/content.ts";
import { fill, languageName, loadEditorWords, problemInWords, wordsFor } from "./words.ts";
import type { Locale, SiteConfig } from "../config.ts";
import { editorFiles, type EditorFiles } from "./owned-paths.ts";
import { linkLine, linksIn, readInside, Refused } from "./safe-paths.ts";
import { namesToReview, reviewCollection } from "./translation-review.ts";
import { markTranslationsReviewed } from "./translations-reviewed.ts";
import { translationLockFile } from "../load/translation-lock.ts";
import { fieldNameAt } from "./field-names.ts";
import { ContentError, ContentErrors, UsageError } from "../errors.ts";
import { requiredFiles } from "./guard.ts";
import { buildDay } from "../load/dates.ts";
import { adminConfigText } from "./admin-files.ts";

/**
 * Checks the whole project as it is now, as a build that writes nothing does, and throws its errors: handed
 * in by `watch` (dev/watch.ts), which runs the pipeline; the editor stands below it.
 */
export type CheckSite = () => Promise<void>;

/** The project's config with the site's languages, as the last good build read them from content/site.yaml. */
export type AdminConfig = SiteConfig & { locales: readonly Locale[] };

const adminConfigs = new WeakMap<SiteConfig, AdminConfig>();
/** One AdminConfig object per config and list of languages, so what is cached per config stays cached. */
export function adminConfig(config: SiteConfig, site: { locales: readonly Locale[] } | undefined): AdminConfig {
  const locales = site?.locales ?? [];
  const known = adminConfigs.get(config);
  if (known && JSON.stringify(known.locales) === JSON.stringify(locales)) return known;
  const made = { ...config, locales };
  adminConfigs.set(config, made);
  return made;
}

/** Answers the local mode's requests and admin/config.<language>.yml; false for every other request. */
export function answerAdmin(
  config: AdminConfig,
  request: IncomingMessage,
  response: ServerResponse,
  log: (line: string) => void,
  checkSite: CheckSite,
): boolean {
  const codes = config.locales.map((locale) => locale.code);
  // A refusal names its field in the language the browser asks for, as the form labels it.
  const language = interfaceLanguage(request.headers["accept-language"], codes);
  const verify = (files: readonly string[]) => problemsIn(config, files, language, checkSite);
  const owned = ownedBy(config);
  const review = { file: translationLockFile, mark: (names: readonly string[]) => markReviewed(config, names) };
  const answered = answerAdminApi(request, response, {
    root: config.root,
    basePath: config.basePath,
    log,
    owned,
    verify,
    required: requiredFiles(codes),
    review,
    unreadableShown: (file, line) => unreadableInWords(file, line, language),
  });
  if (answered) return true;
  const pathname = (request.url ?? "").split("?")[0] ?? "";
  const asked = /^admin\/config\.([a-z]{2,3}(?:-[A-Z]{2})?)\.yml$/.exec(pathname.slice(config.basePath.length));
  if (!pathname.startsWith(config.basePath) || !asked || request.method !== "GET") return false;
  const origin = `http://${request.headers.host ?? "localhost"}`;
  const api = `${origin}${config.basePath}${adminApiPath}`;
  const hostname = new URL(origin).hostname;
  void Promise.all([loadContent({ ...config, mode: "build" }), namesToReview(config), loadEditorWords()])
    .then(([content, toReview, tables]) => {
      const words = wordsFor(tables, asked[1]!);
      const cms = createCmsConfig({ ...cmsContentOf(content, true), today: buildDay() }, words);
      const translation = languageName(codes[1] ?? codes[0]!, words.language);
      cms["collections"] = [...(cms["collections"] as unknown[]), ...reviewCollection(toReview, translation, words)];
      const text = adminConfigText(
        cms,
        { name: "proxy", proxy_url: api },
        {
          // Decap's own words (buttons, menus) in the same language; it ships German and English.
          locale: words.language,
          local_backend: { url: api, allowed_hosts: [hostname] },
          site_url: `${origin}${config.basePath}`,
          display_url: `${origin}${config.basePath}`,
        },
      );
      response.writeHead(200, { "content-type": "text/yaml; charset=utf-8", "cache-control": "no-store" }).end(text);
    })
    .catch((error: unknown) => {
      log(`Web editor: cannot make its configuration: ${error instanceof Error ? error.message : String(error)}`);
      response.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("No configuration\n");
    });
  return true;
}

/**
 * A file that does not parse, as the editor's notice says it in the interface language ("content/i18n/de.yaml,
 * Zeile 30: …", client/notices.ts), so that Decap's own message over it is in that language too.
 */
async function unreadableInWords(file: string, line: number, language: string): Promise<string | undefined> {
  const said = wordsFor(await loadEditorWords(), language).interface["brokenAt"];
  return said === undefined ? undefined : `${file}, ${fill(said, { line: String(line) })}`;
}

/** Records what the review form ticked, as `translations reviewed` does; a name it does not know is refused. */
async function markReviewed(config: SiteConfig, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  try {
    await markTranslationsReviewed(config, names, false);
  } catch (error) {
    if (error instanceof UsageError) throw new Refused(`Not saved. ${error.message}`);
    throw error;
  }
}

const owned = new WeakMap<AdminConfig, EditorFiles>();

/** The files the editor may save in this project: its collections' files and photos (editor/owned-paths.ts). */
function ownedBy(config: AdminConfig): EditorFiles {
  let files = owned.get(config);
  if (!files) owned.set(config, (files = editorFiles(config.locales.map((locale) => locale.code))));
  return files;
}

/**
 * What `watch --admin` says at start about the tree: one located line when content/ or public/ holds
 * a symbolic link, for the editor saves nothing until it is gone (the build refuses such a tree too).
 */
export async function adminStartLines(config: SiteConfig): Promise<string[]> {
  const links = await linksIn(config.root);
  return links.length > 0 ? [linkLine(links[0]!)] : [];
}

/**
 * `check` on the project as it is now: its errors in the given files, each as the terminal prints it and
 * as the editor shows it, in the interface language, with the field it is in as the form names it
 * ("Im Formular: Termine › 1 › Letzter Tag."), read from the file as saved.
 */
async function problemsIn(
  config: SiteConfig,
  files: readonly string[],
  language: string,
  checkSite: CheckSite,
): Promise<SaveProblem[]> {
  try {
    await checkSite();
    return [];
  } catch (error) {
    const errors = error instanceof ContentErrors ? error.errors : error instanceof ContentError ? [error] : [];
    const mine = errors.filter((problem) => files.includes(problem.place.file));
    const words = wordsFor(await loadEditorWords(), language);
    return Promise.all(
      mine.map(async (problem) => {
        const terminal = problem.hint ? `${problem.message} ${problem.hint}` : problem.message;
        const text = (await readInside(config.root, problem.place.file).catch(() => undefined))?.toString("utf8");
        const field =
          text && problem.place.line ? fieldNameAt(problem.place.file, text, problem.place.line, words) : undefined;
        const shown = problemInWords(problem, words) ?? terminal;
        return {
          terminal,
          shown: field ? `${shown} ${fill(words.interface["inTheForm"] ?? "In the form: {field}.", { field })}` : shown,
        };
      }),
    );
  }
}

/** The first language of the browser's list that the site has, by its primary tag (de-AT → de); else English. */
export function interfaceLanguage(header: string | undefined, codes: readonly string[]): string {
  const wanted = (header ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", ...parameters] = part.trim().split(";");
      const quality = parameters.map((parameter) => /^\s*q=([\d.]+)/.exec(parameter)?.[1]).find(Boolean);
      return { code: tag.split("-")[0]!.toLowerCase(), quality: quality === undefined ? 1 : Number(quality) };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality);
  return wanted.find((entry) => codes.includes(entry.code))?.code ?? "en";
}
