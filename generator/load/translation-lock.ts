import type { Loaded } from "../errors.ts";
import { readText } from "../io/files.ts";
import { readYaml, type YamlNode, type YamlReader } from "../io/yaml.ts";

/** Where the translation lock lives: in content/, committed with the texts (outside i18n/, whose files are all dictionaries). */
export const translationLockFile = "content/translations.lock.yaml";

/** What one language's translations were made from: a hash of the English text per key, a list of block hashes per page. */
export interface LocaleLock {
  keys: Map<string, string>;
  pages: Map<string, string[]>;
}

/**
 * The translation lock, per translated locale (`de` → its lock). Absent when the file does not exist yet.
 * Written only by `ranch-site translations reviewed`; editors never edit it by hand.
 */
export type TranslationLock = Map<string, LocaleLock> | undefined;

/** Reads content/translations.lock.yaml; a file that cannot be read is a located problem. */
export async function loadTranslationLock(root: string, yaml: YamlReader = readYaml): Promise<Loaded<TranslationLock>> {
  // A missing file is fine: no translation has been marked reviewed yet.
  const read = await readText(root, translationLockFile).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (!read) return { value: undefined, problems: [] };
  if ("error" in read) return { value: undefined, problems: [read.error] };
  const { root: node, errors } = yaml(read.text, translationLockFile);
  const lock = new Map<string, LocaleLock>();
  if (node?.kind !== "map") return { value: lock, problems: errors };
  for (const { key: locale, node: localeNode } of node.entries) {
    const keys = new Map<string, string>();
    const pages = new Map<string, string[]>();
    for (const [name, value] of entriesOf(entryOf(localeNode, "keys")))
      if (value.kind === "scalar") keys.set(name, String(value.value));
    for (const [name, value] of entriesOf(entryOf(localeNode, "pages")))
      if (value.kind === "list")
        pages.set(
          name,
          value.items.map((item) => (item.kind === "scalar" ? String(item.value) : "")),
        );
    lock.set(locale, { keys, pages });
  }
  return { value: lock, problems: errors };
}

function entryOf(node: YamlNode, key: string): YamlNode | undefined {
  return node.kind === "map" ? node.entries.find((entry) => entry.key === key)?.node : undefined;
}

function entriesOf(node: YamlNode | undefined): [string, YamlNode][] {
  return node?.kind === "map" ? node.entries.map((entry) => [entry.key, entry.node]) : [];
}
