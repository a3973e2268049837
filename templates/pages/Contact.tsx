import { ContactForm } from "../contact/ContactForm.tsx";
import { GetInTouch } from "../contact/GetInTouch.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import { Layout } from "../Layout.tsx";
import type { PageProps } from "../types.ts";

/** Contact: the message form, the ways to get in touch (both in templates/contact/) and the training programmes. */
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
