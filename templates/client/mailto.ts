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
 */
export function mailtoUrl({ to, subject, body }: MailMessage): string {
  const oneLine = subject.replace(/\s*[\r\n]+\s*/g, " ").trim();
  const crlf = body.replace(/\r\n?|\n/g, "\r\n");
  return `mailto:${to}?subject=${encode(oneLine)}&body=${encode(crlf)}`;
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
