import { offerPrice } from "../../model/booking.ts";
import { contactHref, offerEnquiry } from "../components/enquiry.ts";
import { Icon } from "../components/Icon.tsx";
import { Markdown } from "../components/Markdown.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import { Reassurance } from "../components/Reassurance.tsx";
import { TeamPrices } from "../components/TeamPrices.tsx";
import { eventData } from "../components/eventData.ts";
import { courseData } from "../components/StructuredData.tsx";
import { UpcomingDates } from "../components/UpcomingDates.tsx";
import { Layout } from "../Layout.tsx";
import type { PageProps } from "../types.ts";

/**
 * Pricing: the offers, with their figures from content/site.yaml and their wording from the page's front
 * matter; the upcoming dates; then the page's text. Every offer leads to a pre-filled enquiry.
 */
export default function Pricing(props: PageProps) {
  const { t, site, content } = props;
  const page = props.content.pages["pricing"]!;
  return (
    <Layout
      {...props}
      title={page.title}
      description={page.description}
      structuredData={[courseData(props), ...eventData(props)]}
    >
      <PageHeader title={page.title} lead={page.lead} />
      <section className="section" aria-label={page.title}>
        <div className="container offers">
          {Object.entries(site.offers).map(([name, figures]) => {
            const offer = page.offers?.[name];
            if (!offer) return null;
            const highlighted = figures.highlighted === true;
            return (
              <article
                className={highlighted ? "offer offer-highlighted" : "offer"}
                key={name}
                aria-labelledby={`offer-${name}`}
              >
                {highlighted && <p className="offer-badge">{t("pricing.highlighted")}</p>}
                <h2 id={`offer-${name}`}>{offer.name}</h2>
                {offerPrice(content, name) !== undefined ? (
                  <div className="offer-price">
                    <p>
                      <span className="price">{offerPrice(content, name)}</span>
                      <span className="offer-unit">{offer.unit}</span>
                    </p>
                    {/* The table gives the price a head at every size; the line is for an offer without sizes. */}
                    {offer.perPerson && !figures.sizes?.length && <p className="offer-per-person">{offer.perPerson}</p>}
                    <TeamPrices {...props} name={name} sizes={figures.sizes} />
                  </div>
                ) : (
                  <div className="offer-price offer-price-note">
                    <p>
                      <span className="price-note">{offer.priceNote}</span>
                      <span className="offer-unit">{offer.unit}</span>
                    </p>
                  </div>
                )}
                <p>{offer.summary}</p>
                <ul className="check-list">
                  {offer.features.map((feature) => (
                    <li key={feature}>
                      <Icon name="check" />
                      {feature}
                    </li>
                  ))}
                </ul>
                {/* An offer with dates of its own leads to them; the others to an enquiry for a date of their own. */}
                <a
                  className={highlighted ? "button button-primary" : "button button-outline"}
                  href={
                    site.dates.some((date) => date.offer === name)
                      ? "#dates"
                      : contactHref(props, offerEnquiry(props, name))
                  }
                >
                  {offer.cta}
                  <span className="visually-hidden">: {offer.name}</span>
                </a>
              </article>
            );
          })}
        </div>
        <div className="container">
          <p className="offers-note">{t("pricing.netPrices")}</p>
          <Reassurance {...props} />
          <p className="programme-link">
            <a href={props.href("programme/")}>{t("programme.link")}</a>
          </p>
        </div>
      </section>
      <UpcomingDates {...props} id="dates" netPricesNote={false} reassurance={false} />
      <div className="section section-tinted">
        <div className="container container-narrow">
          <Markdown html={page.html} />
        </div>
      </div>
    </Layout>
  );
}
