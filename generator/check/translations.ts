/**
 * Translation health, beyond key parity: every locale's version of a text quotes the same
 * `{placeholders}` (an error: a figure typed by hand goes stale), a translated text is not the English
 * one copied (a warning, unless marked `# same`), every key is read by a template (a warning), and no
 * translation is older than the English text it was made from (a warning, from the translation lock).
 */
import { ContentError } from "../errors.ts";
import type { Entry } from "../i18n.ts";
import type { LoadedContent, LocaleContent, MarkdownOrigin } from "../load/content.ts";
import { settableFact } from "../load/site.ts";
import type { Templates } from "../load/templates.ts";
import { translationLockFile, type LocaleLock, type TranslationLock } from "../load/translation-lock.ts";
import { ContentWarning } from "../warnings.ts";
import { blocksOf, currentLock, markdownTexts } from "./translation-sources.ts";

/** What the translation checks found: errors stop the build, warnings do not. */
export interface TranslationFindings {
  errors: ContentError[];
  warnings: ContentWarning[];
}

/**
 * Keys the generator itself reads, besides the templates: the language switch (generator/render/pages.ts) and the
 * calendar files' note that a date is pencilled in, not booked (generator/write/calendar.ts).
 */
const generatorKeys = ["lang.name", "lang.switchTip", "dates.calendarNote"];

/** A comment after a translated value that says it is meant to equal the English one: `# same`, `# same: brand name`. */
const sameMarker = /^same\b/i;

const placeholder = /\{([A-Za-z][\w.]*)\}/g;

/** Every translation check, for the first locale (the source) against each of the others. */
export function checkTranslations(
  content: LoadedContent,
  lock: TranslationLock,
  templates: Pick<Templates, "keys" | "keyPatterns">,
): TranslationFindings {
  const findings: TranslationFindings = { errors: [], warnings: [] };
  const [source, ...translations] = content.locales;
  if (!source) return findings;
  for (const translation of translations) {
    checkPlaceholders(source, translation, new Set([...factNames(content.site), ...source.facts.keys()]), findings);
    checkUntranslated(source, translation, findings);
    checkStale(source, translation, lock?.get(translation.locale), lock !== undefined, findings);
  }
  if (templates.keys.size > 0) checkUnused(source, templates, content.site, findings);
  return findings;
}

/**
 * The placeholders a text quotes, by name. A malformed one (`{ claims.animals }`, `{claims.animals …`)
 * counts too: the loader already reported it, and parity would only echo that one mistake.
 */
function placeholdersOf(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const match of text.matchAll(quoted)) if (!found.has(match[1]!)) found.set(match[1]!, match.index);
  return found;
}

