/**
 * The enquiry a link opened the contact form on (`?date=2027-03-15`, `?offer=team`: issue 13), and the field
 * for how many people (issue 35): for a date it asks for seats, starts at one and shows the net total; for a
 * quote it asks for the team's size and shows the group price per head. Without JavaScript the field asks for
 * "Participants" and nothing is worked out.
 */

/** What the contact page lists for each enquiry link (`data-enquiries`), made by components/enquiry.ts. */
export interface FormEnquiry {
  /** A date's seat, a full date's waiting list, or an offer's written quote. */
  kind: "enquiry" | "waitingList" | "quote";
  /** "Open Training, 15–17 March 2027" */
  about: string;
  subject: string;
  /** The message's first line. */
  message: string;
  /** The language a date is taught in, named in the page's. */
  language?: string;
  /** Net price: of a seat for a date, of the whole group for a quote. */
  price?: number;
  /** ISO 4217 code of `price`. */
  currency?: string;
}

/** The enquiry a link asked for, among those the page lists; anything else in the address is ignored. */
export function findEnquiry(form: HTMLFormElement, params: URLSearchParams): FormEnquiry | undefined {
  let known: Record<string, FormEnquiry> = {};
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

/**
 * Names the people field for the enquiry ("Seats", "Team size"), starts a date's at one seat and shows the
 * figure under it as the visitor types: "2 × €2,490 = €4,980 net, plus VAT", or for a team's quote
 * "€18,900 ÷ 8 = €2,363 per person, net".
 */
export function setUpPeople(field: HTMLInputElement, enquiry: FormEnquiry | undefined): void {
  if (!enquiry) return;
  const quote = enquiry.kind === "quote";
  const label = (quote ? field.dataset["labelTeam"] : field.dataset["labelSeats"]) ?? "";
  const text = field.labels?.[0]?.querySelector("[data-label-text]");
  if (text && label) {
    text.textContent = label;
    field.dataset["label"] = label;
  }
  if (quote) field.removeAttribute("max");
  else {
    field.max = field.dataset["groupSize"] ?? "";
    if (!field.value) field.value = "1";
  }
  const note = field.form?.querySelector<HTMLOutputElement>("[data-participants-note]");
  const { price, currency } = enquiry;
  if (!note || price === undefined || !currency) return;
  const lang = document.documentElement.lang;
  const money = new Intl.NumberFormat(lang, { style: "currency", currency, maximumFractionDigits: 0 });
  const update = () => {
    const people = Number(field.value);
    if (!Number.isInteger(people) || people < 1) note.textContent = "";
    else if (quote)
      note.textContent = `${money.format(price)} ÷ ${people} = ${money.format(Math.round(price / people))} ${note.dataset["perPerson"]}`;
    else
      note.textContent = `${people} × ${money.format(price)} = ${money.format(people * price)} ${note.dataset["net"]}`;
  };
  field.addEventListener("input", update);
  update();
}

/** "Open Training, 15–17 March 2027 (German) · Seats: 2": what the enquiry is about, as the result repeats it. */
export function enquiryLine(enquiry: FormEnquiry | undefined, people: HTMLInputElement | null): string {
  const count = people?.value.trim() ? `${people.dataset["label"]}: ${people.value.trim()}` : "";
  const about = enquiry ? `${enquiry.about}${enquiry.language ? ` (${enquiry.language})` : ""}` : "";
  return [about, count].filter(Boolean).join(" · ");
}
