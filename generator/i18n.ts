/** One translated text and where it was written. */
export interface Entry {
  text: string;
  file: string;
  line: number;
  column: number;
  /** The text as written, `{placeholders}` unfilled (for translation checks). */
  source?: string;
  /** The comment after the value, if any: `# same` marks a text meant to be identical in every language. */
  comment?: string;
}

/** Every key of one locale, dotted (`hero.badges.animals`), in file order. */
export type Dictionary = Map<string, Entry>;

/** Looks up a translation; the key itself stands in for a missing one (seed spec §4). */
export type Translate = (key: string) => string;

/** A translator that reports each key it could not find. */
export function createTranslator(dictionary: Dictionary, onMissing: (key: string) => void): Translate {
  return (key) => {
    const entry = dictionary.get(key);
    if (entry) return entry.text;
    onMissing(key);
    return key;
  };
}

const placeholder = /\{([A-Za-z][\w.]*)\}/g;

/** Fills `{path.to.fact}` placeholders from site facts; names the ones it does not know, with their offset. */
export function interpolate(
  text: string,
  facts: ReadonlyMap<string, string>,
): { text: string; unknown: { name: string; offset: number }[] } {
  const unknown: { name: string; offset: number }[] = [];
  const filled = text.replace(placeholder, (match, name: string, offset: number) => {
    const value = facts.get(name);
    if (value === undefined) unknown.push({ name, offset });
    return value ?? match;
  });
  return { text: filled, unknown };
}
