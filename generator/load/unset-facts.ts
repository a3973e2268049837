/**
 * No placeholder ever ships (design.md §11): a text that quotes a fact site.yaml does not set is refused, in
 * every text (dictionaries, front matter, markdown, site.yaml itself) and every configuration. The loaders mark
 * each such quote (load/texts.ts `UnsetQuote`); here they become one refusal per fact, its root: located where
 * the fact belongs in content/site.yaml, naming the first text that quotes it, with a line to add.
 */
import type { Site } from "../../model/content.ts";
import { legalSettings, ownerFacts } from "../../model/legal.ts";
import { ContentError, formatPlace } from "../errors.ts";
import type { Facts } from "../i18n.ts";
import { fieldHint, siteFile } from "./site.ts";
import { UnsetQuote } from "./texts.ts";

/** The one refusal of facts that texts quote (or the configuration needs) and site.yaml does not set. */
export class UnsetFact extends ContentError {
  /** The facts it asks for: one, or every missing fact of a group site.yaml lacks altogether. */
  readonly facts: readonly string[];

  constructor(place: ContentError["place"], facts: readonly string[], reason: string, hint: string) {
    super(place, reason, { hint });
    this.facts = facts;
  }
}

/** Where a fact stands in site.yaml, or where a missing one goes: its group's first line, else the end of the file. */
export function placeFor(site: Site, name: string): ContentError["place"] {
  const parts = name.split(".");
  for (let length = parts.length; length > 0; length--) {
    const at = site.factPlaces?.[parts.slice(0, length).join(".")];
    if (at) return { file: siteFile, line: at.line, column: at.column };
  }
  const end = site.factPlaces?.[""];
  return { file: siteFile, line: end?.line ?? 1, column: 1 };
}

/** A fact site.yaml does not set, and the texts that quote it (none when only the configuration needs it). */
export interface Missing {
  fact: string;
  quotes: readonly UnsetQuote[];
}

const groupOf = (fact: string) => fact.split(".").slice(0, -1).join(".");
const keyOf = (fact: string) => fact.split(".").at(-1)!;

/**
 * The refusals of missing facts: one per fact, located where it belongs, with what it is and a line to add; the
 * facts of a group that site.yaml lacks altogether are asked for together, in one refusal of the group.
 */
export function refuseMissing(site: Site, missing: readonly Missing[]): UnsetFact[] {
  const absent = new Map<string, Missing[]>();
  const single: Missing[] = [];
  for (const entry of missing) {
    const root = absentRoot(site, entry.fact);
    if (root) absent.set(root, [...(absent.get(root) ?? []), entry]);
    else single.push(entry);
  }
  const refusals: UnsetFact[] = [];
  for (const [group, entries] of absent) {
    if (entries.length === 1) {
      single.push(entries[0]!);
      continue;
    }
    entries.sort((a, b) => rank(a.fact) - rank(b.fact));
    const quotes = entries.flatMap((entry) => entry.quotes);
    const facts = entries.map(({ fact }) => fact);
    refusals.push(
      new UnsetFact(
        placeFor(site, group),
        facts,
        `${group} is not set, but ${quotes.length > 0 ? "the texts quote" : "the configuration needs"} ${facts.join(", ")}${quotedBy(quotes, "them")}`,
        `Add ${keyOf(group)}: to ${siteFile}${groupOf(group) ? ` under ${groupOf(group)}` : ""}, with ${linesUnder(group, facts)}, each on a line of its own below it.`,
      ),
    );
  }
  for (const { fact, quotes } of single) {
    const what = ownerFacts.find((candidate) => candidate.name === fact)?.what ?? fieldHint(fact)?.replace(/\.$/, "");
    const example = exampleOf(fact);
    const group = groupOf(fact);
    const where = `to ${siteFile}${group ? ` under ${group}` : ""}`;
    refusals.push(
      new UnsetFact(
        placeFor(site, fact),
        [fact],
        `${fact} is not set${what ? `: ${what}` : ""}${quotedBy(quotes, "it")}`,
        example
          ? `Add it ${where}, such as ${example}.`
          : `Add \`${keyOf(fact)}:\` with its value ${where}${quotes.length > 0 ? ", or take the placeholder out of the text" : ""}.`,
      ),
    );
  }
  return refusals;
}

