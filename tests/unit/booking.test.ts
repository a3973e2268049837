/** The booking rules the pages share (model/booking.ts): from which team size a group price pays off. */
import { describe, expect, it } from "vitest";
import { cheaperFrom } from "../../model/booking.ts";
import type { OfferFigures } from "../../model/content.ts";

const offer = (figures: Omit<OfferFigures, "at">): OfferFigures => ({ at: {}, ...figures });
const site = (team: number | undefined, seat: number, groupSize = 12, currency = "EUR") => ({
  claims: { groupSize } as never,
  offers: {
    open: offer({ price: seat, currency: "EUR", per: "person" }),
    team: offer({ price: team, currency, per: "group", sizes: [6, 8, 10, 12] }),
    custom: offer({ per: "group" }),
  },
});

describe("cheaperFrom", () => {
  it("is the smallest team whose price a head is below an open seat's: 8 for €18,900 against €2,490", () => {
    // 18,900 / 7 = 2,700 is more than a seat; 18,900 / 8 = 2,362.50 is less.
    expect(cheaperFrom(site(18_900, 2_490), "team")).toBe(8);
    expect(cheaperFrom(site(18_900, 2_700), "team")).toBe(8);
    expect(cheaperFrom(site(18_900, 2_701), "team")).toBe(7);
  });

  it("is undefined where a team never pays less within the group size, in another currency, or without a price", () => {
    expect(cheaperFrom(site(40_000, 2_490), "team")).toBeUndefined();
    expect(cheaperFrom(site(18_900, 2_490, 12, "CHF"), "team")).toBeUndefined();
    expect(cheaperFrom(site(undefined, 2_490), "team")).toBeUndefined();
    expect(cheaperFrom(site(18_900, 2_490), "custom")).toBeUndefined();
    expect(cheaperFrom(site(18_900, 2_490), "open")).toBeUndefined();
  });
});
