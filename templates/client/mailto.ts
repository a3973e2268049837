/** Building the contact form's email (design.md §6): pure functions, no DOM. */

/** What the visitor wants to send. */
export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text with "\n" line breaks, as the visitor can also copy it. */
  body: string;
}

/** The body: one "Label: value" line per filled field, a blank line, then the message. */
export function composeBody(fields: ReadonlyArray<readonly [label: string, value: string]>, message: string): string {
  const lines = fields.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`);
  return [...lines, "", message].join("\n").replace(/\r\n?/g, "\n");
}

/**
 * The `mailto:` URL per RFC 6068: the address only in the path; subject and body percent-encoded with
 * encodeURIComponent, so `&`, `?`, `#`, `%` and `+` typed by a visitor stay text and can never add
 * headers such as `bcc`; CRLF line breaks in the body (§5), none in the subject (a header is one line).
 * An empty body is left out: the mail program opens with the subject and nothing to delete.
 */
export function mailtoUrl({ to, subject, body }: MailMessage): string {
  const oneLine = subject.replace(/\s*[\r\n]+\s*/g, " ").trim();
  const crlf = body.replace(/\r\n?|\n/g, "\r\n");
  return `mailto:${to}?subject=${encode(oneLine)}${crlf ? `&body=${encode(crlf)}` : ""}`;
}

/** The webmail services whose compose page the form offers after a `mailto:` (issue 35). */
export type Webmail = "gmail" | "outlook";

/**
 * A webmail service's page for a new message, filled in: Gmail's compose view (`view=cm`, `su` the subject)
 * and Outlook on the web's compose deep link, as Microsoft 365 accounts open it. A plain link: the service
 * receives the message only when the visitor follows it. Empty fields are left out; line breaks stay LF,
 * as the services' own forms write them.
 */
export function webmailUrl(service: Webmail, { to, subject, body }: MailMessage): string {
  const oneLine = subject.replace(/\s*[\r\n]+\s*/g, " ").trim();
  const text = body.replace(/\r\n?/g, "\n");
  const [base, subjectKey] =
    service === "gmail"
      ? ["https://mail.google.com/mail/?view=cm&fs=1&", "su"]
      : ["https://outlook.office.com/mail/deeplink/compose?", "subject"];
  const fields: [string, string][] = [
    ["to", to],
    [subjectKey, oneLine],
    ["body", text],
  ];
  return base + fields.flatMap(([key, value]) => (value ? [`${key}=${encode(value)}`] : [])).join("&");
}

// encodeURIComponent throws on a lone surrogate (a broken emoji pasted in); replace it instead.
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(
      text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g, (pair) => (pair.length === 2 ? pair : "\uFFFD")),
    );
  }
}
