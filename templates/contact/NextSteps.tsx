import type { PageProps } from "../types.ts";

/**
 * What the owner does with the enquiry, and when (issue 35); `mail`: first, the visitor sends the email.
 * Its heading is an h3 inside the form's card, an h2 on a page of its own.
 */
export function NextSteps({ t, mail = false, level = 3 }: Pick<PageProps, "t"> & { mail?: boolean; level?: 2 | 3 }) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <div className="next-steps">
      <Heading>{t("contact.next.title")}</Heading>
      <ol>
        {mail && <li>{t("contact.next.send")}</li>}
        <li>{t("contact.next.reply")}</li>
        <li>{t("contact.next.invoice")}</li>
      </ol>
    </div>
  );
}
