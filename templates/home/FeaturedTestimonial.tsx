import { Icon } from "../components/Icon.tsx";
import { Testimonial } from "../components/Testimonial.tsx";
import type { PageProps } from "../types.ts";

/** The testimonial the references page shows first, high on the home page, with the way to all of them. */
export function FeaturedTestimonial(props: PageProps) {
  const { t, href, content } = props;
  const testimonial = content.testimonials[0];
  if (!testimonial) return null;
  return (
    <section className="section section-tinted" aria-labelledby="quote-title">
      <div className="container container-narrow featured-quote">
        <h2 className="eyebrow" id="quote-title">
          {t("references.quoteEyebrow")}
        </h2>
        <Testimonial testimonial={testimonial} t={t} />
        <a className="text-link" href={href("references/")}>
          {t("references.more")} <Icon name="arrow" />
        </a>
      </div>
    </section>
  );
}