/** The outermost group of a fact that site.yaml lacks altogether (`booking` for `booking.partners.kite`), if any. */
function absentRoot(site: Site, fact: string): string | undefined {
  const parts = fact.split(".");
  for (let length = 1; length < parts.length; length++) {
    const group = parts.slice(0, length).join(".");
    if (site.factPlaces?.[group] === undefined) return group;
  }
  return undefined;
}

/** The facts' order in the table of owner facts (model/legal.ts), so a refusal lists them as site.yaml would. */
const rank = (fact: string) => {
  const index = ownerFacts.findIndex((candidate) => candidate.name === fact);
  return index < 0 ? ownerFacts.length : index;
};

/** "freeCancellationDays: 30, …, and partners: with kite: and airsoft:": what to write below a group. */
function linesUnder(group: string, facts: readonly string[]): string {
  const children = new Map<string, string[]>();
  for (const fact of facts) {
    const [child, ...rest] = fact.slice(group.length + 1).split(".");
    children.set(child!, [...(children.get(child!) ?? []), ...(rest.length > 0 ? [rest.join(".")] : [])]);
  }
  const lines = [...children].map(([child, nested]) =>
    nested.length > 0
      ? `${child}: with ${nested.map((key) => `${key}:`).join(" and ")}`
      : (exampleOf(`${group}.${child}`)?.replace(/ \(.*\)$/, "") ?? `${child}: …`),
  );
  return lines.length > 1 ? `${lines.slice(0, -1).join(", ")} and ${lines.at(-1)}` : lines.join("");
}

const exampleOf = (fact: string) => ownerFacts.find((candidate) => candidate.name === fact)?.example;

/** "; content/pages/terms-of-service.de.md:48:97 quotes it (and 3 more places)" */
function quotedBy(quotes: readonly UnsetQuote[], pronoun: "it" | "them"): string {
  const [first] = quotes;
  if (!first) return "";
  const more = quotes.length - 1;
  return `; ${formatPlace(first.place)} quotes ${pronoun}${more > 0 ? ` (and ${more} more ${more === 1 ? "place" : "places"})` : ""}`;
}

/** The value of a dotted name in site.yaml, as loaded. */
export function factValue(site: Site, name: string): unknown {
  let value: unknown = site;
  for (const part of name.split(".")) value = (value as Record<string, unknown> | undefined)?.[part];
  return value;
}

/**
 * The problems with every quote of an unset fact replaced by that fact's one refusal, and the owner facts this
 * configuration needs that site.yaml leaves out refused too (model/legal.ts), added to site.yaml's problems
 * (where the fix goes). `site`: the problems of site.yaml; `rest`: those of every other file.
 */
export function refuseUnsetFacts(
  site: Site,
  facts: Facts,
  problems: { site: ContentError[]; rest: ContentError[] },
): { site: ContentError[]; rest: ContentError[] } {
  const quotes = new Map<string, UnsetQuote[]>();
  const keep = (list: ContentError[]) =>
    list.filter((problem) => {
      if (!(problem instanceof UnsetQuote)) return true;
      quotes.set(problem.fact, [...(quotes.get(problem.fact) ?? []), problem]);
      return false;
    });
  const own = keep(problems.site);
  const rest = keep(problems.rest);
  // A fact of a group site.yaml failed to give, or that depends on a refused setting, is the echo of that problem.
  const settings = legalSettings(site);
  for (const fact of ownerFacts)
    if (
      fact.required?.(settings) &&
      !facts.explains(fact.name) &&
      !quotes.has(fact.name) &&
      isEmpty(factValue(site, fact.name))
    )
      quotes.set(fact.name, []);
  const missing = [...quotes].map(([fact, list]) => ({ fact, quotes: list }));
  return { site: [...own, ...refuseMissing(site, missing)], rest };
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === "";
