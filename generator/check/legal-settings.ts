/**
 * Settings of site.yaml that cannot all be true (design.md §11 "facts that cannot both be true are refused"),
 * each refused at the line to change: a host or Land the texts do not know, a legal form the business's name
 * contradicts or whose register entry is missing, a transfer basis that does not fit the recipient's country,
 * Netlify Forms off Netlify, booking figures that contradict each other, a consent host the legal texts do not
 * name. The rules of the law live in model/legal.ts and model/authorities.ts; this file applies them.
 */
import { lands } from "../../model/authorities.ts";
import type { Site } from "../../model/content.ts";
import {
  consentHosts,
  fontHostPattern,
  formInName,
  isHostingProvider,
  isLand,
  isLegalForm,
  legalForms,
  rentedServer,
  transferBases,
  transferContradiction,
} from "../../model/legal.ts";
import { ContentError, placeAt } from "../errors.ts";
import type { LoadedContent } from "../load/content.ts";
import { countryGroups, isCountryCode } from "../load/implied-facts.ts";
import { factValue as valueAt, placeFor } from "../load/unset-facts.ts";

/** Every contradiction between site.yaml's legal settings, and between them and the legal texts. */
export function legalSettingsProblems(content: LoadedContent): ContentError[] {
  const site = content.site;
  return [
    ...hostingProblems(site),
    ...businessProblems(site),
    ...transferProblems(site),
    ...bookingProblems(site),
    ...consentHostProblems(content),
  ];
}

const refuse = (site: Site, name: string, reason: string, hint: string) =>
  new ContentError(placeFor(site, name), reason, { hint });

/** A host the legal texts do not know, and Netlify Forms off Netlify. */
export function hostingProblems(site: Site): ContentError[] {
  const hosting = site.hosting?.provider;
  const problems: ContentError[] = [];
  if (hosting !== undefined && !isHostingProvider(hosting))
    problems.push(
      refuse(
        site,
        "hosting.provider",
        `"${hosting}" is not a host the legal texts know`,
        "Write provider: github-pages, netlify, cloudflare-pages, own-server or shared-hosting.",
      ),
    );
  if (site.contact?.form?.kind === "netlify" && hosting !== undefined && hosting !== "netlify")
    problems.push(
      refuse(
        site,
        "contact.form.netlify",
        `contact.form says netlify: true, but hosting.provider is ${hosting}: Netlify Forms only work on Netlify`,
        "Set hosting.provider: netlify, or give the form an endpoint: of your form service.",
      ),
    );
  return problems;
}

/** The Land, the legal form, and what the form asks of the business's name, register entry and representative. */
function businessProblems(site: Site): ContentError[] {
  const legal = site.legal;
  if (!legal) return [];
  const problems: ContentError[] = [];
  if (legal.region !== undefined && !isLand(legal.region))
    problems.push(
      refuse(
        site,
        "legal.region",
        `"${legal.region}" is not a German Land, so the privacy policy cannot name its data protection authority`,
        `Write the Land the business is established in: ${lands.join(", ")}.`,
      ),
    );
  const form = legal.form;
  if (form === undefined) return problems;
  if (!isLegalForm(form))
    return [
      ...problems,
      refuse(
        site,
        "legal.form",
        `"${form}" is not a legal form the imprint is written for`,
        `Write one of ${Object.keys(legalForms).join(", ")}.`,
      ),
    ];
  const rules = legalForms[form];
  const named = formInName(legal.company ?? "");
  if (named && named !== form)
    problems.push(
      refuse(
        site,
        "legal.company",
        `legal.company names a ${named}, but legal.form is ${form}`,
        `Set form: ${named} (with its register entry and representative), or write the company's name without "${named}".`,
      ),
    );
  else if (rules.law && !rules.suffix?.test(legal.company ?? ""))
    problems.push(
      refuse(
        site,
        "legal.company",
        `legal.company must carry its legal form, ${form} (${rules.law})`,
        `Write the name as it is registered, such as "${legal.company} ${form}".`,
      ),
    );
  if (legal.register && rules.register === "none")
    problems.push(
      refuse(
        site,
        "legal.register",
        `legal.register is given, but the legal form ${form} is not entered in the commercial register`,
        "Set form: e. K. for a registered sole trader, or remove register:.",
      ),
    );
  const part = /\bHR[AB]\b/.exec(legal.register ?? "")?.[0];
  if (part && (rules.register === "HRA" || rules.register === "HRB") && part !== rules.register)
    problems.push(
      refuse(
        site,
        "legal.register",
        `legal.register names ${part}, but the legal form ${form} is entered in ${rules.register}`,
        `Copy the entry from the register extract: "Amtsgericht …, ${rules.register} …", or correct legal.form.`,
      ),
    );
  return problems;
}

