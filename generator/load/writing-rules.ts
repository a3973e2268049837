/**
 * How each language is written and addressed (design.md §11, "Languages are content"): a small file per
 * language, content/languages/<code>.yaml. It holds what differs between languages but is no text to
 * translate: the regional form of dates and numbers, the quotation marks, which numbers running text
 * spells out, the addresses of the pages that have no text file of their own, and the words of
 * ranch-site's own notices on the pages (watch's error page, the web editor's refusal).
 *
 * Not in the dictionary: its keys are the site's texts, translated key for key, tracked by the translation
 * lock and offered in the web editor as short texts; these rules are the same for every text of a
 * language and are no translation of the English ones. Not in site.yaml: that file holds what is the same
 * in every language, and the list of languages stays one line per language. A third language adds its
 * file; a language without one gets neutral rules (quotes as typed, figures as figures, dates and numbers
 * as ICU writes its code, English notices) and one warning.
 */
import type { Locale } from "../../model/content.ts";
import { defaults } from "../config.ts";
import { ContentError, type Loaded } from "../errors.ts";
import type { Place } from "../../model/problem.ts";
import { ContentWarning } from "../warnings.ts";
import { readText } from "../io/files.ts";
import { readWithSchema, type Schema } from "./schema.ts";
import { shownCode } from "./languages.ts";
import { slugProblem } from "./slugs.ts";
import { noKeys, readYaml, type YamlReader } from "../io/yaml.ts";

/** The folder of the writing rules: one file per language, named by its code. */
export const writingRulesFolder = `${defaults.folders.content}/languages`;
/** Where one language's writing rules live. */
export const writingRulesFile = (code: string) => `${writingRulesFolder}/${code}.yaml`;

/** The words of ranch-site's own notices on a page, in one language. */
export interface ToolMessages {
  /** The title of the page `watch` shows for a page whose template threw (seed spec §8). */
  renderError: string;
  /** The heading of `watch`'s notice when a build failed and the page shows the last good one. */
  buildFailed: string;
  /** The heading of the web editor's notice of a refused save. */
  notSaved: string;
  /** The name of the button that closes it. */
  close: string;
}

/** The notices' words where a language gives none: the words of the specification and of ranch-site's messages. */
export const defaultMessages: ToolMessages = {
  renderError: "Unexpected Application Error!",
  buildFailed: "The build failed; this page shows the last good version.",
  notSaved: "Not saved",
  close: "Close",
};

/** How one language is written and addressed on this site. */
export interface WritingRules {
  code: string;
  /** The BCP 47 tag whose conventions its dates and numbers follow (en-GB: "15–17 March 2027"); its code unless given. */
  formats: string;
  /** Opening and closing double marks, then single ones; none: straight quotes stay as typed. */
  quotes?: { double: [string, string]; single: [string, string] };
  /** Numbers running text spells out, by value (German: 2 → zwei … 12 → zwölf). */
  numberWords: ReadonlyMap<number, string>;
  /** Words after which a number stays a figure ("Tag 2", "Art. 6"). */
  figuresAfter: readonly string[];
  /** The address of each page without a text file of its own, by page (references → referenzen). */
  slugs: Readonly<Record<string, string>>;
  /** Where each of them stands, by page. */
  slugPlaces: Record<string, Place>;
  messages: ToolMessages;
  /** Where the rules stand, each key's place by name; none for a language without a file. */
  place?: { file: string; at: Readonly<Record<string, { line: number; column: number }>> };
}

const messageHints: Record<keyof ToolMessages, string> = {
  renderError:
    "The title of the page watch shows when a page's template failed (English: Unexpected Application Error!).",
  buildFailed: "watch's notice on a page when the last build failed and the page shows the one before.",
  notSaved: "The heading of the web editor's notice when a save was refused.",
  close: "The name of the button that closes that notice.",
};

/** The shape of content/languages/<code>.yaml, also published as a JSON Schema. */
export const writingRulesSchema: Schema = {
  fields: {
    formats: "text",
    quotes: "text",
    numberWords: { each: "text" },
    figuresAfter: { list: "text" },
    slugs: { each: "text" },
    messages: {
      fields: Object.fromEntries(Object.keys(defaultMessages).map((key) => [key, "text" as const])),
      hints: messageHints,
    },
  },
  optional: ["formats", "quotes", "numberWords", "figuresAfter", "slugs", "messages"],
  located: true,
  hints: {
    formats: "The regional form dates and numbers are written in, as a BCP 47 tag: en-GB, de-DE, da-DK.",
    quotes: "Four marks: opening and closing double, then opening and closing single, such as „“‚‘.",
    numberWords: "Numbers running text spells out, by value: 2: zwei.",
    figuresAfter: "Words after which a number stays a figure: Tag (Tag 2), Seite.",
    slugs: "The address of each page that has no text file of its own, such as references: referenzen.",
    messages: "The words of ranch-site's own notices on the pages, in this language.",
  },
};

