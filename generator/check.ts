import { ContentError } from "./errors.ts";
import type { Entry } from "./i18n.ts";
import type { Content } from "./load/content.ts";

const leftover = /\b(TODO|FIXME|TBD|XXX)\b|lorem ipsum/i;

/** Cross-file checks: key parity between locales and leftover placeholders; returns every problem found. */
export function checkContent(content: Content): ContentError[] {
  const problems: ContentError[] = [];
  const [reference, ...others] = content.locales;
  if (!reference) return problems;
  for (const other of others) {
    if (other.dictionary.size === 0 || reference.dictionary.size === 0) continue;
    problems.push(...compareKeys(reference.dictionary, other.dictionary), ...compareKeys(other.dictionary, reference.dictionary, true));
  }
  for (const { dictionary } of content.locales) {
    for (const [key, entry] of dictionary) {
      const match = leftover.exec(entry.text);
      if (match) problems.push(new ContentError(entry.file, entry.line, entry.column, `"${key}" still contains the placeholder "${match[0]}"`, "Write the final text before publishing."));
    }
  }
  return problems;
}

/** Keys of `source` that `target` lacks; with `extra`, reported as keys `source` should not have. */
function compareKeys(source: Map<string, Entry>, target: Map<string, Entry>, extra = false): ContentError[] {
  const problems: ContentError[] = [];
  let previous: Entry | undefined;
  let previousKey = "";
  for (const [key, entry] of source) {
    const counterpart = target.get(key);
    if (counterpart) {
      previous = counterpart;
      previousKey = key;
      continue;
    }
    const otherFile = [...target.values()][0]?.file ?? "";
    if (extra) {
      problems.push(new ContentError(entry.file, entry.line, entry.column, `Key "${key}" is not in ${otherFile}`, `Add it there too, translated, or delete it here.`));
    } else {
      const at = previous ?? { line: 1, column: 1 };
      problems.push(
        new ContentError(otherFile, at.line, at.column, `Missing key "${key}" (present in ${entry.file}:${entry.line})`, previousKey ? `Add "${key}", translated, after "${previousKey}".` : `Add "${key}", translated.`),
      );
    }
  }
  return problems;
}
