import type { PageProps } from "../types.ts";
import { calendarHref } from "./calendar.ts";
import { contactHref, dateEnquiry, formatDays, mailtoHref, offerName } from "./enquiry.ts";
import { Icon } from "./Icon.tsx";

/**
 * The training dates of content/site.yaml that have not begun yet, each with its seats left and a
 * pre-filled enquiry (the contact form with JavaScript, an email without). With none left, it says so
 * and invites an enquiry for a date of the visitor's own.
 */
export function UpcomingDates(props: PageProps & { id: string }) {
  const { t, href, site, locale, id } = props;
  const plural = new Intl.PluralRules(locale);
  return (
    <section className="section dates-section" id={id} aria-labelledby={`${id}-title`}>
      <div className="container">
        <div className="section-heading">
          <p className="eyebrow">{t("dates.eyebrow")}</p>
          <h2 id={`${id}-title`}>{t("dates.title")}</h2>
          <p className="section-intro">{t("dates.intro")}</p>
        </div>
        {site.dates.length > 0 ? (
          <ul className="dates">
            {site.dates.map((date) => {
              const enquiry = dateEnquiry(props, date);
              const full = date.seatsLeft === 0;
              return (
                <li className={full ? "date date-full" : "date"} key={date.start}>
                  <p className="date-days">
                    <Icon name="calendar" />
                    <time dateTime={date.start}>{formatDays(date, locale)}</time>
                  </p>
                  {date.offer && <p className="date-offer">{offerName(props, date.offer)}</p>}
                  <p className="date-seats">
                    {full
                      ? t("dates.full")
                      : `${new Intl.NumberFormat(locale).format(date.seatsLeft)} ${t(`dates.seats.${plural.select(date.seatsLeft) === "one" ? "one" : "other"}`)}`}
                  </p>
                  <p className="date-actions">
                    <a className="button button-outline button-small" href={contactHref(props, enquiry)}>
                      {t(full ? "dates.waitingList" : "dates.enquire")}
                      <span className="visually-hidden">: {enquiry.about}</span>
                    </a>
                    <a className="text-link" href={mailtoHref(props, enquiry)}>
                      {t("dates.byEmail")}
                      <span className="visually-hidden">: {enquiry.about}</span>
                    </a>
                    <a className="text-link" href={calendarHref(props, date)} download>
                      {t("dates.addToCalendar")}
                      <span className="visually-hidden">: {enquiry.about}</span>
                    </a>
                  </p>
                </li>
              );
            })}
          </ul>
        ) : (
          <div className="dates-none">
            <p>{t("dates.none")}</p>
            <a className="button button-primary" href={href("contact/")}>
              {t("dates.noneButton")}
            </a>
          </div>
        )}
      </div>
    </section>
  );
}
