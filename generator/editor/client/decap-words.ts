/**
 * Three of Decap's own phrases, corrected in the interface language.
 *
 * The back link above a form: Decap's German "Zurück zu allen %{collectionLabel}" puts a collection's name
 * where German wants the dative ("allen Preise, Termine und Fakten"). It is a locale phrase, so it takes the
 * wording of our broken-file page instead (`back` in the words table): "Zurück zu „Preise, Termine und Fakten“".
 *
 * A list's heading ("4 Termine") and its add button ("Termin hinzufügen"): Decap's list widget lowercases the
 * label in code before any phrase sees it (`label.toLowerCase()` for both, decap-cms-widget-list), so no locale
 * phrase can carry the capitals German nouns need. A MutationObserver puts back the labels the configuration
 * gives, and only there: the text of the list's top bar (Decap's emotion classes ExpandButtonContainer and
 * AddButton), and only where that text is exactly what Decap made of a list label we know.
 */
import type { ScriptWords } from "./settings.ts";
import { fill } from "./settings.ts";

type Phrases = Record<string, unknown>;

interface LocaleRegistry {
  registerLocale(name: string, phrases: Phrases): void;
  getLocale(name: string): Phrases | undefined;
}

interface ConfigField {
  name?: string;
  label?: string;
  label_singular?: string;
  widget?: string;
  field?: ConfigField;
  fields?: ConfigField[];
  types?: ConfigField[];
}

/** The back link's phrase and a date field's clear button in the interface language, from our own words. */
export function registerDecapPhrases(cms: LocaleRegistry, language: string, words: ScriptWords): void {
  const phrases = cms.getLocale(language);
  if (!phrases || !words["back"]) return;
  const editor = (phrases["editor"] ?? {}) as Phrases;
  const toolbar = (editor["editorToolbar"] ?? {}) as Phrases;
  const widgets = (editor["editorWidgets"] ?? {}) as Phrases;
  const backCollection = fill(words["back"], { collection: "%{collectionLabel}" });
  // Decap's German "Löschen" beside a training's first day reads as deleting the date; the button only empties
  // the field.
  const datetime = { ...(widgets["datetime"] as Phrases), ...(words["clearDate"] && { clear: words["clearDate"] }) };
  cms.registerLocale(language, {
    ...phrases,
    editor: {
      ...editor,
      editorToolbar: { ...toolbar, backCollection },
      editorWidgets: { ...widgets, datetime },
    },
  });
}

/**
 * Every list field's label and singular label, by the lowercase form Decap shows; a label two lists spell
 * differently is left out.
 */
export function listLabels(collections: readonly object[]): Map<string, string> {
  const labels = new Map<string, string | null>();
  const add = (label: string | undefined) => {
    if (!label) return;
    const key = label.toLowerCase();
    const known = labels.get(key);
    labels.set(key, known === undefined || known === label ? label : null);
  };
  const walk = (fields: readonly ConfigField[] | undefined) => {
    for (const field of fields ?? []) {
      if (field.widget === "list") {
        add(field.label ?? field.name);
        add(field.label_singular);
      }
      walk(field.fields);
      walk(field.types);
      if (field.field) walk([field.field]);
    }
  };
  for (const collection of collections as readonly { files?: ConfigField[]; fields?: ConfigField[] }[]) {
    walk(collection.fields);
    for (const file of collection.files ?? []) walk(file.fields);
  }
  return new Map([...labels].filter((entry): entry is [string, string] => entry[1] !== null && entry[0] !== entry[1]));
}

/** The phrase `editor.editorWidgets.list.add` (or addType) of the interface language, English where it has none. */
function addPhrases(cms: LocaleRegistry, language: string): string[] {
  const pick = (name: string) => {
    const widgets = ((cms.getLocale(name)?.["editor"] as Phrases)?.["editorWidgets"] as Phrases)?.["list"] as Phrases;
    return [widgets?.["add"], widgets?.["addType"]].filter((phrase): phrase is string => typeof phrase === "string");
  };
  const phrases = pick(language);
  return phrases.length > 0 ? phrases : pick("en");
}

/** The text Decap's list top bar shows with its label restored, or null when it is not one of ours. */
export function restoredText(
  text: string,
  labels: ReadonlyMap<string, string>,
  phrases: readonly string[],
): string | null {
  const heading = /^(\d+) (.+)$/.exec(text);
  if (heading && labels.has(heading[2]!)) return `${heading[1]} ${labels.get(heading[2]!)}`;
  for (const phrase of phrases) {
    for (const [lower, label] of labels) {
      if (text === phrase.replace("%{item}", lower)) return phrase.replace("%{item}", label);
    }
  }
  return null;
}

/** Keeps the list headings and add buttons in the labels' own spelling while Decap renders them. */
export function keepListLabels(cms: LocaleRegistry, language: string, labels: ReadonlyMap<string, string>): void {
  if (labels.size === 0) return;
  const phrases = addPhrases(cms, language);
  const places = '[class*="-ExpandButtonContainer"], [class*="-AddButton"]';
  const restore = (node: Node) => {
    if (node.nodeType !== Node.TEXT_NODE || !node.parentElement?.matches(places)) return;
    const text = restoredText(node.nodeValue ?? "", labels, phrases);
    if (text !== null && text !== node.nodeValue) node.nodeValue = text;
  };
  const restoreUnder = (root: Node) => {
    if (root.nodeType === Node.TEXT_NODE) return restore(root);
    if (!(root instanceof Element)) return;
    for (const place of [...(root.matches(places) ? [root] : []), ...root.querySelectorAll(places)]) {
      for (const child of place.childNodes) restore(child);
    }
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === "characterData") restore(record.target);
      else for (const node of record.addedNodes) restoreUnder(node);
    }
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
}
