import { dateEnquiry, offerEnquiry } from "../components/enquiry.ts";
import { formEndpoint } from "../components/FormEndpoint.tsx";
import { Icon } from "../components/Icon.tsx";
import type { PageProps } from "../types.ts";
import { Field, type FieldName, type FieldOptions } from "./Field.tsx";
import { ResultPanel } from "./ResultPanel.tsx";
import { SentPanel } from "./SentPanel.tsx";

/**
 * The contact form and what it shows once sent (design.md §6). Without a form endpoint in site.yaml it is a
 * plain `mailto:` form; with one it posts there, each field under a stable name (components/FormEndpoint.tsx).
 * Both work without JavaScript; templates/client/contact-form.ts upgrades them. Besides name, email, company
 * and message it asks what a booking needs (issue 35, terms § 2): how many people (seats for a date, the
 * team's size for a quote), and optionally a phone number, the children coming along and a purchase order.
 */
export function ContactForm(props: PageProps) {
  const { t, href, site } = props;
  const sending = formEndpoint(props);
  // What the links of the dates and offers may ask for (`?date=…`, `?offer=…`), for the form script to fill in.
  const enquiries = Object.fromEntries(
    [
      ...site.dates.map((date) => dateEnquiry(props, date)),
      ...Object.keys(site.offers).map((name) => offerEnquiry(props, name)),
    ].map(({ key, ...enquiry }) => [key, enquiry]),
  );
  const field = (name: FieldName, options: FieldOptions = {}) => (
    <Field {...props} name={name} options={options} named={!!sending} key={name} />
  );
  return (
    <section className="card form-card" aria-labelledby="form-title">
      <h2 id="form-title">{t("contact.form.title")}</h2>
      <form
        className="contact-form"
        {...(sending?.attributes ?? {
          action: `mailto:${site.contact.email}`,
          method: "post",
          encType: "text/plain",
        })}
        data-contact-form=""
        data-email={site.contact.email}
        data-subject={t("contact.form.mailSubject")}
        data-error-name={t("contact.form.errorName")}
        data-error-email={t("contact.form.errorEmail")}
        data-error-email-invalid={t("contact.form.errorEmailInvalid")}
        data-error-company={t("contact.form.errorCompany")}
        data-error-participants={t("contact.form.errorParticipants")}
        data-error-message={t("contact.form.errorMessage")}
        data-enquiries={JSON.stringify(enquiries)}
      >
        {field("name", { required: true, autoComplete: "name" })}
        {field("email", { required: true, type: "email", autoComplete: "email" })}
        {/* The offer is for businesses only (§ 14 BGB): an enquiry names the company that is invoiced. */}
        {field("company", { required: true, autoComplete: "organization", hint: t("contact.form.businessOnly") })}
        <div className="field-row">
          {field("participants", { type: "number", inputMode: "numeric", half: true })}
          {field("phone", { type: "tel", autoComplete: "tel", inputMode: "tel", half: true })}
        </div>
        <div className="field-row">
          {field("children", { hint: t("contact.form.childrenHint"), half: true })}
          {field("purchaseOrder", { half: true })}
        </div>
        {field("message", { required: true })}
        {sending?.hidden}
        <button type="submit" className="button button-primary">
          {t("contact.form.submit")} <Icon name="arrow" />
        </button>
        <p className="form-note">{t("contact.form.reply")}</p>
        <p className="form-note">
          {t("contact.form.privacyNote")} <a href={href("privacy-policy/")}>{t("footer.privacy")}</a>
        </p>
      </form>
      {sending ? <SentPanel {...props} /> : null}
      <ResultPanel {...props} sending={!!sending} />
    </section>
  );
}
