import { webmailUrl } from "../client/mailto.ts";
import type { PageProps } from "../types.ts";

/**
 * After a `mailto:`, the message in Gmail and Outlook on the web: their compose links, plain links that nothing
 * follows before a click (templates/client/form-mail.ts fills in the message).
 */
export function WebmailLinks({ t, site }: PageProps) {
  return (
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
  );
}
