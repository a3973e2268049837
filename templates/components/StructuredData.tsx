import type { PageProps } from "../types.ts";

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
    address: {
      "@type": "PostalAddress",
      streetAddress: site.legal.street,
      postalCode: site.legal.postalCode,
      addressLocality: site.legal.city,
      addressRegion: site.legal.region,
      addressCountry: site.legal.countryCode,
    },
    geo: { "@type": "GeoCoordinates", latitude: site.location.latitude, longitude: site.location.longitude },
    sameAs: Object.values(site.social),
  };
}

/** The 3-day on-site course (schema.org Course), with the prices of the pricing page. */
export function courseData({ site, url, t, content, locale }: PageProps) {
  const offers = (content.pages["pricing"]?.offers ?? []).filter((offer) => offer.price !== undefined);
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: t("schema.courseName"),
    description: t("schema.courseDescription"),
    url: url("training-details/"),
    inLanguage: locale,
    provider: { "@id": `${url("")}#business` },
    offers: offers.map((offer) => ({
      "@type": "Offer",
      name: offer.name,
      category: "Paid",
      price: offer.price,
      priceCurrency: "EUR",
      url: url("pricing/"),
    })),
    hasCourseInstance: {
      "@type": "CourseInstance",
      courseMode: "Onsite",
      // Google's Course info: one session a day, on as many days as the training lasts.
      courseSchedule: {
        "@type": "Schedule",
        duration: "PT8H",
        repeatFrequency: "Daily",
        repeatCount: Number(site.claims.trainingDays),
      },
      location: {
        "@type": "Place",
        name: site.name,
        address: {
          "@type": "PostalAddress",
          postalCode: site.legal.postalCode,
          addressLocality: site.legal.city,
          addressRegion: site.legal.region,
          addressCountry: site.legal.countryCode,
        },
      },
    },
  };
}
