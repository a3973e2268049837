/** The contact form's mailto: link (design.md §6, RFC 6068), as pure functions. */
import { describe, expect, it } from "vitest";
import { composeBody, mailtoUrl, webmailUrl } from "../../templates/client/mailto.ts";

describe("mailtoUrl", () => {
  it("keeps the address alone in the path and every typed character as text", () => {
    const url = mailtoUrl({ to: "a@example.com", subject: "Hi & bye?", body: "x&bcc=evil@example.com #1 + 50%" });
    expect(url).toBe(
      "mailto:a@example.com?subject=Hi%20%26%20bye%3F&body=x%26bcc%3Devil%40example.com%20%231%20%2B%2050%25",
    );
  });

  it("breaks body lines with CRLF, whatever the visitor's line ends were", () => {
    expect(mailtoUrl({ to: "a@example.com", subject: "s", body: "one\ntwo\r\nthree\rfour" })).toMatch(
      /&body=one%0D%0Atwo%0D%0Athree%0D%0Afour$/,
    );
  });

  it("puts no line break in the subject, and no empty body", () => {
    expect(mailtoUrl({ to: "a@example.com", subject: "Enquiry – Anna\r\n Berg\nBcc: x@example.com", body: "" })).toBe(
      "mailto:a@example.com?subject=Enquiry%20%E2%80%93%20Anna%20Berg%20Bcc%3A%20x%40example.com",
    );
  });

  it("survives a lone surrogate (a broken emoji) instead of throwing", () => {
    expect(mailtoUrl({ to: "a@example.com", subject: "\uD83D", body: "ok 😀 \uDE00" })).toBe(
      "mailto:a@example.com?subject=%EF%BF%BD&body=ok%20%F0%9F%98%80%20%EF%BF%BD",
    );
  });
});

describe("composeBody", () => {
  it("lists the filled fields by label, then a blank line and the message", () => {
    expect(
      composeBody(
        [
          ["Full Name", "Anna"],
          ["Company", ""],
        ],
        "Hello\r\nthere",
      ),
    ).toBe("Full Name: Anna\n\nHello\nthere");
  });
});

describe("webmailUrl", () => {
  const message = {
    to: "a@example.com",
    subject: "Enquiry – Anna\nBerg",
    body: "Seats: 2\r\n\r\nx&bcc=evil@example.com #1",
  };

  it("fills Gmail's compose view: to, su and body, every typed character as text, LF line breaks", () => {
    const url = new URL(webmailUrl("gmail", message));
    expect(`${url.origin}${url.pathname}`).toBe("https://mail.google.com/mail/");
    expect([...url.searchParams]).toEqual([
      ["view", "cm"],
      ["fs", "1"],
      ["to", "a@example.com"],
      ["su", "Enquiry – Anna Berg"],
      ["body", "Seats: 2\n\nx&bcc=evil@example.com #1"],
    ]);
  });

  it("fills Outlook on the web's compose deep link: to, subject and body", () => {
    const url = new URL(webmailUrl("outlook", message));
    expect(`${url.origin}${url.pathname}`).toBe("https://outlook.office.com/mail/deeplink/compose");
    expect([...url.searchParams]).toEqual([
      ["to", "a@example.com"],
      ["subject", "Enquiry – Anna Berg"],
      ["body", "Seats: 2\n\nx&bcc=evil@example.com #1"],
    ]);
    // Spaces as %20, never "+", which Outlook's sign-in redirect would show as a plus.
    expect(webmailUrl("outlook", message)).not.toContain("+");
  });

  it("leaves out what is empty: the page's own link names only the address", () => {
    expect(webmailUrl("gmail", { to: "a@example.com", subject: "", body: "" })).toBe(
      "https://mail.google.com/mail/?view=cm&fs=1&to=a%40example.com",
    );
  });
});
