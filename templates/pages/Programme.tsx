import { dateOffer, offerPrice } from "../../model/booking.ts";
import { sections } from "../../model/sections.ts";
import { formatDay, formatDays, offerName } from "../components/enquiry.ts";
import { telHref } from "../../model/contact.ts";
import { Logo } from "../components/Logo.tsx";
import { Markdown } from "../components/Markdown.tsx";
import { Layout } from "../Layout.tsx";
import type { PageProps } from "../types.ts";
import { TeamPrices } from "../components/TeamPrices.tsx";
import { languageName } from "../components/language-name.ts";

/**
 * The programme and prices as a sheet to print or save as PDF and forward for sign-off (issue 28; issue 35:
 * two A4 pages at most): the offers and their prices, the open dates, the days of the training and what is
 * included, each from the same content as the pricing and training-details pages, then the trainer and how to
 * reach us, with the day it was made ("as of", the build's day: SOURCE_DATE_EPOCH when set). Its print
 * stylesheet (pages.css) sets it on A4 without the site's header, footer and banners. Not indexed: it
 * repeats those two pages.
 */
export default function Programme(props: PageProps) {
  const { t, site, content, locale } = props;
  const pricing = content.pages["pricing"]!;
  const details = content.pages["training-details"]!;
  // Training details opens with the days, one section each; pricing with what the price includes.
  const days = sections(details.html).slice(0, Number(site.claims.trainingDays));
  const included = sections(pricing.html)[0];
  // Dates all sold as one offer name it once, in their heading, rather than under every date.
  const offers = new Set(site.dates.map((date) => date.offer));
  const oneOffer = offers.size === 1 ? [...offers][0] : undefined;
  return (
    <Layout {...props} title={t("meta.programme.title")} description={t("meta.programme.description")}>
      <div className="section programme">
        <div className="container container-narrow">
          <header className="programme-head">
            <p className="programme-brand">
              <Logo />
              <span className="eyebrow">{site.name}</span>
              <span className="programme-as-of">
                {t("programme.asOf")}{" "}
                <time dateTime={site.builtAt.slice(0, 10)}>
                  {formatDay(site.builtAt.slice(0, 10), content.formats)}
                </time>
              </span>
            </p>
            <h1>{t("meta.programme.title")}</h1>
            <p className="lead">{details.lead}</p>
            <p className="programme-print" data-print-row="" hidden>
              <button type="button" className="button button-primary button-small" data-print="">
                {t("programme.print")}
              </button>
            </p>
          </header>

          <section aria-labelledby="programme-offers">
            <h2 id="programme-offers">{pricing.title}</h2>
            <table className="programme-table programme-offers">
              <tbody>
                {Object.entries(site.offers).map(([name, figures]) => {
                  const offer = pricing.offers?.[name];
                  if (!offer) return null;
                  const price = offerPrice(content, name);
                  return (
                    <tr key={name}>
                      <th scope="row">{offer.name}</th>
                      <td>
                        <span className="price-small">{price ?? offer.priceNote}</span> {offer.unit}
                        {offer.perPerson && !figures.sizes?.length && (
                          <span className="programme-sub">{offer.perPerson}</span>
                        )}
                        <TeamPrices {...props} name={name} sizes={figures.sizes} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <p className="programme-note">{t("pricing.netPrices")}</p>
            <p className="programme-note">{t("pricing.reassurance")}</p>
          </section>

          {site.dates.length > 0 && (
            <section aria-labelledby="programme-dates">
              <h2 id="programme-dates">
                {t("dates.title")}
                {oneOffer && `: ${offerName(props, oneOffer)}`}
              </h2>
              <table className="programme-table programme-dates">
                <thead>
                  <tr>
                    <th scope="col">{t("programme.when")}</th>
                    <th scope="col">{t("dates.language")}</th>
                    <th scope="col">{t("dates.price")}</th>
                    <th scope="col">{t("programme.seats")}</th>
                  </tr>
                </thead>
                <tbody>
                  {site.dates.map((date) => (
                    <tr key={date.start}>
                      <th scope="row">
                        <time dateTime={date.start}>{formatDays(date, content.formats)}</time>
                        {date.offer && !oneOffer && (
                          <span className="programme-sub">{offerName(props, date.offer)}</span>
                        )}
                      </th>
                      <td>{languageName(date.language ?? locale, locale)}</td>
                      <td>{dateOffer(site, content, date)?.price ?? ""}</td>
                      <td>
                        {date.seatsLeft === 0
                          ? t("dates.full")
                          : new Intl.NumberFormat(content.formats).format(date.seatsLeft)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}

          <section aria-label={details.title} className="programme-days">
            {days.map((day, index) => (
              <Markdown key={index} html={day} className="prose programme-day" />
            ))}
          </section>

          {included && <Markdown html={included} className="prose programme-included" />}

          <div className="programme-people">
            <section aria-labelledby="programme-trainer" className="programme-trainer">
              <h2 id="programme-trainer">{t("programme.trainer")}</h2>
              <p>
                <strong>{site.legal.owner}</strong> – {content.pages["about-me"]?.lead} {t("programme.trainerText")}
              </p>
            </section>
            <section aria-labelledby="programme-contact" className="programme-contact">
              <h2 id="programme-contact">{t("footer.contact")}</h2>
              <p>
                {site.legal.company}
                <br />
                {site.legal.street}, {site.legal.postalCode}&nbsp;{site.legal.city}
                <br />
                <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a> ·{" "}
                <a href={telHref(site.contact.phone)}>{site.contact.phone}</a>
                <br />
                {t("programme.book")} <a href={props.url("pricing/")}>{props.url("pricing/")}</a>
              </p>
            </section>
          </div>
        </div>
      </div>
    </Layout>
  );
}
