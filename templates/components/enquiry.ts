/**
 * Pre-filled enquiries (issue 13, "dates a buyer can plan with"): for a training date or an offer, the
 * contact page's link with `?date=`/`?offer=` that the form script reads, and a `mailto:` link whose
 * subject carries the same, for visitors without JavaScript (RFC 6068 encoding, as the form uses).
 */
import { dateOffer } from "../../model/booking.ts";
import type { TrainingDate } from "../../model/content.ts";
import type { FormEnquiry } from "../client/form-enquiry.ts";
import { mailtoUrl } from "../client/mailto.ts";
import type { PageProps } from "../types.ts";
import { languageName } from "./language-name.ts";

/** What an enquiry is about, in the page's language. */
export interface Enquiry extends FormEnquiry {
  /** `?date=2027-03-15` or `?offer=team`: the key the contact form looks the enquiry up by. */
  key: string;
}

/**
 * "15.–17. März 2027", "15–17 March 2027": a span of days as a language writes it, by the regional form its
 * writing rules name (`content.formats`: en-GB, de-DE).
 */
export function formatDays(date: Pick<TrainingDate, "start" | "end">, formats: string): string {
  // ICU makes each text afresh (30 µs), and the pages with dates ask for each span several times.
  const key = `${formats} ${date.start} ${date.end}`;
  let text = formattedDays.get(key);
  if (text === undefined) {
    text = dayFormat(formats)
      .formatRange(new Date(`${date.start}T00:00:00Z`), new Date(`${date.end}T00:00:00Z`))
      // A range of bare numbers takes a closed en dash, "26–28 April" (ICU spaces it in British English);
      // one between two dates with their months keeps its spaces, "26 April – 2 May".
      .replace(/(\d)\s–\s(\d)/gu, "$1–$2");
    formattedDays.set(key, text);
  }
  return text;
}

/** "28 November 2026", "28. November 2026": one day, as `formatDays` writes a span. */
export const formatDay = (day: string, formats: string): string =>
  dayFormat(formats).format(new Date(`${day}T00:00:00Z`));

/** Spans of days as written, by locale, start and end: the same text for the same three, build after build. */
const formattedDays = new Map<string, string>();

/** One formatter per regional form: making one loads its data, about a twentieth of a page's rendering. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(formats: string): Intl.DateTimeFormat {
  let format = dayFormats.get(formats);
  if (!format) {
    const options = { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" } as const;
    format = new Intl.DateTimeFormat(formats, options);
    dayFormats.set(formats, format);
  }
  return format;
}

/** The offer's name in this language, from the pricing page's wording. */
export function offerName({ content }: PageProps, offer: string | undefined): string | undefined {
  return offer ? content.pages["pricing"]?.offers?.[offer]?.name : undefined;
}

/**
 * The enquiry for one training date, with its language and its price per seat (for the form's net total);
 * for a fully booked date, the request to join its waiting list, so the owner can tell the two apart in every
 * form mode (its subject and first line say so).
 */
export function dateEnquiry(props: PageProps, date: TrainingDate): Enquiry {
  const about = [offerName(props, date.offer), formatDays(date, props.content.formats)].filter(Boolean).join(", ");
  const figures = dateOffer(props.site, props.content, date)?.figures;
  const kind = date.seatsLeft === 0 ? "waitingList" : "enquiry";
  return {
    ...enquiry(props, `date=${date.start}`, about, kind),
    language: languageName(date.language ?? props.locale, props.locale),
    ...(kind === "enquiry" && figures?.per === "person" && priced(figures)),
  };
}

/** The enquiry for one offer, without a date: a request for a written quote, to forward for sign-off. */
export function offerEnquiry(props: PageProps, offer: string): Enquiry {
  const figures = props.site.offers[offer];
  return {
    ...enquiry(props, `offer=${offer}`, offerName(props, offer) ?? offer, "quote"),
    ...(figures?.per === "group" && priced(figures)),
  };
}

/** An offer's net price and currency, when it has both. */
const priced = (figures: { price?: number; currency?: string }) =>
  figures.price !== undefined && figures.currency ? { price: figures.price, currency: figures.currency } : {};

/** Each kind of enquiry's subject and first line, as dictionary keys. */
const wording = {
  enquiry: { subject: "contact.form.mailSubject", about: "contact.form.enquiryAbout" },
  waitingList: { subject: "contact.form.waitingListSubject", about: "contact.form.waitingListAbout" },
  quote: { subject: "contact.form.quoteSubject", about: "contact.form.quoteAbout" },
} as const;

function enquiry({ t }: PageProps, key: string, about: string, kind: keyof typeof wording): Enquiry {
  return {
    key,
    kind,
    about,
    subject: `${t(wording[kind].subject)} – ${about}`,
    message: `${t(wording[kind].about)} ${about}.`,
  };
}

/** The contact page, opened on this enquiry. */
export const contactHref = ({ href }: PageProps, enquiry: Enquiry) => `${href("contact/")}?${enquiry.key}#form-title`;

/**
 * The same enquiry as an email, for visitors without JavaScript: its subject names the offer and the date, and the
 * waiting list where it is one, so the body is left to the visitor (a first line that said it again cost each
 * date card 0.1 KB of the page, issue 35).
 */
export const mailtoHref = ({ site }: PageProps, enquiry: Enquiry) =>
  mailtoUrl({ to: site.contact.email, subject: enquiry.subject, body: "" });
