import type { Offer } from "schema-dts";
import type { OfferFigures } from "../../model/content.ts";

/**
 * What every offer of the structured data says of its price: net, plus VAT, and for businesses only
 * (§ 14 BGB; the site never sells to consumers), as the pages say beside each price. schema.org:
 * a UnitPriceSpecification with `valueAddedTaxIncluded: false`, and the GoodRelations customer type Business.
 */
export function netPriceTerms(
  figures: Pick<OfferFigures, "price" | "currency">,
): Pick<Exclude<Offer, string>, "priceSpecification" | "eligibleCustomerType"> {
  return {
    priceSpecification: {
      "@type": "UnitPriceSpecification",
      price: figures.price,
      priceCurrency: figures.currency,
      valueAddedTaxIncluded: false,
    },
    eligibleCustomerType: { "@id": "http://purl.org/goodrelations/v1#Business" },
  };
}
