/**
 * The ten routes of design.md §2, written out by hand: tests check the generator against this
 * contract, so it is not derived from generator/routes.ts.
 */
export const routes = [
  "/",
  "/about-me/",
  "/references/",
  "/contact/",
  "/pricing/",
  "/training-details/",
  "/imprint/",
  "/privacy-policy/",
  "/terms-of-service/",
  "/cookie-policy/",
] as const;
