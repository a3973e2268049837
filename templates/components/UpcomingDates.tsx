import { dateOffer, seatsState, type Seats } from "../../model/booking.ts";
import type { TrainingDate } from "../../model/content.ts";
import type { PageProps } from "../types.ts";
import { calendarHref } from "./calendar.ts";
import { contactHref, dateEnquiry, formatDays, mailtoHref, offerName } from "./enquiry.ts";
import { Icon } from "./Icon.tsx";
import { languageName } from "./language-name.ts";
import { Reassurance } from "./Reassurance.tsx";

/**
 * The training dates of content/site.yaml that have not begun yet, in date order: the soonest first, whatever
 * its language (issue 35: an order by language looked random). Each card says what a buyer decides on: the
 * days, the language it is taught in, the offer, its price and the seats left, with one button to the enquiry
 * pre-filled with offer and date (the waiting list once the date is full). Where the dates are taught in more
 * than one language, a filter shows one language's alone (templates/client/date-filter.ts; without JavaScript
 * every date shows). With no date left, it says so and invites an enquiry for a date of the visitor's own.
 * Below the cards, the notice that the prices are net and for businesses, unless the page says it above them.
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
            <LanguageFilter {...props} />
            <ul className="dates">
              {site.dates.map((date) => (
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

/**
 * "Language: All 4 · English 2 · German 2": toggle buttons the script reveals and wires up. The page's own
 * language comes first after "All"; nothing is filtered until a visitor asks.
 */
function LanguageFilter({ t, site, locale, id }: PageProps & { id: string }) {
  const languages = datesByLanguage(site.dates, locale);
  if (languages.length < 2) return null;
  const number = new Intl.NumberFormat(locale);
  const option = (show: string, label: string, count: number) => (
    <button type="button" aria-pressed={show === ""} data-show={show} key={show}>
      {label} <span className="date-filter-count">{number.format(count)}</span>
    </button>
  );
  return (
    <div className="date-filter" role="group" aria-labelledby={`${id}-filter`} data-date-filter="" hidden>
      <span id={`${id}-filter`}>{t("dates.language")}:</span>
      {option("", t("dates.filterAll"), site.dates.length)}
      {languages.map(([code, count]) => option(code, languageName(code, locale), count))}
    </div>
  );
}

function DateCard(props: PageProps & { date: TrainingDate }) {
  const { t, locale, date, content, site } = props;
  const enquiry = dateEnquiry(props, date);
  const calendarFile = calendarHref(props, date);
  const seats = seatsState(date, Number(site.claims.groupSize));
  const { wording: offer, price } = dateOffer(site, content, date) ?? {};
  const language = date.language ?? locale;
  return (
    <li className={`date date-${seats}`} data-language={language}>
      <p className="date-days">
        <Icon name="calendar" />
        <time dateTime={date.start}>{formatDays(date, content.formats)}</time>
      </p>
      <p className="date-language">
        <Icon name="globe" />
        <span className="visually-hidden">{t("dates.language")}: </span>
        {languageName(language, locale)}
      </p>
      {date.offer && <p className="date-offer">{offerName(props, date.offer)}</p>}
      {price && (
        <p className="date-price">
          <span className="price">{price}</span> <span className="date-unit">{offer?.unit}</span>
        </p>
      )}
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
 * The languages the dates are taught in, each with its number of dates: the page's language first, then the
 * others in the order their first date comes. Dates without a language count as the page's.
 */
export function datesByLanguage(dates: readonly TrainingDate[], locale: string): [string, number][] {
  const counts = new Map<string, number>([[locale, 0]]);
  for (const date of dates) counts.set(date.language ?? locale, (counts.get(date.language ?? locale) ?? 0) + 1);
  return [...counts].filter(([, count]) => count > 0);
}

/**
 * The next `count` dates in date order, with the page's language's next one among them: a reader of this
 * language never meets only dates in another (the last of the others makes room for it; the order stays by
 * date).
 */
export function nextDates(dates: readonly TrainingDate[], locale: string, count: number): TrainingDate[] {
  const inLanguage = (date: TrainingDate) => (date.language ?? locale) === locale;
  const next = dates.slice(0, count);
  const own = dates.find(inLanguage);
  if (own && next.length > 0 && !next.some(inLanguage)) next[next.length - 1] = own;
  return next;
}
