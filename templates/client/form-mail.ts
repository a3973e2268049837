/**
 * Sending by the visitor's mail program (design.md §6): the message opens as a `mailto:` link in the same tab,
 * and the panel offers it in Gmail and Outlook on the web too, filled in (issue 35), for visitors whose mail
 * is in the browser. A link over 1,900 characters would be cut off by some programs: it opens nothing and
 * offers the copy instead.
 */
import type { ResultPanel } from "./form-result.ts";
import { mailtoUrl, webmailUrl, type MailMessage, type Webmail } from "./mailto.ts";

// Longer mailto: links are cut off or refused by some browsers and mail programs (design.md §6); Outlook on
// the web takes about 2,000 characters, so the same limit serves its link.
const maxUrlLength = 1900;

/** The `mailto:` way of sending, for this result panel. */
export function mailSender(result: HTMLElement, panel: ResultPanel) {
  const webmail = [...result.querySelectorAll<HTMLAnchorElement>("[data-webmail]")];
  return (message: MailMessage, about: string) => {
    const url = mailtoUrl(message);
    const fits = url.length <= maxUrlLength;
    for (const link of webmail) link.href = webmailUrl(link.dataset["webmail"] as Webmail, message);
    if (fits) openMailto(url);
    panel.show(fits ? "ready" : "too-long", { body: message.body, about });
  };
}

/** Opens the visitor's mail program with the message, in the same tab (design.md §6). */
function openMailto(url: string) {
  window.location.href = url;
}
