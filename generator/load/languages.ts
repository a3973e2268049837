/**
 * The site's languages (design.md §11, "Languages are content"): content/site.yaml lists them, the first the
 * default one at the root of the site, each other under its prefix (/de/). Nothing about a language is
 * silent: a file of a language the list does not name is one located line that says where the list is.
 */
import type { Locale } from "../../model/content.ts";
import type { Place } from "../../model/problem.ts";
import { ContentError, formatPlace, type Loaded } from "../errors.ts";
import type { Schema } from "./schema.ts";

/** The shape of `languages:` in site.yaml. */
export const languagesSchema: Schema = {
  list: {
    fields: { code: "text", prefix: "text" },
    optional: ["prefix"],
    located: true,
    hints: {
      code: "The language's code, as its files are named: en, de, da, … (README, Adding a language).",
      prefix:
        "The folder its pages live in (/da/); its code unless given. The first language has none: it is the default one, at the root.",
    },
  },
};

/** The list as the site file gives it, and where it stands: what a file of another language is told. */
export interface LanguageList {
  languages: readonly Locale[];
  /** Where `languages:` stands in content/site.yaml. */
  place: Place;
  /** Where each language's entry stands, by code. */
  entries: Readonly<Record<string, Place>>;
}

/** One entry of `languages:` as written. */
interface LanguageAsWritten {
  code?: string;
  prefix?: string;
  at: Record<string, { line: number; column: number }>;
}

/** One segment of an address: lowercase letters, digits and single hyphens, as page names. */
const safeSegment = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A BCP 47 tag: a language, perhaps with a script or region (en, da, pt-BR, sr-Latn). */
const languageTag = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/** The name of a language in English, as the messages give it beside its code; undefined for a code ICU does not know. */
export function languageName(code: string): string | undefined {
  try {
    const name = new Intl.DisplayNames("en", { type: "language", fallback: "none" }).of(code);
    return name && name.toLowerCase() !== code.toLowerCase() ? name : undefined;
  } catch {
    return undefined;
  }
}

/** `"da" (Danish)`: a code as the messages show it. */
export const shownCode = (code: string) => {
  const name = languageName(code);
  return name ? `"${code}" (${name})` : `"${code}"`;
};

/**
 * The languages of `languages:`, each with its prefix settled: none for the first, its code for the others
 * unless given. An entry with a mistake stays in the list (its files would otherwise each be reported as of
 * an unknown language: echoes of the one mistake), except one without a code or listed twice.
 */
export function resolveLanguages(written: unknown, place: Place): Loaded<LanguageList> {
  const { file } = place;
  const problems: ContentError[] = [];
  const languages: Locale[] = [];
  const places: Record<string, Place> = {};
  const entries = Array.isArray(written) ? (written as (LanguageAsWritten | undefined)[]) : [];
  for (const [index, entry] of entries.entries()) {
    if (!entry?.code) continue;
    const at = (key: string) => ({ file, ...(entry.at[key] ?? entry.at["code"]) });
    const code = entry.code;
    if (languages.some((language) => language.code === code)) {
      problems.push(
        new ContentError(at("code"), `The language "${code}" is listed twice`, {
          hint: "List each language once: remove this entry.",
        }),
      );
      continue;
    }
    if (!languageTag.test(code) || !languageName(code.split("-")[0]!))
      problems.push(
        new ContentError(at("code"), `"${code}" is not a language code`, {
          hint: "Write the language's code as its files are named, in lowercase: en for English, de for German, da for Danish.",
        }),
      );
    const prefix = entry.prefix ?? (index === 0 ? "" : code.toLowerCase());
    if (index === 0 && prefix !== "")
      problems.push(
        new ContentError(at("prefix"), `The first language, ${shownCode(code)}, is the default one and has no prefix`, {
          hint: "Its pages live at the root of the site (/about-me/): remove `prefix:` here, or list another language first.",
        }),
      );
    else if (index > 0 && !safeSegment.test(prefix))
      problems.push(
        new ContentError(at("prefix"), `The prefix "${prefix}" cannot be an address`, {
          hint: `Write one folder name of lowercase letters, digits and hyphens, such as ${code.toLowerCase().replace(/[^a-z0-9]+/g, "-")}; only the first language lives at the root.`,
        }),
      );
    else if (index > 0 && languages.some((language) => language.prefix === prefix))
      problems.push(
        new ContentError(at("prefix"), `The prefix "${prefix}" is taken by another language`, {
          hint: "Give each language a folder of its own.",
        }),
      );
    languages.push({ code, prefix: index === 0 ? "" : prefix });
    places[code] = at("code");
  }
  if (Array.isArray(written) && entries.length === 0)
    problems.push(
      new ContentError(place, "The site lists no language", {
        hint: "List at least the default one below `languages:`, such as `- code: en`.",
      }),
    );
  return { value: { languages, place, entries: places }, problems };
}

/**
 * A file that names a language the site does not list: its one located line, which names the list and
 * where it stands.
 */
export function unlistedLanguage(file: string, code: string, list: LanguageList): ContentError {
  const codes = list.languages.map((language) => language.code).join(", ");
  return new ContentError(
    { file, line: 1, column: 1 },
    `${shownCode(code)} is not one of this site's languages (${codes})`,
    {
      hint: `Add it to the list at ${formatPlace(list.place)} (\`- code: ${code}\`), with its dictionary and pages (README, "Adding a language"); or remove this file.`,
    },
  );
}
