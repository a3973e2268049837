import type { PageProps } from "../types.ts";
import { EmailAddress } from "./EmailAddress.tsx";
import { dateEnquiry, offerEnquiry } from "./enquiry.ts";
import { formEndpoint } from "./FormEndpoint.tsx";
import { Icon } from "./Icon.tsx";
import { webmailUrl } from "../client/mailto.ts";

/** The form's fields, in the order shown: the specification's four (design.md §6) and what a booking needs. */
type FieldName = "name" | "email" | "company" | "phone" | "participants" | "children" | "purchaseOrder" | "message";

interface FieldOptions {
  required?: boolean;
  type?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "tel";
  hint?: string;
  /** Set with another field on one row on wide screens. */
  half?: boolean;
}

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

/**
 * One field with its label, its hint and its message. The `mailto:` form sends "Label=value" lines, so there
 * a field's name is its label; a form service gets stable keys.
 */
function Field({
  t,
  site,
  name,
  options,
  named,
}: PageProps & { name: FieldName; options: FieldOptions; named: boolean }) {
  const label = t(`contact.form.${name}`);
  const id = `field-${name}`;
  const errorId = `${name}-error`;
  const hintId = `${name}-hint`;
  const checked = options.required || name === "participants";
  const describedBy = [options.hint && hintId, checked && errorId].filter(Boolean).join(" ");
  const input = {
    id,
    name: named ? name : label,
    placeholder: t(`contact.form.${name}Placeholder`),
    required: options.required,
    autoComplete: options.autoComplete,
    inputMode: options.inputMode,
    "aria-describedby": describedBy || undefined,
    "data-field": name,
    "data-label": label,
  };
  return (
    <div className={options.half ? "field field-half" : "field"}>
      <label htmlFor={id}>
        <span data-label-text="">{label}</span>
        {options.required ? (
          <span className="required" aria-hidden="true">
            {" "}
            *
          </span>
        ) : (
          <span className="optional"> ({t("contact.form.optional")})</span>
        )}
      </label>
      {name === "message" ? (
        <textarea {...input} rows={6} />
      ) : name === "participants" ? (
        // Seats for a date, the team's size for a quote: the script names it so and shows the net figure.
        <input
          {...input}
          type="number"
          min={1}
          step={1}
          data-label-seats={t("contact.form.participantsSeats")}
          data-label-team={t("contact.form.participantsTeam")}
          data-group-size={String(site.claims.groupSize)}
        />
      ) : (
        <input {...input} type={options.type ?? "text"} />
      )}
      <div className="field-extra">
        {name === "participants" && (
          <output
            className="field-hint participants-note"
            htmlFor={id}
            data-participants-note=""
            data-net={t("contact.form.totalNet")}
            data-per-person={t("contact.form.perPersonNet")}
          />
        )}
        {options.hint && (
          <p className="field-hint" id={hintId}>
            {options.hint}
          </p>
        )}
        {checked && <p className="field-error" id={errorId} hidden />}
      </div>
    </div>
  );
}

/** "Your enquiry: Open Training, 15–17 March 2027 (German) · Seats: 2", filled in by the script when sent. */
function EnquiryLine({ t }: PageProps) {
  return (
    <p className="result-about" data-result-about="" hidden>
      <strong>{t("contact.form.yourEnquiry")}</strong> <span data-about-text="" />
    </p>
  );
}

/**
 * What the owner does with the enquiry, and when (issue 35); `mail`: first, the visitor sends the email.
 * Its heading is an h3 inside the form's card, an h2 on a page of its own.
 */
export function NextSteps({ t, mail = false, level = 3 }: Pick<PageProps, "t"> & { mail?: boolean; level?: 2 | 3 }) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <div className="next-steps">
      <Heading>{t("contact.next.title")}</Heading>
      <ol>
        {mail && <li>{t("contact.next.send")}</li>}
        <li>{t("contact.next.reply")}</li>
        <li>{t("contact.next.invoice")}</li>
      </ol>
    </div>
  );
}

/** A form service took the message: it was sent. */
function SentPanel(props: PageProps) {
  const { t } = props;
  return (
    <div className="form-result" data-form-sent="" role="status" tabIndex={-1} hidden>
      <h3 className="result-title">
        <Icon name="check" /> {t("contact.form.sentTitle")}
      </h3>
      <p>{t("contact.form.sentText")}</p>
      <EnquiryLine {...props} />
      <NextSteps t={t} />
    </div>
  );
}

/**
 * The message ready in the visitor's mail program (`mailto:`), too long for one, or not sent to the form
 * service: each with the address, the message to copy, and the way back to edit it. After a `mailto:` the
 * panel repeats the enquiry, offers the message in Gmail and Outlook on the web (their compose links, plain
 * links that nothing follows before a click), and says what happens next.
 */
function ResultPanel(props: PageProps & { sending: boolean }) {
  const { t, site, sending } = props;
  return (
    <div className="form-result" data-form-result="" tabIndex={-1} hidden>
      {sending ? (
        <>
          <h3 className="result-title" data-result-failed="">
            {t("contact.form.failedTitle")}
          </h3>
          <p data-result-failed="">{t("contact.form.failedText")}</p>
        </>
      ) : (
        <>
          <h3 className="result-title" data-result-ready="">
            <Icon name="check" /> {t("contact.form.successTitle")}
          </h3>
          <p data-result-ready="">{t("contact.form.successText")}</p>
          <EnquiryLine {...props} />
          <p data-result-ready="">{t("contact.form.fallbackText")}</p>
        </>
      )}
      <p data-result-too-long="">{t("contact.form.tooLong")}</p>
      <p className="result-address">
        <a href={`mailto:${site.contact.email}`} data-mail-link="">
          <EmailAddress email={site.contact.email} />
        </a>
      </p>
      {!sending && (
        <div className="webmail" data-result-ready="">
          <p>{t("contact.form.webmail")}</p>
          <p className="webmail-links">
            {(["gmail", "outlook"] as const).map((service) => (
              <a
                key={service}
                className="button button-outline button-small"
                href={webmailUrl(service, { to: site.contact.email, subject: "", body: "" })}
                target="_blank"
                rel="noopener noreferrer"
                data-webmail={service}
                aria-describedby="webmail-note"
              >
                {t(`contact.form.${service}`)}
              </a>
            ))}
          </p>
          <p className="field-hint" id="webmail-note">
            {t("contact.form.webmailNote")}
          </p>
        </div>
      )}
      <div className="actions">
        <button
          type="button"
          className="button button-outline"
          data-copy-message=""
          data-copied={t("contact.form.copied")}
          data-copy-failed={t("contact.form.copyFailed")}
        >
          <Icon name="copy" /> {t("contact.form.copy")}
        </button>
        <button type="button" className="button button-ghost-dark" data-edit-message="">
          {t("contact.form.edit")}
        </button>
      </div>
      <p className="copy-status" role="status" data-copy-status="" />
      <textarea
        className="copy-text"
        data-copy-text=""
        readOnly
        rows={8}
        aria-label={t("contact.form.message")}
        hidden
      />
      {!sending && (
        <div data-result-ready="">
          <NextSteps t={t} mail />
        </div>
      )}
    </div>
  );
}
