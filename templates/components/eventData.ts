import type { EducationEvent, WithContext } from "schema-dts";
import type { PageProps } from "../types.ts";
import { netPriceTerms } from "./netPrice.ts";
import { availability, dateOffer, eventName } from "../../model/booking.ts";
import { offerName } from "./enquiry.ts";
import { placeData } from "./StructuredData.tsx";

/**
 * Each upcoming date as a schema.org EducationEvent (issue 20), for Google's event results: Google retired
 * the Course rich result in 2025, and an Event is what can still show. With the properties Google's Event
 * documentation requires (name, startDate, location with its address) and recommends (description,
 * endDate, eventStatus, eventAttendanceMode, image, offers, organizer, performer), in the page's language.
 *
 * `offers.validFrom` is the build's day, the same "today" by which begun dates drop off the site
 * (SOURCE_DATE_EPOCH when set, so it is reproducible). The content records no day a date went on sale,
 * and every date the site lists can be booked the day it is built: the only day it knows to be true.
 * A fixed rule such as "a year before the start" would tell search engines that a date listed earlier
 * is not on sale yet.
 */
export function eventData(props: PageProps): WithContext<EducationEvent>[] {
  const { site, t, url, locale, assets, content } = props;
  const home = url("");
  const pricing = url("pricing/");
  return site.dates.map((date): WithContext<EducationEvent> => {
    const figures = dateOffer(site, content, date)?.figures;
    const name = offerName(props, date.offer);
    return {
      "@context": "https://schema.org",
      "@type": "EducationEvent",
      name: eventName(name, t("schema.courseName")),
      description: t("schema.courseDescription"),
      inLanguage: date.language ?? locale,
      startDate: date.start,
      endDate: date.end,
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: placeData(site),
      organizer: { "@type": "LocalBusiness", "@id": `${home}#business`, name: site.name, url: home },
      performer: { "@type": "Person", name: site.legal.owner, url: url("about-me/") },
      image: assets.ogImages[locale]!,
      url: pricing,
      ...(figures?.price !== undefined &&
        figures.currency && {
          offers: {
            "@type": "Offer",
            ...(name && { name }),
            price: figures.price,
            priceCurrency: figures.currency,
            ...netPriceTerms(figures),
            availability: availability(date),
            validFrom: site.builtAt.slice(0, 10),
            url: pricing,
          },
        }),
    };
  });
}
