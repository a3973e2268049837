import type { PageProps } from "../types.ts";

/**
 * The risk taken off the decision, under the dates and the prices: free cancellation up to the days the
 * terms name (site.yaml `booking.freeCancellationDays`), a colleague may take the seat, the invoice goes to
 * the company; then the way to the questions and answers.
 */
export function Reassurance({ t, href }: PageProps) {
  return (
    <p className="reassurance">
      <span>{t("pricing.reassurance")}</span> <a href={href("faq/")}>{t("pricing.faqLink")}</a>
    </p>
  );
}
