/**
 * How the contact form sends (site.yaml `contact.form`, design.md §6), decided once when site.yaml is
 * loaded: the visitor's mail program (`mailto:`, the default), a form endpoint (any URL that takes a
 * standard form POST: Formspree, Basin, the owner's own script), or Netlify Forms. Pages, routes, the
 * Content-Security-Policy and the dev server switch on it; none of them looks at the settings again.
 */
/** `contact.form` as written in site.yaml: at most one of the two, which the loader checks. */
export interface ContactFormSettings {
  /** Where each value stands in site.yaml, by key (as `Located` of model/content.ts, which imports this file). */
  at: Record<string, { line: number; column: number }>;
  /** https URL the form posts to; http only on this computer (localhost, 127.0.0.1), for tests and local scripts. */
  endpoint?: string;
  /** Netlify Forms: the host collects the form's posts, found by its `data-netlify` attribute. */
  netlify?: boolean;
  /** The form service of the endpoint, with its address, as the privacy policy names it. */
  service?: string;
  /** The country it processes the messages in (ISO 3166-1: US, DE). */
  country?: string;
  /** Its basis for processing data outside the European Economic Area (model/legal.ts `transferBases`). */
  transfer?: string;
  /** Days after which the service (or Netlify) deletes a message. */
  retentionDays?: number;
}

/** The ways the form can send, as `<!-- if contact.form.mode = … -->` in a legal text names them. */
export const formModeKinds = ["mailto", "endpoint", "netlify"] as const satisfies readonly FormMode["kind"][];

/**
 * The one way the contact form sends, with the owner facts the privacy policy quotes for it (named as in
 * site.yaml, so `contact.form.service` reads the same in the file and in the loaded site).
 */
export type FormMode =
  | { kind: "mailto" }
  /** Posts to `url`; `origin` is what the CSP allows for it. */
  | ({ kind: "endpoint"; url: string; origin: string } & Pick<
      ContactFormSettings,
      "service" | "country" | "transfer" | "retentionDays"
    >)
  | ({ kind: "netlify" } & Pick<ContactFormSettings, "retentionDays">);

/** The mode the settings name; `mailto` without any. Call it on settings the loader has checked. */
export function formMode(settings: ContactFormSettings | undefined): FormMode {
  if (settings?.endpoint) {
    const { service, country, transfer, retentionDays } = settings;
    return {
      kind: "endpoint",
      url: settings.endpoint,
      origin: new URL(settings.endpoint).origin,
      service,
      country,
      transfer,
      retentionDays,
    };
  }
  if (settings?.netlify) return { kind: "netlify", retentionDays: settings.retentionDays };
  return { kind: "mailto" };
}

/**
 * A phone number as a `tel:` link, without the spaces people write (RFC 3966 has no room for them):
 * +49 4671 930 41 20 → tel:+4946719304120. The templates' links and the markdown pages' `tel:` links alike.
 */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/^tel:/i, "").replace(/[^+\d]/g, "")}`;
}
