/**
 * The booking rules of a training date, one place for the date cards, the structured data and the
 * calendar files: how full a date is, what search engines are told about it, where its calendar file
 * lives and what it is called, and the offer it is sold under.
 */
import type { LocaleContent, Offer, OfferFigures, Site, TrainingDate } from "./content.ts";

/** At most this many seats left, a date is nearly full: "few" on its card, LimitedAvailability to search engines. */
export const fewSeats = 3;

/** How full a date is: all seats free, some taken, only a few left, or none. */
export type Seats = "open" | "some" | "few" | "full";

/** A date's seats against the group size (site.yaml `claims.groupSize`). */
export function seatsState(date: Pick<TrainingDate, "seatsLeft">, groupSize: number): Seats {
  if (date.seatsLeft === 0) return "full";
  if (date.seatsLeft <= fewSeats) return "few";
  return date.seatsLeft >= groupSize ? "open" : "some";
}

/** A date's schema.org availability, from its seats left: sold out at 0, limited at `fewSeats` or fewer. */
export function availability(date: Pick<TrainingDate, "seatsLeft">) {
  if (date.seatsLeft === 0) return "https://schema.org/SoldOut" as const;
  if (date.seatsLeft <= fewSeats) return "https://schema.org/LimitedAvailability" as const;
  return "https://schema.org/InStock" as const;
}

/**
 * The output path of a date's calendar file in one language, `calendar/2027-03-15.en.ics`: where the build
 * writes it and what the date card links ("Add to calendar").
 */
export const calendarFile = (start: string, locale: string) => `calendar/${start}.${locale}.ics`;

/** A date with a seat to pencil in has a calendar file; a fully booked one has none, nor its "Add to calendar". */
export const hasCalendarFile = (date: Pick<TrainingDate, "seatsLeft">) => date.seatsLeft > 0;

/**
 * "Open Training: 3-Day Sales Training on the Ranch": the offer's name, then the course's; the course's
 * alone for a date without an offer. The JSON-LD event and the calendar file's SUMMARY both say it.
 */
export const eventName = (offerName: string | undefined, courseName: string) =>
  offerName ? `${offerName}: ${courseName}` : courseName;

/** The offer a date is sold under, in one language: its wording, its price as printed there, and its figures. */
export interface DateOffer {
  /** The pricing page's wording of the offer (name, unit, …). */
  wording?: Offer;
  /** The price as this language prints it ("2.490 €"); none for an offer "on request". */
  price?: string;
  /** The offer's numbers in site.yaml (price, currency). */
  figures?: OfferFigures;
}

/** An offer's price as one language prints it ("2.490 €"); undefined for an offer "on request". */
export const offerPrice = (locale: Pick<LocaleContent, "facts">, offer: string): string | undefined =>
  locale.facts.get(`offers.${offer}.price`);

/** The offer with the lowest price per person: what "From €2,490" quotes. */
export function lowestPersonOffer(site: Pick<Site, "offers">): string | undefined {
  const priced = Object.entries(site.offers).filter(([, offer]) => offer.per === "person" && offer.price !== undefined);
  return priced.sort(([, a], [, b]) => a.price! - b.price!)[0]?.[0];
}

/** The offer of `date` in one language; undefined for a date without an offer. */
export function dateOffer(
  site: Pick<Site, "offers">,
  locale: Pick<LocaleContent, "pages" | "facts">,
  date: Pick<TrainingDate, "offer">,
): DateOffer | undefined {
  if (!date.offer) return undefined;
  return {
    wording: locale.pages["pricing"]?.offers?.[date.offer],
    price: offerPrice(locale, date.offer),
    figures: site.offers[date.offer],
  };
}

/**
 * The smallest team from which a group offer costs less a head than a seat of the cheapest per-person offer,
 * within the group size (issue 35: a team of six paid €660 a head more than six open seats); undefined when it
 * never does, or the two are in different currencies.
 */
export function cheaperFrom(site: Pick<Site, "offers" | "claims">, offer: string): number | undefined {
  const group = site.offers[offer];
  const seatOffer = lowestPersonOffer(site);
  const seat = seatOffer ? site.offers[seatOffer] : undefined;
  if (group?.per !== "group" || group.price === undefined || seat?.price === undefined) return undefined;
  if (group.currency !== seat.currency) return undefined;
  for (let size = 1; size <= Number(site.claims.groupSize); size++)
    if (Math.round(group.price / size) < seat.price) return size;
  return undefined;
}
