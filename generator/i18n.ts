import type { Dictionary, Translate } from "../model/content.ts";

export type { Dictionary, Entry, Translate } from "../model/content.ts";

/** A translation key a template asked for that its locale does not define. */
export interface MissingKey {
  key: string;
  locale: string;
  template: string;
}

/** A translator that reports each key it could not find. */
export function createTranslator(dictionary: Dictionary, onMissing: (key: string) => void): Translate {
  return (key) => {
    const entry = dictionary.get(key);
    if (entry) return entry.text;
    onMissing(key);
    return key;
  };
}

/** The site facts `{placeholders}` quote, by dotted name (`contact.email`). */
export class Facts {
  readonly values: ReadonlyMap<string, string>;
  /**
   * Groups that content/site.yaml failed to give ("" when the whole file failed). That failure is the
   * root error; a placeholder naming such a group is its echo, and is not reported again.
   */
  readonly unreadable: readonly string[];
  /**
   * For a name without a value: the fact of site.yaml to set for it (`hosting.logDays`; `legal.region` for
   * `legal.authority.name`), or undefined when the name is no fact at all (a misspelling).
   */
  readonly settable: (name: string) => string | undefined;

  constructor(
    values: ReadonlyMap<string, string> = new Map(),
    unreadable: readonly string[] = [],
    settable: (name: string) => string | undefined = () => undefined,
  ) {
    this.values = values;
    this.unreadable = unreadable;
    this.settable = settable;
  }

  /** True when a missing fact is explained by a group that failed to load. */
  explains(name: string): boolean {
    return this.unreadable.some((group) => group === "" || name === group || name.startsWith(`${group}.`));
  }
}

const placeholder = /\{([A-Za-z][\w.]*)\}/g;

/** Fills `{path.to.fact}` placeholders from site facts; names the unknown ones (not the echoes of a failed group), with their offset. */
export function interpolate(text: string, facts: Facts): { text: string; unknown: { name: string; offset: number }[] } {
  const unknown: { name: string; offset: number }[] = [];
  const filled = text.replace(placeholder, (match, name: string, offset: number) => {
    const value = facts.values.get(name);
    if (value === undefined && !facts.explains(name)) unknown.push({ name, offset });
    return value ?? match;
  });
  return { text: filled, unknown };
}
