/**
 * A plain link to the ranch on Google Maps (site.yaml `location.mapsUrl`): nothing is embedded, so Google
 * hears of the visitor only when they click it, as the privacy and cookie policies say. The hidden note
 * tells screen-reader users that it leaves the site; the visible text comes first (WCAG 2.5.3).
 */
export function MapLink({ href, text, note }: { href: string; text: string; note: string }) {
  return (
    <a className="map-link" href={href} rel="noopener">
      {text}
      <span className="visually-hidden"> ({note})</span>
    </a>
  );
}
