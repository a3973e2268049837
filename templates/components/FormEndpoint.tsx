import type { PageProps } from "../types.ts";

/**
 * The form that posts to a form endpoint, or to Netlify Forms (site.yaml `contact.form`); undefined for
 * the `mailto:` form. Besides the visible fields it sends `_subject` (the mail's subject: the script puts
 * a date's or an offer's and the sender's name in it), `language`, `_next` (where services that redirect
 * a plain post send the visitor: the built "sent" page) and the honeypot `_gotcha`, which people never
 * see and bots fill in.
 */
export function formEndpoint({ t, href, url, locale, site }: PageProps) {
  const mode = site.contact.form;
  if (mode.kind === "mailto") return undefined;
  const sentPage = href("contact/sent/");
  const attributes =
    mode.kind === "endpoint"
      ? { action: mode.url, method: "post" }
      : // Netlify finds the form by its attribute when it deploys, and answers a post with the page it names.
        { action: sentPage, method: "post", name: "contact", "data-netlify": "true", "netlify-honeypot": "_gotcha" };
  const hidden = (
    <>
      {mode.kind === "netlify" && <input type="hidden" name="form-name" value="contact" />}
      <input type="hidden" name="_subject" value={t("contact.form.mailSubject")} data-subject-field="" />
      <input type="hidden" name="language" value={locale} />
      {mode.kind === "endpoint" && <input type="hidden" name="_next" value={url("contact/sent/")} />}
      {/* Off screen rather than display:none, which many bots skip; no person and no screen reader meets it. */}
      <div className="form-trap" aria-hidden="true">
        <label htmlFor="field-trap">{t("contact.form.trap")}</label>
        <input id="field-trap" type="text" name="_gotcha" tabIndex={-1} autoComplete="off" data-trap="" />
      </div>
    </>
  );
  return {
    attributes: {
      ...attributes,
      "data-sending": t("contact.form.sending"),
    },
    hidden,
  };
}
