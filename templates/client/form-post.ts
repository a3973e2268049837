/**
 * Sending to a form endpoint or Netlify Forms (site.yaml `contact.form`): the form posts with fetch, the
 * button says it is sending, then the "sent" panel takes the form's place; when the service cannot be reached
 * the text is kept and the panel offers the `mailto:` link and the copy.
 */
import { focusPanel, showEnquiry, type ResultPanel } from "./form-result.ts";
import { mailtoUrl, type MailMessage } from "./mailto.ts";

// How long a form endpoint may take to answer before the message counts as not sent.
const sendTimeout = 30_000;
const maxUrlLength = 1900;

/** The posting way of sending, for this form and result panel. */
export function postSender(form: HTMLFormElement, result: HTMLElement, panel: ResultPanel) {
  const submitButton = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const buttonContent = [...(submitButton?.childNodes ?? [])];
  const sent = document.querySelector<HTMLElement>("[data-form-sent]");

  /** While the message is on its way: the button cannot send it twice and says what happens. */
  const setBusy = (busy: boolean) => {
    form.setAttribute("aria-busy", String(busy));
    if (!submitButton) return;
    submitButton.disabled = busy;
    submitButton.replaceChildren(...(busy ? [form.dataset["sending"] ?? ""] : buttonContent));
  };

  return async (message: MailMessage, about: string) => {
    // The mail the service sends on gets the subject the mailto: link would have had.
    const subjectField = form.querySelector<HTMLInputElement>("[data-subject-field]");
    if (subjectField) subjectField.value = message.subject;
    const url = mailtoUrl(message);
    const mailLink = result.querySelector<HTMLAnchorElement>("[data-mail-link]");
    if (mailLink && url.length <= maxUrlLength) mailLink.href = url;

    setBusy(true);
    // A message a bot filled the honeypot of is dropped, as if it were sent.
    let arrived = !!form.querySelector<HTMLInputElement>("[data-trap]")?.value;
    if (!arrived) arrived = await post(form);
    setBusy(false);
    if (!arrived) return panel.show("failed", { body: message.body, about });
    form.hidden = true;
    if (sent) {
      showEnquiry(sent, about);
      sent.hidden = false;
      focusPanel(sent);
    }
  };
}

/** Posts the form's fields to its action; true when the service answered that it took them. */
async function post(form: HTMLFormElement): Promise<boolean> {
  const data = new URLSearchParams();
  // CRLF line breaks, as the browser's own post of the form sends them (HTML: "converting an entry list").
  for (const [name, value] of new FormData(form))
    if (typeof value === "string") data.append(name, value.replace(/\r\n?|\n/g, "\r\n"));
  return fetch(form.action, {
    method: "POST",
    body: data,
    headers: { Accept: "application/json" },
    credentials: "omit",
    // A service that never answers must not leave the form busy: after this long it counts as failed.
    signal: AbortSignal.timeout?.(sendTimeout),
  }).then(
    (response) => response.ok,
    () => false,
  );
}
