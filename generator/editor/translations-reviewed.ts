/**
 * `ranch-site translations reviewed [name…] | --all`: records in content/translations.lock.yaml
 * which English text each translation now matches, so that `check` reports it as stale only when the
 * English text changes again. Names are dictionary keys (`hero.subtitle`) or markdown texts
 * (`pages/about-me`, `about-me`, `content/pages/about-me.de.md`).
 */
import { replaceFile } from "../io/atomic.ts";
import path from "node:path";
import { currentLock, markdownTexts } from "../check/translation-sources.ts";
import type { SiteConfig } from "../config.ts";
import { failOn, UsageError } from "../errors.ts";
import { loadContent } from "../load/content.ts";
import { loadTranslationLock, translationLockFile, type LocaleLock } from "../load/translation-lock.ts";

/** Marks the named translations (or all) as reviewed; returns the names it recorded, per locale. */
export async function markTranslationsReviewed(
  config: SiteConfig,
  names: readonly string[],
  all: boolean,
): Promise<{ file: string; marked: string[] }> {
  if (!all && names.length === 0)
    throw new UsageError(
      "Name the keys or pages you reviewed (such as hero.subtitle or pages/about-me), or give --all.",
    );
  const content = await loadContent(config);
  const { value: lock, problems } = await loadTranslationLock(config.root);
  failOn(content.problems, problems);
  const [source, ...translations] = content.locales;
  if (!source) throw new UsageError("There is no language configured.");
  const now = currentLock(source);
  const pageNames = [...now.pages.keys()];
  const wanted = all ? [...now.keys.keys(), ...pageNames] : names.map((name) => resolveName(name, now, pageNames));
  const next = new Map<string, LocaleLock>();
  for (const translation of translations) {
    const before = lock?.get(translation.locale) ?? { keys: new Map(), pages: new Map() };
    const translatedPages = markdownTexts(translation);
    const keys = new Map<string, string>();
    for (const [key, hash] of now.keys) {
      if (!translation.dictionary.has(key)) continue;
      const recorded = wanted.includes(key) ? hash : before.keys.get(key);
      if (recorded) keys.set(key, recorded);
    }
    const pages = new Map<string, string[]>();
    for (const [name, hashes] of now.pages) {
      if (!translatedPages.has(name)) continue;
      const recorded = wanted.includes(name) ? hashes : before.pages.get(name);
      if (recorded) pages.set(name, recorded);
    }
    next.set(translation.locale, { keys, pages });
  }
  const file = path.join(config.root, translationLockFile);
  await replaceFile(file, serialise(next));
  return { file: translationLockFile, marked: wanted };
}

/** A key as it is; a markdown text by its lock name, its bare name or its file. */
function resolveName(name: string, now: LocaleLock, pageNames: string[]): string {
  if (now.keys.has(name)) return name;
  const bare = name.replace(/^content\//, "").replace(/\.[a-z]{2}\.md$/, "");
  const page = pageNames.find((candidate) => candidate === bare || candidate.endsWith(`/${bare}`));
  if (page) return page;
  throw new UsageError(
    `"${name}" is neither a key of the dictionaries nor a page or testimonial: name a key such as hero.subtitle, or a page such as pages/about-me.`,
  );
}

/** The lock file, in the order of the English texts, so a review changes only its own lines. */
function serialise(lock: Map<string, LocaleLock>): string {
  const lines = [
    "# Which English text each translation was last reviewed against: a short hash per key and per block",
    "# of a page. Written by `node bin/ranch-site.js translations reviewed <key|page…>` (or --all); do not edit by",
    "# hand. `node bin/ranch-site.js check` warns about every translation whose English text has changed since.",
  ];
  for (const [locale, { keys, pages }] of lock) {
    lines.push(`${locale}:`, "  keys:");
    for (const [key, hash] of keys) lines.push(`    ${key}: "${hash}"`);
    lines.push("  pages:");
    for (const [name, hashes] of pages) lines.push(`    ${name}: [${hashes.map((hash) => `"${hash}"`).join(", ")}]`);
  }
  return `${lines.join("\n")}\n`;
}