/** Each recipient's country and transfer basis: a fixed set, a real country code, and the two fitting each other. */
function transferProblems(site: Site): ContentError[] {
  const problems: ContentError[] = [];
  const applies: Record<(typeof countryGroups)[number], boolean> = {
    "contact.form": site.contact?.form?.kind === "endpoint",
    "contact.mailProvider": true,
    hosting: rentedServer(site.hosting?.provider),
  };
  for (const group of countryGroups) {
    if (!applies[group]) continue;
    const country = valueAt(site, `${group}.country`);
    const basis = valueAt(site, `${group}.transfer`);
    if (country !== undefined && !isCountryCode(country))
      problems.push(
        refuse(
          site,
          `${group}.country`,
          `"${String(country)}" is not a two-letter country code`,
          "Write the country as its ISO code: DE for Germany, IE for Ireland, US for the United States, GB, CH, …",
        ),
      );
    if (basis !== undefined && !(transferBases as readonly unknown[]).includes(basis)) {
      problems.push(
        refuse(
          site,
          `${group}.transfer`,
          `"${String(basis)}" is not a transfer basis the privacy policy is written for`,
          `Write one of ${transferBases.join(", ")} (none: the data stays in the European Economic Area).`,
        ),
      );
      continue;
    }
    if (typeof basis !== "string" || !isCountryCode(country)) continue;
    const reason = transferContradiction(basis, country);
    if (reason)
      problems.push(
        refuse(
          site,
          `${group}.transfer`,
          `${group}.transfer is ${basis}, but ${country} ${reason}`,
          basis === "none"
            ? `Write the basis the recipient's data processing agreement names: ${transferBases.slice(1).join(", ")}.`
            : "Write transfer: none for a recipient in the European Economic Area, or correct the country.",
        ),
      );
  }
  return problems;
}

/** The terms' figures against each other and the group size (terms § 5 and § 6). */
function bookingProblems(site: Site): ContentError[] {
  const booking = site.booking;
  if (!booking) return [];
  const problems: ContentError[] = [];
  const { freeCancellationDays: free, feeDays, feePercent, lateFeePercent, minParticipants, cancelDays } = booking;
  const groupSize = Number(site.claims?.groupSize);
  if (minParticipants !== undefined && groupSize > 0 && minParticipants > groupSize)
    problems.push(
      refuse(
        site,
        "booking.minParticipants",
        `booking.minParticipants is ${minParticipants}, more than the ${groupSize} places of a date (claims.groupSize): every date could be cancelled`,
        `Write a minimum of at most ${groupSize}, or raise claims.groupSize.`,
      ),
    );
  if (free !== undefined && cancelDays !== undefined && free < cancelDays)
    problems.push(
      refuse(
        site,
        "booking.freeCancellationDays",
        `Free cancellation ends ${free} days before the start, after the ${cancelDays} days (booking.cancelDays) at which an open date is confirmed or cancelled`,
        `Let free cancellation end no later than the decision: freeCancellationDays: ${cancelDays} or more.`,
      ),
    );
  if (free !== undefined && feeDays !== undefined && feeDays >= free)
    problems.push(
      refuse(
        site,
        "booking.feeDays",
        `The reduced fee would run from ${free} to ${feeDays} days before the start: booking.feeDays must be less than freeCancellationDays`,
        `Write the day the reduced fee ends, below ${free}: such as feeDays: ${Math.max(1, Math.floor(free / 2))}.`,
      ),
    );
  for (const [name, percent] of [
    ["feePercent", feePercent],
    ["lateFeePercent", lateFeePercent],
  ] as const)
    if (percent !== undefined && (percent <= 0 || percent > 100))
      problems.push(
        refuse(
          site,
          `booking.${name}`,
          `booking.${name} is ${percent}: a fee is more than 0 and at most 100 per cent of the price`,
          "Write the per cent as a whole number, such as 50.",
        ),
      );
  if (feePercent !== undefined && lateFeePercent !== undefined && feePercent >= lateFeePercent)
    problems.push(
      refuse(
        site,
        "booking.feePercent",
        `The earlier fee (${feePercent} %) is not lower than the later one (${lateFeePercent} %, booking.lateFeePercent)`,
        "Write a reduced fee below the late one, such as feePercent: 50 with lateFeePercent: 100.",
      ),
    );
  return problems;
}

