import { dateEnquiry, offerEnquiry } from "../components/enquiry.ts";
import { telHref } from "../components/Footer.tsx";
import { EmailAddress } from "../components/EmailAddress.tsx";
import { formEndpoint } from "../components/FormEndpoint.tsx";
import { Icon } from "../components/Icon.tsx";
import { MapLink } from "../components/MapLink.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import { Layout } from "../Layout.tsx";
import type { PageProps } from "../types.ts";

/**
 * Contact: the message form, the get-in-touch block and the training programmes. Without a form endpoint
 * in site.yaml the form is a plain `mailto:` form (design.md §6); with one it posts there, each field under
 * a stable name (components/FormEndpoint.tsx). Both work without JavaScript; the browser script upgrades them.
 */
export default function Contact(props: PageProps) {
  const { t, href, site } = props;
  const sending = formEndpoint(props);
  // What the links of the dates and offers may ask for (`?date=…`, `?offer=…`), for the form script to fill in.
  const enquiries = Object.fromEntries(
    [
      ...site.dates.map((date) => dateEnquiry(props, date)),
      ...Object.keys(site.offers).map((name) => offerEnquiry(props, name)),
    ].map((enquiry) => [enquiry.key, { subject: enquiry.subject, message: enquiry.message }]),
  );
  const field = (
    name: "name" | "email" | "company" | "message",
    options: { required?: boolean; type?: string; autoComplete?: string; hint?: string },
  ) => {
    const label = t(`contact.form.${name}`);
    const errorId = `${name}-error`;
    const hintId = `${name}-hint`;
    const describedBy = [options.hint && hintId, options.required && errorId].filter(Boolean).join(" ");
    const input = {
      id: `field-${name}`,
      // The mailto: form sends "Label=value" lines, so its names are the labels; a form service gets stable keys.
      name: sending ? name : label,
      placeholder: t(`contact.form.${name}Placeholder`),
      required: options.required,
      autoComplete: options.autoComplete,
      "aria-describedby": describedBy || undefined,
      "data-field": name,
      "data-label": label,
    };
    return (
      <div className="field">
        <label htmlFor={`field-${name}`}>
          {label}
          {options.required ? (
            <span className="required" aria-hidden="true">
              {" "}
              *
            </span>
          ) : (
            <span className="optional"> ({t("contact.form.optional")})</span>
          )}
        </label>
        {name === "message" ? <textarea {...input} rows={6} /> : <input {...input} type={options.type ?? "text"} />}
        {options.hint && (
          <p className="field-hint" id={hintId}>
            {options.hint}
          </p>
        )}
        {options.required && <p className="field-error" id={errorId} hidden />}
      </div>
    );
  };
  return (
    <Layout {...props} title={t("meta.contact.title")} description={t("meta.contact.description")} form>
      <PageHeader title={t("contact.title")} lead={t("contact.subtitle")} />
      <div className="section">
        <div className="container contact-layout">
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
              data-error-message={t("contact.form.errorMessage")}
              data-enquiries={JSON.stringify(enquiries)}
            >
              {field("name", { required: true, autoComplete: "name" })}
              {field("email", { required: true, type: "email", autoComplete: "email" })}
              {/* The offer is for businesses only (§ 14 BGB): an enquiry names the company that is invoiced. */}
              {field("company", { required: true, autoComplete: "organization", hint: t("contact.form.businessOnly") })}
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
            {sending && (
              <div className="form-result" data-form-sent="" role="status" tabIndex={-1} hidden>
                <h3 className="result-title">
                  <Icon name="check" /> {t("contact.form.sentTitle")}
                </h3>
                <p>{t("contact.form.sentText")}</p>
              </div>
            )}
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
                  <p data-result-ready="">{t("contact.form.fallbackText")}</p>
                </>
              )}
              <p data-result-too-long="">{t("contact.form.tooLong")}</p>
              <p className="result-address">
                <a href={`mailto:${site.contact.email}`} data-mail-link="">
                  <EmailAddress email={site.contact.email} />
                </a>
              </p>
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
            </div>
          </section>
          <div className="contact-aside">
            <section className="card" aria-labelledby="info-title">
              <h2 id="info-title">{t("contact.info.title")}</h2>
              <ul className="contact-list">
                <li>
                  <span className="card-icon">
                    <Icon name="mail" />
                  </span>
                  <span>
                    <span className="contact-label">{t("contact.info.email")}</span>
                    <a href={`mailto:${site.contact.email}`}>
                      <EmailAddress email={site.contact.email} />
                    </a>
                  </span>
                </li>
                <li>
                  <span className="card-icon">
                    <Icon name="phone" />
                  </span>
                  <span>
                    <span className="contact-label">{t("contact.info.phone")}</span>
                    <a href={telHref(site.contact.phone)}>{site.contact.phone}</a>
                  </span>
                </li>
                <li>
                  <span className="card-icon">
                    <Icon name="linkedin" />
                  </span>
                  <span>
                    <span className="contact-label">{t("contact.info.linkedin")}</span>
                    <a href={site.social.linkedin} rel="me noopener">
                      {t("contact.info.linkedinText")}
                    </a>
                  </span>
                </li>
                <li>
                  <span className="card-icon">
                    <Icon name="pin" />
                  </span>
                  <span>
                    <span className="contact-label">{t("contact.info.location")}</span>
                    {t("contact.info.locationText")}{" "}
                    <MapLink
                      href={site.location.mapsUrl}
                      text={t("contact.info.map")}
                      note={t("contact.info.mapNote")}
                    />
                  </span>
                </li>
              </ul>
            </section>
            <section className="card card-dark" aria-labelledby="programs-title">
              <h2 id="programs-title">{t("contact.programs.title")}</h2>
              <p>{t("contact.programs.text")}</p>
              <a className="button button-primary" href={href("training-details/")}>
                {t("contact.programs.button")}
              </a>
            </section>
          </div>
        </div>
      </div>
    </Layout>
  );
}
