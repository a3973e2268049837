/**
 * Google's Event structured data requirements, as a handler of @adobe/structured-data-validator (whose rule
 * engine checks presence and value types, but ships no Event rules of its own).
 *
 * Source: Google Search Central, "Event (Event) structured data",
 * https://developers.google.com/search/docs/appearance/structured-data/event (read 2026-11):
 *  required    name, startDate, location; for a physical location location.address
 *  recommended location.name, description, endDate, eventAttendanceMode, eventStatus, image, offers (availability, price,
 *              priceCurrency, validFrom, url), organizer (name, url), performer (name)
 * Google lists InStock, SoldOut and PreOrder for offers.availability. LimitedAvailability is accepted here
 * too: it is the schema.org ItemAvailability member issue 20 asks for (few seats left), and schema.org's
 * own Event example uses it for tickets.
 */
import Validator, { type Issue } from "@adobe/structured-data-validator";
import BaseValidator from "@adobe/structured-data-validator/src/types/base.js";
import WebAutoExtractor from "@marbec/web-auto-extractor";

const schema = (names: string[]) => names.map((name) => `https://schema.org/${name}`);

export class GoogleEventValidator extends BaseValidator {
  override getConditions() {
    return [
      this.required("name", "string"),
      this.required("startDate", "date"),
      this.required("location", "object"),
      this.required("location.address", "object"),
      this.recommended("location.name", "string"),
      ...["streetAddress", "addressLocality", "postalCode", "addressRegion", "addressCountry"].map((field) =>
        this.recommended(`location.address.${field}`, "string"),
      ),
      this.recommended("description", "string"),
      this.recommended("endDate", "date"),
      this.recommended(
        "eventAttendanceMode",
        "enum",
        ...schema(["OfflineEventAttendanceMode", "OnlineEventAttendanceMode", "MixedEventAttendanceMode"]),
      ),
      this.recommended(
        "eventStatus",
        "enum",
        ...schema(["EventScheduled", "EventCancelled", "EventMovedOnline", "EventPostponed", "EventRescheduled"]),
      ),
      this.recommended("image", "url"),
      this.recommended("offers", "object"),
      this.recommended(
        "offers.availability",
        "enum",
        ...schema(["InStock", "LimitedAvailability", "SoldOut", "PreOrder"]),
      ),
      this.recommended("offers.price", "number"),
      this.recommended("offers.priceCurrency", "currency"),
      this.recommended("offers.validFrom", "date"),
      this.recommended("offers.url", "url"),
      this.recommended("organizer", "object"),
      this.recommended("organizer.name", "string"),
      this.recommended("organizer.url", "url"),
      this.recommended("performer", "object"),
      this.recommended("performer.name", "string"),
    ];
  }
}

/** Event and the subtypes the site uses. */
const eventTypes = ["Event", "EducationEvent"];

/** Validates one page's structured data (JSON-LD, microdata, RDFa) with the package's rules and Google's Event rules. */
export async function validateStructuredData(html: string): Promise<Issue[]> {
  const extracted = new WebAutoExtractor({ addLocation: true, embedSource: ["rdfa", "microdata"] }).parse(html);
  const validator = new Validator();
  for (const type of eventTypes) validator.registeredHandlers[type] = [async () => ({ default: GoogleEventValidator })];
  return validator.validate(extracted);
}