/**
 * The privacy policy and the cookie policy name the hosts a visitor's browser contacts after consent (Art. 13 (1)
 * (e) GDPR): each configured host must be named in every language, and a web-font host they name must be a
 * configured one. So a new font service cannot go live under texts that still describe the old one.
 */
function consentHostProblems(content: LoadedContent): ContentError[] {
  const site = content.site;
  const problems: ContentError[] = [];
  // Without all three settings (site.yaml refused them), there is nothing to hold the texts to.
  const urls = consentHosts.map((name) => ({ name, value: valueAt(site, name) }));
  if (!urls.every(({ value }) => typeof value === "string" && URL.canParse(value))) return problems;
  // Each host once, by the first setting that names it (the stylesheet and its files may share one).
  const configured = urls
    .map(({ name, value }) => ({ name, host: new URL(value as string).host }))
    .filter((entry, index, all) => all.findIndex(({ host }) => host === entry.host) === index);
  // One refusal per host, its root, naming the texts that miss it; a page that misses a configured host has
  // not been rewritten for it at all, so the old hosts it names are that refusal's echo.
  const missing = new Map<string, string[]>();
  for (const { pages } of content.locales)
    for (const page of ["privacy-policy", "cookie-policy"]) {
      const origin = pages[page]?.origin;
      if (!origin) continue;
      const text = origin.shown ?? origin.body;
      const misses = configured.filter(({ name, host }) => !text.includes(host) && !text.includes(`{${name}}`));
      for (const { name } of misses) missing.set(name, [...(missing.get(name) ?? []), origin.file]);
      if (misses.length > 0) continue;
      for (const found of text.matchAll(fontHostPattern))
        if (!configured.some(({ host }) => host === found[0]))
          problems.push(
            new ContentError(
              { file: origin.file, ...placeAt(text, found.index, { line: origin.bodyLine, column: 1 }) },
              `The text names the web-font host ${found[0]}, which content/site.yaml does not load (consent)`,
              {
                hint: `Name only the hosts content/site.yaml's consent: loads from: ${configured.map(({ host }) => host).join(", ")}.`,
              },
            ),
          );
    }
  for (const { name, host } of configured) {
    const files = missing.get(name);
    if (!files) continue;
    const more = files.length > 1 ? ` (nor ${files.length - 1} more of the legal texts)` : "";
    problems.unshift(
      refuse(
        site,
        name,
        `${name} connects visitors to ${host}, which ${files[0]} does not name${more}`,
        `The privacy policy, the cookie policy and the banner (cookie.text) describe the service they name: rewrite their paragraphs on it for ${host} (who runs it, its address, where it processes data), or set ${name} back.`,
      ),
    );
  }
  return problems;
}
