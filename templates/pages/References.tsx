import { CallToAction } from "../components/CallToAction.tsx";
import { Picture } from "../components/Picture.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import { Testimonial } from "../components/Testimonial.tsx";
import { Layout } from "../Layout.tsx";
import type { PageProps } from "../types.ts";

/** References: four testimonials (content/testimonials/) and the booking call to action. */
export default function References(props: PageProps) {
  const { t, href, content, image } = props;
  const group = image("group");
  return (
    <Layout {...props} title={t("meta.references.title")} description={t("meta.references.description")}>
      <PageHeader title={t("references.title")} lead={t("references.subtitle")} />
      <section className="section" aria-label={t("references.title")}>
        {group && (
          <div className="container">
            <Picture image={group} sizes="(min-width: 76rem) 72rem, 94vw" className="section-photo" />
          </div>
        )}
        <div className="container testimonials">
          {content.testimonials.map((testimonial) => (
            <Testimonial testimonial={testimonial} t={t} key={testimonial.id} />
          ))}
        </div>
        {/* UWG § 5b (3): a page that publishes reviews says whether and how it checks they are genuine. */}
        <div className="container">
          <p className="testimonials-checked">{t("references.checked")}</p>
        </div>
      </section>
      <CallToAction id="references-cta" title={t("references.ctaTitle")} text={t("references.ctaText")}>
        <div className="actions actions-center">
          <a className="button button-primary" href={`${href("pricing/")}#dates`}>
            {t("references.bookTraining")}
          </a>
          <a className="button button-outline" href={href("training-details/")}>
            {t("references.learnMore")} <span className="visually-hidden">{t("references.learnMoreContext")}</span>
          </a>
        </div>
        <p className="accent">{t("references.events")}</p>
      </CallToAction>
    </Layout>
  );
}
