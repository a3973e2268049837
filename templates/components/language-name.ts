/** "German", "Englisch": a language named in the page's language (a date's, the language filter's). */
export function languageName(code: string, locale: string): string {
  let names = languageNames.get(locale);
  if (!names) languageNames.set(locale, (names = new Intl.DisplayNames(locale, { type: "language" })));
  return names.of(code) ?? code;
}

/** One set of names per page language: making one loads the locale's data. */
const languageNames = new Map<string, Intl.DisplayNames>();
