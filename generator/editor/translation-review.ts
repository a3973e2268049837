/**
 * The translation review in the web editor's local mode: a form that lists the translations `check`
 * calls not reviewed (the English text changed since, or never marked), each named by where it appears;
 * what the owner ticks there is recorded by the code of `translations reviewed` (editor/translations-reviewed.ts),
 * which writes content/translations.lock.yaml alone, through the atomic write. `watch` only: the published
 * editor has no code of ours behind it.
 */
import { checkTranslations } from "../check/translations.ts";
import type { SiteConfig } from "../config.ts";
import { loadContent } from "../load/content.ts";
import { loadTranslationLock, translationLockFile } from "../load/translation-lock.ts";
import { placeOf } from "./cms-config.ts";
import { fill, type Words } from "./words.ts";

/** The names `check` asks to review (`hero.title`, `pages/about-me`), in its order, each once. */
export async function namesToReview(config: SiteConfig): Promise<string[]> {
  const content = await loadContent(config);
  const { value: lock } = await loadTranslationLock(config.root);
  if (!lock) return [];
  // The hint of each "not reviewed" warning names what to review: the check's rule, read, not repeated.
  const { warnings } = checkTranslations(content, lock, { keys: new Map(), keyPatterns: [] });
  const names = warnings.flatMap((warning) => /translations reviewed (\S+)$/.exec(warning.hint ?? "")?.[1] ?? []);
  return [...new Set(names)].filter((name) => name !== "--all");
}

/** The review's collection for these names, in the language of `words`; none when nothing waits for a review. */
export function reviewCollection(
  names: readonly string[],
  translation: string,
  words: Words,
): Record<string, unknown>[] {
  if (names.length === 0) return [];
  const label = fill(words.collections["reviewFile"] ?? "{language} checked against the new English", {
    language: translation,
  });
  const named = (name: string) => {
    if (name.includes("/"))
      return fill(words.interface["reviewPage"] ?? "Text of the page {page}", { page: name.split("/").at(-1)! });
    return [placeOf(name, words), words.texts[name] ?? name].filter(Boolean).join(" › ");
  };
  return [
    {
      name: "review",
      label: words.collections["review"] ?? "Translations to review",
      format: "ranch-yaml",
      editor: { preview: false },
      files: [
        {
          name: "review",
          label,
          file: translationLockFile,
          fields: [
            {
              name: "reviewed",
              label,
              hint: words.interface["reviewHint"] ?? "",
              widget: "select",
              multiple: true,
              required: false,
              options: names.map((name) => ({ value: name, label: named(name) })),
            },
          ],
        },
      ],
    },
  ];
}
