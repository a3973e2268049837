import { defaults } from "../config.ts";
import { ContentError, type Loaded } from "../errors.ts";
import { interpolate, type Dictionary, type Facts } from "../i18n.ts";
import { readText, type MissingFile } from "../io/files.ts";
import { checkText } from "./texts.ts";
import { describeKind, noKeys, readYaml, type YamlNode, type YamlReader } from "../io/yaml.ts";

/** The folder of the dictionaries: one file per language, and nothing else. */
export const dictionaryFolder = `${defaults.folders.content}/i18n`;
/** Where a locale's dictionary lives. */
export const dictionaryFile = (locale: string) => `${dictionaryFolder}/${locale}.yaml`;

/** Reads one locale's dictionary into dotted keys, filling `{fact}` placeholders; every value must be non-empty text. */
export async function loadDictionary(
  root: string,
  locale: string,
  facts: Facts,
  yaml: YamlReader = readYaml,
  missing: MissingFile = {
    reason: `There is no dictionary for "${locale}"`,
    hint: `Create ${dictionaryFile(locale)} with the same keys as the other languages.`,
  },
): Promise<Loaded<Dictionary>> {
  const file = dictionaryFile(locale);
  const dictionary: Dictionary = new Map();
  const read = await readText(root, file, missing);
  if ("error" in read) return { value: dictionary, problems: [read.error] };
  const { root: node, errors: problems } = yaml(read.text, file);
  if (!node) return { value: dictionary, problems: problems.length > 0 ? problems : [noKeys(file)] };
  if (node.kind !== "map") {
    problems.push(
      new ContentError(
        { file, line: node.at.line, column: node.at.column },
        `The dictionary must be a group of keys, found ${describeKind(node)}`,
        { hint: "Write one `key: text` per line." },
      ),
    );
    return { value: dictionary, problems };
  }
  collect(node, "", { file, facts, dictionary, problems });
  return { value: dictionary, problems };
}

/** What collect reads (the file and its facts) and fills (the dictionary and its problems). */
interface Collection {
  file: string;
  facts: Facts;
  dictionary: Dictionary;
  problems: ContentError[];
}

function collect(node: Extract<YamlNode, { kind: "map" }>, prefix: string, into: Collection) {
  const { file, facts, dictionary, problems } = into;
  for (const { key: name, keyAt, node: value } of node.entries) {
    const key = prefix + name;
    // A key whose value is unusable is still written: its problem is the one error, so key parity and
    // rendering see it present (showing the key, as for a missing one) instead of reporting echoes.
    const reject = (key: string) => dictionary.set(key, { text: key, file, line: keyAt.line, column: keyAt.column });
    if (value.kind === "map") {
      collect(value, `${key}.`, into);
      continue;
    }
    if (value.kind === "list") {
      problems.push(
        new ContentError(
          { file, line: value.at.line, column: value.at.column },
          `"${key}" must be text, found a list`,
          {
            hint: `Write one text, or turn the items into keys of their own (${key}.first, ${key}.second, …) in every language.`,
          },
        ),
      );
      reject(key);
      continue;
    }
    if (value.value === null || value.value === "") {
      problems.push(
        new ContentError({ file, line: keyAt.line, column: keyAt.column }, `"${key}" is empty`, {
          hint: "Write the text after the colon, or delete the key in every language.",
        }),
      );
      reject(key);
      continue;
    }
    if (typeof value.value !== "string") {
      problems.push(
        new ContentError(
          { file, line: value.at.line, column: value.at.column },
          `"${key}" must be text, found ${describeKind(value)}`,
          { hint: `Put the value in quotes: "${value.value}".` },
        ),
      );
      reject(key);
      continue;
    }
    const start = { line: value.at.line, column: value.at.column + (value.quoted ? 1 : 0) };
    const filled = interpolate(value.value, facts);
    problems.push(...checkText(value.value, { facts, file, start, label: key, checks: { leftovers: false } }));
    dictionary.set(key, {
      text: filled.text,
      file,
      line: keyAt.line,
      column: keyAt.column,
      source: value.value,
      comment: value.comment,
    });
  }
}
