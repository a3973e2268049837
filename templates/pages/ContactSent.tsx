import { NextSteps } from "../contact/NextSteps.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import { Layout } from "../Layout.tsx";
import type { PageProps } from "../types.ts";

/**
 * Where a form service sends a visitor whose browser posted the contact form without JavaScript
 * (the form's `_next`), and the page Netlify Forms answers a post with. Built only when site.yaml names
 * a form endpoint; not indexed.
 */
export default function ContactSent(props: PageProps) {
  const { t, href } = props;
  return (
    <Layout {...props} title={t("meta.contactSent.title")} description={t("meta.contactSent.description")}>
      <PageHeader title={t("contact.form.sentTitle")} lead={t("contact.form.sentText")} />
      <div className="section">
        <div className="container">
          <NextSteps t={t} level={2} />
          <p className="actions">
            <a className="button button-primary" href={href("")}>
              {t("contact.sent.home")}
            </a>
            <a className="button button-outline" href={href("training-details/")}>
              {t("contact.programs.button")}
            </a>
          </p>
        </div>
      </div>
    </Layout>
  );
}
