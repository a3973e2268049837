import { availability } from "../../model/booking.ts";
import type { Site } from "../../model/content.ts";
import type { PageProps } from "../types.ts";
import { netPriceTerms } from "./netPrice.ts";

/** JSON-LD, with `<` escaped so no text can close the script element. */
export function JsonLd({ data }: { data: object }) {
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}

/** The business (schema.org LocalBusiness), on every page. */
export function businessData({ site, url, t }: PageProps) {
  const home = url("");
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${home}#business`,
    name: site.name,
    description: t("footer.about"),
    url: home,
    email: site.contact.email,
    telephone: site.contact.phone,
    founder: { "@type": "Person", name: site.legal.owner },
    address: placeData(site).address,
    geo: { "@type": "GeoCoordinates", latitude: site.location.latitude, longitude: site.location.longitude },
    sameAs: Object.values(site.social),
  };
}

/**
 * The on-site course (schema.org Course): its priced offers from content/site.yaml, named in the page's
 * language, and one CourseInstance per upcoming date (or one without dates when none is planned).
 */
export function courseData(props: PageProps) {
  const { site, url, t, content, locale } = props;
  const wording = content.pages["pricing"]?.offers ?? {};
  const offer = (name: string) => {
    const figures = site.offers[name];
    if (figures?.price === undefined || !figures.currency) return undefined;
    return {
      "@type": "Offer",
      name: wording[name]?.name ?? name,
      category: "Paid",
      price: figures.price,
      priceCurrency: figures.currency,
      ...netPriceTerms(figures),
      url: url("pricing/"),
    };
  };
  const days = Number(site.claims.trainingDays);
  const location = placeData(site);
  // Google's Course info: one session a day, on as many days as the training lasts.
  const schedule = (repeatCount: number) => ({
    "@type": "Schedule",
    duration: "PT8H",
    repeatFrequency: "Daily",
    repeatCount,
  });
  const instances = site.dates.map((date) => {
    const dateOffer = date.offer ? offer(date.offer) : undefined;
    return {
      "@type": "CourseInstance",
      courseMode: "Onsite",
      startDate: date.start,
      endDate: date.end,
      courseSchedule: schedule(daysBetween(date.start, date.end)),
      location,
      ...(dateOffer && {
        offers: {
          ...dateOffer,
          availability: availability(date),
        },
      }),
    };
  });
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: t("schema.courseName"),
    description: t("schema.courseDescription"),
    url: url("training-details/"),
    inLanguage: locale,
    provider: { "@id": `${url("")}#business` },
    offers: Object.keys(site.offers)
      .map(offer)
      .filter((entry) => entry !== undefined),
    hasCourseInstance:
      instances.length > 0
        ? instances
        : { "@type": "CourseInstance", courseMode: "Onsite", courseSchedule: schedule(days), location },
  };
}

/** Calendar days from start to end, both included. */
function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The ranch as the place of the training: its name and postal address (schema.org Place). */
export function placeData(site: Site) {
  return {
    "@type": "Place",
    name: site.name,
    address: {
      "@type": "PostalAddress",
      streetAddress: site.legal.street,
      postalCode: site.legal.postalCode,
      addressLocality: site.legal.city,
      addressRegion: site.legal.region,
      addressCountry: site.legal.countryCode,
    },
  } as const;
}
