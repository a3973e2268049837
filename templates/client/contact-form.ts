/**
 * The contact form (design.md §6): translated inline validation, then the message opens as a `mailto:`
 * link in the same tab, with the address and a copy button for visitors without a mail program.
 * Without JavaScript the markup is a plain `mailto:` form that still works.
 * With a form endpoint (site.yaml `contact.form`) the form posts there instead, with fetch: a sending
 * state, then "sent", or on failure the message kept, with the mail link and the copy button.
 */
import { composeBody, mailtoUrl } from "./mailto.ts";

type Control = HTMLInputElement | HTMLTextAreaElement;

// Longer mailto: links are cut off or refused by some browsers and mail programs (design.md §6).
const maxUrlLength = 1900;
// How long a form endpoint may take to answer before the message counts as not sent.
const sendTimeout = 30_000;
// On top of the browser's own check, which accepts "name@company": a dot in the domain.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const form = document.querySelector<HTMLFormElement>("[data-contact-form]");
const result = document.querySelector<HTMLElement>("[data-form-result]");
if (form && result) setUpForm(form, result);

function setUpForm(form: HTMLFormElement, result: HTMLElement) {
  const text = (key: string) => form.dataset[key] ?? "";
  const control = (name: string) => form.querySelector<Control>(`[data-field="${name}"]`);
  const fields = ["name", "email", "company", "message"].map(control).filter((field): field is Control => !!field);
  const copyButton = result.querySelector<HTMLButtonElement>("[data-copy-message]");
  const copyStatus = result.querySelector<HTMLElement>("[data-copy-status]");
  const copyText = result.querySelector<HTMLTextAreaElement>("[data-copy-text]");
  let body = "";

  // Our messages replace the browser's bubbles: translated, inline, and tied to their fields.
  form.noValidate = true;

  // A date's or an offer's enquiry link (`?date=2027-03-15`, `?offer=team`) opens the form on it.
  const enquiry = findEnquiry(form, new URLSearchParams(location.search));
  const messageField = control("message");
  if (enquiry && messageField && !messageField.value) messageField.value = `${enquiry.message}\n\n`;

  const problem = (field: Control): string => {
    const value = field.value.trim();
    switch (field.dataset["field"]) {
      case "name":
        return value ? "" : text("errorName");
      case "email":
        if (!value) return text("errorEmail");
        return emailPattern.test(value) && !field.validity.typeMismatch ? "" : text("errorEmailInvalid");
      case "company":
        return value ? "" : text("errorCompany");
      case "message":
        return value ? "" : text("errorMessage");
      default:
        return "";
    }
  };

  /** Shows or clears a field's message; the field's aria-describedby already points at it. */
  const check = (field: Control): boolean => {
    const message = problem(field);
    const error = field.closest(".field")?.querySelector<HTMLElement>(".field-error");
    if (error) {
      error.textContent = message;
      error.hidden = !message;
    }
    if (message) field.setAttribute("aria-invalid", "true");
    else field.removeAttribute("aria-invalid");
    return !message;
  };

  // Focus with its context in view, not just the element's box: a field with its label and message
  // (WCAG 3.3.1), the result with the card's heading (the long form it replaces may have scrolled away).
  const focusField = (field: Control) => {
    field.closest(".field")?.scrollIntoView({ block: "nearest" });
    field.focus({ preventScroll: true });
  };
  const focusResult = () => {
    (result.closest("section") ?? result).scrollIntoView({ block: "start" });
    result.focus({ preventScroll: true });
  };

  /** The result in one of its states: `ready` (mailto: opened), `too-long`, or `failed` (the post did not arrive). */
  const showResult = (state: "ready" | "too-long" | "failed") => {
    for (const name of ["ready", "too-long", "failed"])
      for (const element of result.querySelectorAll<HTMLElement>(`[data-result-${name}]`))
        element.hidden = name !== state;
    result.dataset["state"] = state;
    if (copyStatus) copyStatus.textContent = "";
    if (copyText) copyText.hidden = true;
    form.hidden = true;
    result.hidden = false;
    focusResult();
  };

  const sending = form.dataset["sending"] !== undefined;
  const submitButton = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const sent = document.querySelector<HTMLElement>("[data-form-sent]");
  const buttonContent = [...(submitButton?.childNodes ?? [])];

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (form.getAttribute("aria-busy") === "true") return;
    const invalid = fields.filter((field) => !check(field));
    if (invalid[0]) return focusField(invalid[0]);
    const values = fields.map((field) => field.value.trim());
    const message = values.pop() ?? "";
    // The body lists each field under its visible label, as the mailto: form without JavaScript does.
    body = composeBody(
      fields.slice(0, -1).map((field, index) => [field.dataset["label"] ?? field.name, values[index] ?? ""]),
      message,
    );
    const subject = enquiry ? `${enquiry.subject} – ${values[0]}` : `${text("subject")} – ${values[0]}`;
    const url = mailtoUrl({ to: text("email"), subject, body });
    const fits = url.length <= maxUrlLength;
    if (!sending) {
      if (fits) openMailto(url);
      return showResult(fits ? "ready" : "too-long");
    }
    // The mail the service sends on gets the subject the mailto: link would have had.
    const subjectField = form.querySelector<HTMLInputElement>("[data-subject-field]");
    if (subjectField) subjectField.value = subject;
    const mailLink = result.querySelector<HTMLAnchorElement>("[data-mail-link]");
    if (mailLink && fits) mailLink.href = url;
    void send();
  });

  /** Posts the form to its endpoint; a message a bot filled the honeypot of is dropped, as if it were sent. */
  const send = async () => {
    const trap = form.querySelector<HTMLInputElement>("[data-trap]");
    setBusy(true);
    let arrived = !!trap?.value;
    if (!arrived) {
      const data = new URLSearchParams();
      // CRLF line breaks, as the browser's own post of the form sends them (HTML: "converting an entry list").
      for (const [name, value] of new FormData(form))
        if (typeof value === "string") data.append(name, value.replace(/\r\n?|\n/g, "\r\n"));
      arrived = await fetch(form.action, {
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
    setBusy(false);
    if (!arrived) return showResult("failed");
    form.hidden = true;
    if (sent) {
      sent.hidden = false;
      (sent.closest("section") ?? sent).scrollIntoView({ block: "start" });
      sent.focus({ preventScroll: true });
    }
  };

  /** While the message is on its way: the button cannot send it twice and says what happens. */
  const setBusy = (busy: boolean) => {
    form.setAttribute("aria-busy", String(busy));
    if (!submitButton) return;
    submitButton.disabled = busy;
    submitButton.replaceChildren(...(busy ? [text("sending")] : buttonContent));
  };

  // After a failed submit, a field's message goes away as soon as its value is right.
  form.addEventListener("input", (event) => {
    const field = event.target as Control;
    if (field.getAttribute("aria-invalid") === "true") check(field);
  });

  result.querySelector("[data-edit-message]")?.addEventListener("click", () => {
    result.hidden = true;
    form.hidden = false;
    const message = control("message");
    if (message) focusField(message);
  });

  copyButton?.addEventListener("click", async () => {
    let copied =
      (await navigator.clipboard?.writeText(body).then(
        () => true,
        () => false,
      )) ?? false;
    if (!copied && copyText) {
      // No Clipboard API (insecure context, older browser) or no permission: select the text and try the
      // older way; if that fails too, the selected text stays in view for the visitor to copy.
      copyText.value = body;
      copyText.hidden = false;
      copyText.focus();
      copyText.select();
      copied = document.execCommand("copy");
      if (copied) {
        copyText.hidden = true;
        copyButton.focus();
      }
    }
    if (copyStatus) {
      copyStatus.textContent = (copied ? copyButton.dataset["copied"] : copyButton.dataset["copyFailed"]) ?? "";
      copyStatus.toggleAttribute("data-failed", !copied);
    }
  });
}

/** The enquiry a link asked for, among those the page lists; anything else in the address is ignored. */
function findEnquiry(form: HTMLFormElement, params: URLSearchParams): { subject: string; message: string } | undefined {
  let known: Record<string, { subject: string; message: string }> = {};
  try {
    known = JSON.parse(form.dataset["enquiries"] ?? "{}");
  } catch {
    return undefined;
  }
  for (const name of ["date", "offer"]) {
    const value = params.get(name);
    if (value && Object.hasOwn(known, `${name}=${value}`)) return known[`${name}=${value}`];
  }
  return undefined;
}

/** Opens the visitor's mail program with the message, in the same tab (design.md §6). */
function openMailto(url: string) {
  window.location.href = url;
}
