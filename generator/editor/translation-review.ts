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
import { textHint } from "./text-places.ts";

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

/** The review's collection for these names; none when nothing waits for a review. */
export function reviewCollection(names: readonly string[], translation: string): Record<string, unknown>[] {
  if (names.length === 0) return [];
  return [
    {
      name: "review",
      label: "Translations to review",
      editor: { preview: false },
      files: [
        {
          name: "review",
          label: `${translation} checked against the new English`,
          file: translationLockFile,
          fields: [
            {
              name: "reviewed",
              label: `${translation} checked against the new English`,
              hint: "Tick each text whose translation you compared with the English and updated; check stops warning about it.",
              widget: "select",
              multiple: true,
              required: false,
              options: names.map((name) => ({
                value: name,
                label: name.includes("/") ? `Page text: ${name}` : textHint(name),
              })),
            },
          ],
        },
      ],
    },
  ];
}
