import { dateOffer, seatsState, type Seats } from "../../model/booking.ts";
import type { TrainingDate } from "../../model/content.ts";
import type { PageProps } from "../types.ts";
import { calendarHref } from "./calendar.ts";
import { contactHref, dateEnquiry, formatDays, mailtoHref, offerName } from "./enquiry.ts";
import { Icon } from "./Icon.tsx";
import { Reassurance } from "./Reassurance.tsx";

/**
 * The training dates of content/site.yaml that have not begun yet. Each card says what a buyer decides on:
 * the days, the offer, its price, the language it is taught in and the seats left, with one button to the
 * enquiry pre-filled with offer and date (the waiting list once the date is full). With no date left, it
 * says so and invites an enquiry for a date of the visitor's own. Below the cards, the notice that the prices
 * are net and for businesses, unless the page says it above them.
 */
export function UpcomingDates(props: PageProps & { id: string; netPricesNote?: boolean; reassurance?: boolean }) {
  const { t, href, site, id, netPricesNote = true, reassurance = true } = props;
  return (
    <section className="section dates-section" id={id} aria-labelledby={`${id}-title`}>
      <div className="container">
        <div className="section-heading">
          <p className="eyebrow">{t("dates.eyebrow")}</p>
          <h2 id={`${id}-title`}>{t("dates.title")}</h2>
          <p className="section-intro">{t("dates.intro")}</p>
        </div>
        {site.dates.length > 0 ? (
          <>
            <ul className="dates">
              {datesInPageLanguageFirst(site.dates, props.locale).map((date) => (
                <DateCard {...props} date={date} key={date.start} />
              ))}
            </ul>
            {netPricesNote && <p className="dates-note">{t("pricing.netPrices")}</p>}
            {reassurance && <Reassurance {...props} />}
          </>
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

function DateCard(props: PageProps & { date: TrainingDate }) {
  const { t, date, content, site } = props;
  const enquiry = dateEnquiry(props, date);
  const calendarFile = calendarHref(props, date);
  const seats = seatsState(date, Number(site.claims.groupSize));
  const { wording: offer, price } = dateOffer(site, content, date) ?? {};
  return (
    <li className={`date date-${seats}`}>
      <p className="date-days">
        <Icon name="calendar" />
        <time dateTime={date.start}>{formatDays(date, content.formats)}</time>
      </p>
      {date.offer && <p className="date-offer">{offerName(props, date.offer)}</p>}
      <dl className="date-facts">
        {price && (
          <div className="date-price">
            <dt className="visually-hidden">{t("dates.price")}</dt>
            <dd>
              <span className="price">{price}</span> <span className="date-unit">{offer?.unit}</span>
            </dd>
          </div>
        )}
        {date.language && (
          <div className="date-language">
            <dt>
              <Icon name="globe" />
              {t("dates.language")}:
            </dt>{" "}
            <dd>{languageName(date.language, content.formats)}</dd>
          </div>
        )}
      </dl>
      <p className="date-seats">{seatsText(props, date, seats)}</p>
      <p className="date-actions">
        <a
          className={seats === "full" ? "button button-outline button-small" : "button button-primary button-small"}
          href={contactHref(props, enquiry)}
        >
          {t(seats === "full" ? "dates.waitingList" : "dates.enquire")}
          <span className="visually-hidden">: {enquiry.about}</span>
        </a>
        {calendarFile && (
          <a className="text-link" href={calendarFile} download>
            {t("dates.addToCalendar")}
            <span className="visually-hidden">: {enquiry.about}</span>
          </a>
        )}
        {/* Without JavaScript the form cannot be filled in from the link: the date's own email is offered too. */}
        <noscript>
          <a className="text-link" href={mailtoHref(props, enquiry)}>
            {t("dates.byEmail")}
            <span className="visually-hidden">: {enquiry.about}</span>
          </a>
        </noscript>
      </p>
    </li>
  );
}

/** "4 seats left"; with every seat free "Booking open", since "12 of 12 free" says nobody has booked yet. */
function seatsText({ t, content }: PageProps, date: TrainingDate, seats: Seats): string {
  if (seats === "full") return t("dates.full");
  if (seats === "open") return t("dates.bookingOpen");
  const form = new Intl.PluralRules(content.formats).select(date.seatsLeft) === "one" ? "one" : "other";
  return `${new Intl.NumberFormat(content.formats).format(date.seatsLeft)} ${t(`dates.seats.${form}`)}`;
}

/**
 * The dates taught in the page's language first, each group by its start: an English reader meets an
 * English course first. Dates without a language count as the page's.
 */
export function datesInPageLanguageFirst(dates: readonly TrainingDate[], locale: string): TrainingDate[] {
  const other = (date: TrainingDate) => (date.language && date.language !== locale ? 1 : 0);
  return [...dates].sort((a, b) => other(a) - other(b));
}

/** "German", "Englisch": the language of a date, named in the page's language. */
export function languageName(code: string, formats: string): string {
  let names = languageNames.get(formats);
  if (!names) languageNames.set(formats, (names = new Intl.DisplayNames(formats, { type: "language" })));
  return names.of(code) ?? code;
}
const languageNames = new Map<string, Intl.DisplayNames>();
