/**
 * Where each short text of the dictionaries appears on the site, in words an owner can look for: one
 * small table by key family (`hero.*`, `footer.*`, `contact.form.*`, …), never one line per key. The
 * web editor shows it as the hint of each text ("Home page, top: the big headline") and as the label
 * of each group, so a text is found by the place where it is seen.
 */

/** Key families, the longest prefix first wins: where on the site their texts are seen. */
const places: ReadonlyArray<readonly [prefix: string, place: string]> = [
  ["lang", "Language switch in the header"],
  ["skipLink", "Every page, first key press: the link that jumps to the content"],
  ["loading", "Every page, while something loads"],
  ["onThisPage", "Long pages (training details), top: the title of the list of the page's sections"],
  ["nav", "Every page, header: the menu"],
  ["hero.badges", "Home page, top: the three highlights under the headline"],
  ["hero", "Home page, top"],
  ["ranch", "Home page: the ranch and its animals"],
  ["about.stats", "Home page: the figures beside the trainer"],
  ["about", "Home page: about the trainer"],
  ["experiences", "Home page: what else there is to do"],
  ["features", "Home page: what the training includes"],
  ["references", "References page and the home page's testimonials"],
  ["practical", "Home page: practical information (travel, what to bring, childcare, where to stay)"],
  ["cta", "Home and About me pages: the invitation to book, near the end"],
  ["contact.form", "Contact page: the enquiry form and its messages"],
  ["contact.info", "Contact details, beside the form and near the end of pages"],
  ["contact.programs", "Contact page: the training programme box"],
  ["contact.sent", "The page shown after a message was sent"],
  ["contact", "Contact page, top"],
  ["pricing", "Prices: on the home page and the programme page"],
  ["sticky", "Every page, the bar at the foot of the screen on phones"],
  ["programme", "Programme page and the dates strip"],
  ["dates", "Dates: the list of training dates and the dates strip"],
  ["footer", "Every page, footer"],
  ["cookie", "The privacy banner (asks before the map or videos load)"],
  ["meta", "Search engines and shared links: the title and summary shown there"],
  ["schema", "Search engines: the training as search results describe it"],
];

/** Last parts of a key that say the same thing in every family. */
const roles: Readonly<Record<string, string>> = {
  eyebrow: "the small line above the headline",
  title: "the headline",
  subtitle: "the line under the headline",
  intro: "the opening paragraph",
  text: "the paragraph",
  label: "the name read out by screen readers",
  description: "the summary",
  button: "the button",
};

/** The place of a dotted key in words, or undefined when no family of the table holds it. */
export function placeOf(key: string): string | undefined {
  let best: readonly [string, string] | undefined;
  for (const entry of places)
    if ((key === entry[0] || key.startsWith(`${entry[0]}.`)) && entry[0].length > (best?.[0].length ?? -1))
      best = entry;
  return best?.[1];
}

/** The hint of a short text: its place, what it is there when the key says so, and the key itself. */
export function textHint(key: string): string {
  const place = placeOf(key);
  const last = key.split(".").at(-1)!;
  const role = roles[last] && key.includes(".") && key.split(".").length === 2 ? roles[last] : undefined;
  const where = place ? (role ? `${place}: ${role}` : place) : undefined;
  return where ? `${where} (${key})` : key;
}

/** The label of a group of texts: its words and, when the table knows it, where it is seen. */
export function groupLabel(key: string, words: string): string {
  const place = placeOf(key);
  return place ? `${words} (${place})` : words;
}
