import { EmailAddress } from "../components/EmailAddress.tsx";
import { Icon } from "../components/Icon.tsx";
import type { PageProps } from "../types.ts";
import { EnquiryLine } from "./EnquiryLine.tsx";
import { NextSteps } from "./NextSteps.tsx";
import { WebmailLinks } from "./WebmailLinks.tsx";

/**
 * The message ready in the visitor's mail program (`mailto:`), too long for one, or not sent to the form
 * service: each with the address, the message to copy, and the way back to edit it. After a `mailto:` the
 * panel repeats the enquiry, offers the message in Gmail and Outlook on the web (WebmailLinks.tsx), and says
 * what happens next.
 */
export function ResultPanel(props: PageProps & { sending: boolean }) {
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
      {!sending && <WebmailLinks {...props} />}
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
