import { Icon } from "../components/Icon.tsx";
import { Markdown } from "../components/Markdown.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import { courseData } from "../components/StructuredData.tsx";
import { Layout } from "../Layout.tsx";
import type { PageProps } from "../types.ts";

/** Pricing: the offers of content/pages/pricing.<locale>.md front matter, then its text; every offer leads to contact. */
export default function Pricing(props: PageProps) {
  const { href, locale } = props;
  const page = props.content.pages["pricing"]!;
  const money = new Intl.NumberFormat(locale, { style: "currency", currency: "EUR", maximumFractionDigits: 0 });
  return (
    <Layout {...props} title={page.title} description={page.description} structuredData={[courseData(props)]}>
      <PageHeader title={page.title} lead={page.lead} />
      <section className="section" aria-label={page.title}>
        <div className="container offers">
          {(page.offers ?? []).map((offer) => (
            <article
              className={offer.highlighted ? "offer offer-highlighted" : "offer"}
              key={offer.name}
              aria-labelledby={`offer-${slug(offer.name)}`}
            >
              <h2 id={`offer-${slug(offer.name)}`}>{offer.name}</h2>
              <p className="offer-price">
                <span className="price">{offer.price !== undefined ? money.format(offer.price) : offer.priceNote}</span>
                <span className="offer-unit">{offer.unit}</span>
              </p>
              <p>{offer.summary}</p>
              <ul className="check-list">
                {offer.features.map((feature) => (
                  <li key={feature}>
                    <Icon name="check" />
                    {feature}
                  </li>
                ))}
              </ul>
              <a
                className={offer.highlighted ? "button button-primary" : "button button-outline"}
                href={href("contact/")}
              >
                {offer.cta}
              </a>
            </article>
          ))}
        </div>
      </section>
      <div className="section section-tinted">
        <div className="container container-narrow">
          <Markdown html={page.html} />
        </div>
      </div>
    </Layout>
  );
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
