import { telHref } from "../../model/contact.ts";
import { EmailAddress } from "../components/EmailAddress.tsx";
import { Icon, type IconName } from "../components/Icon.tsx";
import { MapLink } from "../components/MapLink.tsx";
import type { PageProps } from "../types.ts";
import type { ReactNode } from "react";

/** Email, phone, LinkedIn and where the ranch is: each a link a visitor can tap. */
export function GetInTouch({ t, site }: PageProps) {
  const item = (icon: IconName, label: string, content: ReactNode) => (
    <li>
      <span className="card-icon">
        <Icon name={icon} />
      </span>
      <span>
        <span className="contact-label">{label}</span>
        {content}
      </span>
    </li>
  );
  return (
    <section className="card" aria-labelledby="info-title">
      <h2 id="info-title">{t("contact.info.title")}</h2>
      <ul className="contact-list">
        {item(
          "mail",
          t("contact.info.email"),
          <a href={`mailto:${site.contact.email}`}>
            <EmailAddress email={site.contact.email} />
          </a>,
        )}
        {item("phone", t("contact.info.phone"), <a href={telHref(site.contact.phone)}>{site.contact.phone}</a>)}
        {item(
          "linkedin",
          t("contact.info.linkedin"),
          <a href={site.social.linkedin} rel="me noopener">
            {t("contact.info.linkedinText")}
          </a>,
        )}
        {item(
          "pin",
          t("contact.info.location"),
          <>
            {t("contact.info.locationText")}{" "}
            <MapLink href={site.location.mapsUrl} text={t("contact.info.map")} note={t("contact.info.mapNote")} />
          </>,
        )}
      </ul>
    </section>
  );
}
