/**
 * The contact form (design.md §6): translated inline validation, then the message goes out the way site.yaml's
 * `contact.form` decided when the page was built: by the visitor's mail program (form-mail.ts, the default)
 * or posted to a form service (form-post.ts). Without JavaScript the markup is a plain `mailto:` form, or a
 * plain post, that still works. A date's or an offer's link opens the form on its enquiry (form-enquiry.ts).
 */
import { enquiryLine, findEnquiry, setUpPeople } from "./form-enquiry.ts";
import { mailSender } from "./form-mail.ts";
import { postSender } from "./form-post.ts";
import { setUpResult } from "./form-result.ts";
import { composeBody } from "./mailto.ts";

type Control = HTMLInputElement | HTMLTextAreaElement;

// On top of the browser's own check, which accepts "name@company": a dot in the domain.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const form = document.querySelector<HTMLFormElement>("[data-contact-form]");
const result = document.querySelector<HTMLElement>("[data-form-result]");
if (form && result) setUpForm(form, result);

function setUpForm(form: HTMLFormElement, result: HTMLElement) {
  const text = (key: string) => form.dataset[key] ?? "";
  const fields = [...form.querySelectorAll<Control>("[data-field]")];
  const control = (name: string) => fields.find((field) => field.dataset["field"] === name);
  const message = control("message");
  const people = form.querySelector<HTMLInputElement>('[data-field="participants"]');

  // Our messages replace the browser's bubbles: translated, inline, and tied to their fields.
  form.noValidate = true;

  const enquiry = findEnquiry(form, new URLSearchParams(location.search));
  if (enquiry && message && !message.value) message.value = `${enquiry.message}\n\n`;
  if (people) setUpPeople(people, enquiry);

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
      case "participants":
        return !value || /^[1-9]\d{0,3}$/.test(value) ? "" : text("errorParticipants");
      case "message":
        return value ? "" : text("errorMessage");
      default:
        return "";
    }
  };

  /** Shows or clears a field's message; the field's aria-describedby already points at it. */
  const check = (field: Control): boolean => {
    const found = problem(field);
    const error = field.closest(".field")?.querySelector<HTMLElement>(".field-error");
    if (error) {
      error.textContent = found;
      error.hidden = !found;
    }
    if (found) field.setAttribute("aria-invalid", "true");
    else field.removeAttribute("aria-invalid");
    return !found;
  };

  // Focus with its context in view, not just the element's box: a field with its label and message (WCAG 3.3.1).
  const focusField = (field: Control) => {
    field.closest(".field")?.scrollIntoView({ block: "nearest" });
    field.focus({ preventScroll: true });
  };

  const panel = setUpResult(form, result, () => message && focusField(message));
  const send = form.dataset["sending"] !== undefined ? postSender(form, result, panel) : mailSender(result, panel);

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (form.getAttribute("aria-busy") === "true") return;
    const invalid = fields.filter((field) => !check(field));
    if (invalid[0]) return focusField(invalid[0]);
    const value = (field: Control | undefined) => field?.value.trim() ?? "";
    const name = value(control("name"));
    // The body lists each filled field under its visible label, as the mailto: form without JavaScript does.
    const body = composeBody(
      fields
        .filter((field) => field !== message)
        .map((field) => [field.dataset["label"] ?? field.name, value(field)] as const),
      value(message),
    );
    const subject = `${enquiry?.subject ?? text("subject")} – ${name}`;
    void send({ to: text("email"), subject, body }, enquiryLine(enquiry, people));
  });

  // After a failed submit, a field's message goes away as soon as its value is right.
  form.addEventListener("input", (event) => {
    const field = event.target as Control;
    if (field.getAttribute("aria-invalid") === "true") check(field);
  });
}