interface RulesAsWritten {
  formats?: string;
  quotes?: string;
  numberWords?: Record<string, string>;
  figuresAfter?: string[];
  slugs?: Record<string, string>;
  messages?: ToolMessages;
  at: Record<string, { line: number; column: number }>;
}

/** The rules of a language without a file: none of any other language. */
export const neutralRules = (code: string): WritingRules => ({
  code,
  formats: code,
  numberWords: new Map(),
  figuresAfter: [],
  slugs: {},
  slugPlaces: {},
  messages: defaultMessages,
});

/**
 * Reads one language's writing rules. A language without the file gets the neutral rules and one
 * warning at its entry of site.yaml's list; a mistake in the file is an error at its place.
 */
export async function loadWritingRules(
  root: string,
  language: Locale,
  entry: Place,
  yaml: YamlReader = readYaml,
): Promise<Loaded<WritingRules> & { warnings: ContentWarning[] }> {
  const file = writingRulesFile(language.code);
  const neutral = neutralRules(language.code);
  const read = await readText(root, file);
  if ("error" in read) {
    const missing = (read.error.cause as NodeJS.ErrnoException | undefined)?.code === "ENOENT";
    if (!missing) return { value: neutral, problems: [read.error], warnings: [] };
    const warning = new ContentWarning(entry, `${shownCode(language.code)} has no writing rules (${file})`, {
      hint: `Its quotes stay as typed, its figures figures, its dates and numbers as ICU writes "${language.code}", and ranch-site's notices English. Write ${file} as the others in ${writingRulesFolder}/ are written (README, "Adding a language").`,
    });
    return { value: neutral, problems: [], warnings: [warning] };
  }
  const { root: node, errors: problems } = yaml(read.text, file);
  if (!node) return { value: neutral, problems: problems.length > 0 ? problems : [noKeys(file)], warnings: [] };
  const schemaRead = readWithSchema(node, writingRulesSchema, file, "");
  problems.push(...schemaRead.problems);
  const written = schemaRead.value as RulesAsWritten | undefined;
  if (!written) return { value: neutral, problems, warnings: [] };
  const at = (key: string) => ({ file, ...(written.at[key] ?? { line: 1, column: 1 }) });
  const rules: WritingRules = {
    ...neutral,
    messages: written.messages ?? defaultMessages,
    figuresAfter: written.figuresAfter?.filter(Boolean) ?? [],
    place: { file, at: written.at },
  };
  if (written.formats !== undefined) {
    const formats = canonicalTag(written.formats);
    if (formats && primary(formats) === primary(language.code)) rules.formats = formats;
    else
      problems.push(
        new ContentError(at("formats"), `"${written.formats}" is no regional form of ${shownCode(language.code)}`, {
          hint: `Write a BCP 47 tag of this language, such as ${primary(language.code)}-${primary(language.code).toUpperCase()}, or leave \`formats\` out.`,
        }),
      );
  }
  if (written.quotes !== undefined) {
    const marks = [...written.quotes.replace(/\s+/g, "")];
    if (marks.length === 4 && marks.every((mark) => !/[\p{L}\p{N}]/u.test(mark)))
      rules.quotes = { double: [marks[0]!, marks[1]!], single: [marks[2]!, marks[3]!] };
    else
      problems.push(
        new ContentError(at("quotes"), `"quotes" must be four marks, found "${written.quotes}"`, {
          hint: "Write the opening and closing double marks, then the single ones, such as „“‚‘ or »«›‹.",
        }),
      );
  }
  const words = new Map<number, string>();
  for (const [value, word] of Object.entries(written.numberWords ?? {})) {
    if (/^\d{1,3}$/.test(value) && word) words.set(Number(value), word);
    else
      problems.push(
        new ContentError(at("numberWords"), `"numberWords.${value}" must be a number and its word`, {
          hint: "Write one line per number, such as `2: zwei`.",
        }),
      );
  }
  rules.numberWords = words;
  // Each address where it stands, so a slug that cannot be one, or clashes, is reported at its line.
  const slugNodes = node.kind === "map" ? node.entries.find((entry) => entry.key === "slugs")?.node : undefined;
  const slugs: Record<string, string> = {};
  for (const slug of slugNodes?.kind === "map" ? slugNodes.entries : []) {
    if (slug.node.kind !== "scalar" || typeof slug.node.value !== "string") continue;
    const problem = slugProblem(slug.node.value, { file, ...slug.node.at });
    if (problem) problems.push(problem);
    else slugs[slug.key] = slug.node.value;
    rules.slugPlaces[slug.key] = { file, ...slug.keyAt };
  }
  rules.slugs = slugs;
  return { value: rules, problems, warnings: [] };
}

/** The canonical form of a BCP 47 tag, or undefined when it is none. */
function canonicalTag(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

const primary = (tag: string) => tag.split("-")[0]!.toLowerCase();

/** `content/languages/de.yaml:4:3`, or the file: where a rule stands, for messages about it. */
export function rulePlace(rules: WritingRules, key: string): Place | undefined {
  if (!rules.place) return undefined;
  const at = rules.place.at[key];
  return at ? { file: rules.place.file, ...at } : { file: rules.place.file };
}
