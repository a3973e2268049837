import type { PageProps } from "../types.ts";

/** "Your enquiry: Open Training, 15–17 March 2027 (German) · Seats: 2", filled in by the script when sent. */
export function EnquiryLine({ t }: PageProps) {
  return (
    <p className="result-about" data-result-about="" hidden>
      <strong>{t("contact.form.yourEnquiry")}</strong> <span data-about-text="" />
    </p>
  );
}
