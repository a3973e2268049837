import { lowestPersonOffer, offerPrice } from "../../model/booking.ts";
import type { PageProps } from "../types.ts";

/** Pages that are the destination themselves, or a sheet to print: no bar pointing elsewhere. */
const withoutBar = new Set(["contact", "contact-sent", "programme", "not-found"]);

/**
 * On phones, the way to a seat is never more than a thumb away: "From €2,490 · Request a Seat" at the
 * bottom of the screen, the lowest per-person price of content/site.yaml. Shown by the stylesheet only on
 * narrow screens, and hidden while the consent banner is open or a field has focus (components.css).
 */
export function StickyBar(props: PageProps) {
  const { t, href, site, content, page } = props;
  if (withoutBar.has(page)) return null;
  const cheapest = lowestPersonOffer(site);
  const lowest = cheapest ? offerPrice(content, cheapest) : undefined;
  return (
    <aside className="sticky-bar" aria-label={t("sticky.label")}>
      {lowest && (
        <p className="sticky-price">
          {t("sticky.from")} <span className="price-small">{lowest}</span>
        </p>
      )}
      <a
        className="button button-primary button-small"
        href={page === "pricing" ? "#dates" : `${href("pricing/")}#dates`}
      >
        {t("dates.enquire")}
      </a>
    </aside>
  );
}
