/**
 * The contact form (design.md §6): translated inline validation, then the message opens as a `mailto:`
 * link in the same tab, with the address and a copy button for visitors without a mail program.
 * Without JavaScript the markup is a plain `mailto:` form that still works.
 */
import { composeBody, mailtoUrl } from "./mailto.ts";

type Control = HTMLInputElement | HTMLTextAreaElement;

// Longer mailto: links are cut off or refused by some browsers and mail programs (design.md §6).
const maxUrlLength = 1900;
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

  const showResult = (ready: boolean) => {
    for (const element of result.querySelectorAll<HTMLElement>("[data-result-ready]")) element.hidden = !ready;
    for (const element of result.querySelectorAll<HTMLElement>("[data-result-too-long]")) element.hidden = ready;
    if (copyStatus) copyStatus.textContent = "";
    if (copyText) copyText.hidden = true;
    form.hidden = true;
    result.hidden = false;
    focusResult();
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const invalid = fields.filter((field) => !check(field));
    if (invalid[0]) return focusField(invalid[0]);
    const values = fields.map((field) => field.value.trim());
    const message = values.pop() ?? "";
    // Each control's name is its visible label (the no-JavaScript form sends the same names).
    body = composeBody(
      fields.slice(0, -1).map((field, index) => [field.name, values[index] ?? ""]),
      message,
    );
    const subject = enquiry ? `${enquiry.subject} – ${values[0]}` : `${text("subject")} – ${values[0]}`;
    const url = mailtoUrl({ to: text("email"), subject, body });
    const fits = url.length <= maxUrlLength;
    if (fits) openMailto(url);
    showResult(fits);
  });

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
