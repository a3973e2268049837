/**
 * What the build tells the editor's script (generator/editor/admin-script.ts defines it): the interface
 * languages with their words, and how the published editor signs in. No React, no Decap types: the script
 * talks to Decap through its documented globals (`CMS`, `h`), which its bundle sets before this runs.
 */

/** The words of the script itself, in one language (the `interface` section of generator/editor/words/). */
export type ScriptWords = Record<string, string>;

export interface EditorSettings {
  /** The interface languages (those with a table), the fallback first; their configurations are config.<language>.yml. */
  languages: string[];
  /** The script's words by language. */
  words: Record<string, ScriptWords>;
  /** Sign-in with a personal access token (the published editor on GitHub, with no OAuth service named). */
  token?: { repo: string; apiRoot: string; backend: string; createUrl: string };
  /** The local mode of `watch --admin`: a refused save's notice stays on the page. */
  local: boolean;
}

declare const __EDITOR__: EditorSettings;

export const settings: EditorSettings = __EDITOR__;

/** A text with its `{placeholders}` filled. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
