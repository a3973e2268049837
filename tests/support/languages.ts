/**
 * The real project's languages, as content/site.yaml lists them: tests take the list as given and never
 * assume two (a third language is content, design.md §11).
 */
import { loadLanguages } from "../../generator/index.ts";
import type { Locale } from "../../model/content.ts";
import { projectRoot } from "./site.ts";

/** The languages of the real site, in site.yaml's order: the first is the default one, at the root. */
export const siteLanguages: readonly Locale[] = await loadLanguages(projectRoot);

/** Their codes: `["en", "de"]` today. */
export const siteLanguageCodes: readonly string[] = siteLanguages.map((language) => language.code);

/** What the local server must know of the real site to answer as the hosts do (each language's not-found page). */
export const servedSite = () => ({ locales: siteLanguages });
