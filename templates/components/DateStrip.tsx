import type { PageProps } from "../types.ts";
import { contactHref, dateEnquiry, formatDays } from "./enquiry.ts";
import { Icon } from "./Icon.tsx";
import { languageName } from "./language-name.ts";
import { nextDates } from "./UpcomingDates.tsx";

/** The id of the strip's heading: a page's "On this page" list links to it. */
export const dateStripTitle = "date-strip-title";

/** How many dates the strip shows: the next ones, in date order, one of them in the page's language. */
const shown = 2;

/**
 * The end of a long page that should not be a dead end (training details, about me): the next dates, each
 * with its language and its button, the way to all dates and prices, and the programme sheet to forward.
 */
export function DateStrip(props: PageProps) {
  const { t, href, site, locale, content } = props;
  const dates = nextDates(site.dates, locale, shown);
  return (
    <section className="section section-tinted date-strip" aria-labelledby={dateStripTitle}>
      <div className="container">
        <h2 id={dateStripTitle}>{t("dates.stripTitle")}</h2>
        {dates.length > 0 && (
          <ul className="date-strip-list">
            {dates.map((date) => {
              const enquiry = dateEnquiry(props, date);
              return (
                <li key={date.start}>
                  <span className="date-strip-days">
                    <Icon name="calendar" />
                    <time dateTime={date.start}>{formatDays(date, content.formats)}</time>
                  </span>
                  <span className="date-strip-language">{languageName(date.language ?? locale, locale)}</span>
                  <a
                    className={`button button-small ${date.seatsLeft === 0 ? "button-outline" : "button-primary"}`}
                    href={contactHref(props, enquiry)}
                  >
                    {t(date.seatsLeft === 0 ? "dates.waitingList" : "dates.enquire")}
                    <span className="visually-hidden">: {enquiry.about}</span>
                  </a>
                </li>
              );
            })}
          </ul>
        )}
        <p className="date-strip-links">
          <a href={`${href("pricing/")}#dates`}>{t("dates.allDates")}</a>
          <a href={href("programme/")}>{t("programme.link")}</a>
        </p>
      </div>
    </section>
  );
}