const quoted = /\{\s*([A-Za-z][\w.]*[\w])/g;

/** Every fact of site data a placeholder may name: `contact.email`, `claims.animals`. */
function factNames(value: unknown, prefix = "", names = new Set<string>()): Set<string> {
  if (value && typeof value === "object" && !Array.isArray(value))
    for (const [key, inner] of Object.entries(value)) factNames(inner, prefix ? `${prefix}.${key}` : key, names);
  else if (prefix) names.add(prefix);
  return names;
}

/**
 * A misspelt placeholder is the loader's error already: comparing would only echo it. A fact that site.yaml
 * could set but this configuration leaves out (refused where a shown text quotes it), a derived fact
 * (`{legal.authority.name}`) and a banner label are names all the same, so the languages are compared.
 */
const hasUnknown = (text: string, facts: ReadonlySet<string>) =>
  [...placeholdersOf(text).keys()].some(
    (name) => !facts.has(name) && !name.startsWith("label.") && settableFact(name) === undefined,
  );

const at = (entry: Entry) => `${entry.file}:${entry.line}:${entry.column}`;

function checkPlaceholders(
  source: LocaleContent,
  translation: LocaleContent,
  facts: ReadonlySet<string>,
  findings: TranslationFindings,
) {
  for (const [key, original] of source.dictionary) {
    const translated = translation.dictionary.get(key);
    if (!translated) continue;
    // A misspelt placeholder is the loader's error already: comparing would only echo it.
    if (hasUnknown(original.source ?? "", facts) || hasUnknown(translated.source ?? "", facts)) continue;
    const wanted = placeholdersOf(original.source ?? original.text);
    const written = placeholdersOf(translated.source ?? translated.text);
    for (const name of wanted.keys())
      if (!written.has(name))
        findings.errors.push(
          new ContentError(translated, `"${key}" lacks the placeholder {${name}} that ${at(original)} has`, {
            hint: `Write {${name}} where the figure belongs, as in ${original.file}, so it comes from content/site.yaml.`,
            kind: "placeholderMissing",
            values: { name },
          }),
        );
    for (const name of written.keys())
      if (!wanted.has(name))
        findings.errors.push(
          new ContentError(translated, `"${key}" has the placeholder {${name}}, which ${at(original)} lacks`, {
            hint: "Every language quotes the same placeholders: add it to the other file too, or remove it here.",
            kind: "placeholderExtra",
            values: { name },
          }),
        );
  }
  const originals = markdownTexts(source);
  for (const [name, translated] of markdownTexts(translation)) {
    const original = originals.get(name);
    if (original && !hasUnknown(original.body, facts) && !hasUnknown(translated.body, facts))
      comparePagePlaceholders(original, translated, findings);
  }
}

function comparePagePlaceholders(original: MarkdownOrigin, translated: MarkdownOrigin, findings: TranslationFindings) {
  const wanted = placeholdersOf(original.body);
  const written = placeholdersOf(translated.body);
  const bodyPlace = (origin: MarkdownOrigin, offset: number) => {
    const before = origin.body.slice(0, offset).split("\n");
    return { file: origin.file, line: origin.bodyLine + before.length - 1, column: before.at(-1)!.length + 1 };
  };
  const originalBlocks = blocksOf(original);
  const translatedBlocks = blocksOf(translated);
  for (const [name, offset] of wanted)
    if (!written.has(name)) {
      const there = bodyPlace(original, offset);
      // The translation's paragraph in the same position as the original's: where the figure belongs.
      const index = originalBlocks.findLastIndex((block) => block.line <= there.line);
      const counterpart = translatedBlocks[Math.min(Math.max(index, 0), translatedBlocks.length - 1)];
      findings.errors.push(
        new ContentError(
          { file: translated.file, line: counterpart?.line ?? translated.bodyLine, column: 1 },
          `The text lacks the placeholder {${name}} that ${there.file}:${there.line}:${there.column} has`,
          {
            hint: `Write {${name}} where the figure belongs, so it comes from content/site.yaml.`,
            kind: "placeholderMissing",
            values: { name },
          },
        ),
      );
    }
  for (const [name, offset] of written)
    if (!wanted.has(name)) {
      findings.errors.push(
        new ContentError(bodyPlace(translated, offset), `The placeholder {${name}} is not in ${original.file}`, {
          hint: "Every language quotes the same placeholders: add it to the other file too, or remove it here.",
          kind: "placeholderExtra",
          values: { name },
        }),
      );
    }
}

function checkUntranslated(source: LocaleContent, translation: LocaleContent, findings: TranslationFindings) {
  for (const [key, original] of source.dictionary) {
    const translated = translation.dictionary.get(key);
    if (!translated || translated.text !== original.text) continue;
    if (sameMarker.test(translated.comment ?? "")) continue;
    // Texts of figures and names only ("{claims.animals}", "© {legal.company}") have nothing to translate.
    if (!/\p{L}{2}/u.test((translated.source ?? translated.text).replace(placeholder, ""))) continue;
    findings.warnings.push(
      new ContentWarning(translated, `"${key}" is the same as in ${original.file}: is it translated?`, {
        hint: `Translate it, or, where it is meant to be the same (a brand name), end the line with the comment  # same`,
      }),
    );
  }
}

function checkStale(
  source: LocaleContent,
  translation: LocaleContent,
  recorded: LocaleLock | undefined,
  lockExists: boolean,
  findings: TranslationFindings,
) {
  const review = (name: string) => `node bin/ranch-site.js translations reviewed ${name}`;
  if (!lockExists) {
    findings.warnings.push(
      new ContentWarning(
        { file: translationLockFile },
        "There is no translation lock: stale translations cannot be found",
        {
          hint: `Once every translation is up to date, record it with: ${review("--all")}`,
        },
      ),
    );
    return;
  }
  const now = currentLock(source);
  for (const [key, translated] of translation.dictionary) {
    const original = source.dictionary.get(key);
    if (!original) continue;
    const then = recorded?.keys.get(key);
    if (then === now.keys.get(key)) continue;
    findings.warnings.push(
      new ContentWarning(
        translated,
        then === undefined
          ? `"${key}" was never marked as reviewed against ${at(original)}`
          : `"${key}" may be out of date: the English text changed (${at(original)})`,
        { hint: `Compare it with the English text and update it, then run: ${review(key)}` },
      ),
    );
  }
  const originals = markdownTexts(source);
  for (const [name, translated] of markdownTexts(translation)) {
    const original = originals.get(name);
    if (!original) continue;
    const then = recorded?.pages.get(name);
    const hashes = now.pages.get(name)!;
    if (then && then.join() === hashes.join()) continue;
    const englishBlocks = blocksOf(original);
    const changed = then
      ? Math.max(
          0,
          englishBlocks.findIndex((block, index) => !then.includes(block.hash) || then[index] !== block.hash),
        )
      : 0;
    const translatedBlocks = blocksOf(translated);
    const counterpart = translatedBlocks[Math.min(changed, translatedBlocks.length - 1)];
    const english = englishBlocks[changed];
    const excerpt = english
      ? ` "${english.text.split("\n")[0]!.slice(0, 60)}${english.text.length > 60 ? "…" : ""}"`
      : "";
    findings.warnings.push(
      new ContentWarning(
        { file: translated.file, line: counterpart?.line ?? 1, column: 1 },
        then === undefined
          ? `This translation was never marked as reviewed against ${original.file}`
          : `This translation may be out of date: the English text changed at ${original.file}:${english?.line ?? 1}${excerpt}`,
        { hint: `Compare this part with the English one and update it, then run: ${review(name)}` },
      ),
    );
  }
}

/** Keys no template reads: neither written out (`t("hero.title")`, a list of keys) nor matched by a `t(\`hero.badges.${key}\`)`. */
function checkUnused(
  source: LocaleContent,
  templates: Pick<Templates, "keys" | "keyPatterns">,
  site: unknown,
  findings: TranslationFindings,
) {
  const read = new Set<string>([...generatorKeys, ...templates.keys.keys()]);
  // Site data may name keys too (a navigation label): any text of it counts as a read.
  const collect = (value: unknown): void => {
    if (typeof value === "string") read.add(value);
    else if (value && typeof value === "object") Object.values(value).forEach(collect);
  };
  collect(site);
  for (const [key, entry] of source.dictionary) {
    if (read.has(key) || templates.keyPatterns.some((pattern) => pattern.test(key))) continue;
    findings.warnings.push(
      new ContentWarning(entry, `No template reads "${key}"`, {
        hint: "Delete it from every file in content/i18n/, or use it in a template.",
      }),
    );
  }
}
