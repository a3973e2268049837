import { ContactForm } from "../components/ContactForm.tsx";
import { EmailAddress } from "../components/EmailAddress.tsx";
import { telHref } from "../../model/contact.ts";
import { Icon, type IconName } from "../components/Icon.tsx";
import { MapLink } from "../components/MapLink.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import { Layout } from "../Layout.tsx";
import type { PageProps } from "../types.ts";
import type { ReactNode } from "react";

/** Contact: the message form (components/ContactForm.tsx), the get-in-touch block and the training programmes. */
export default function Contact(props: PageProps) {
  const { t, href } = props;
  return (
    <Layout {...props} title={t("meta.contact.title")} description={t("meta.contact.description")} form>
      <PageHeader title={t("contact.title")} lead={t("contact.subtitle")} />
      <div className="section">
        <div className="container contact-layout">
          <ContactForm {...props} />
          <div className="contact-aside">
            <GetInTouch {...props} />
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

/** Email, phone, LinkedIn and where the ranch is: each a link a visitor can tap. */
function GetInTouch({ t, site }: PageProps) {
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
