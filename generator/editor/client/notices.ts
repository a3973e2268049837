/**
 * What the editor's page says besides Decap: a refused save's notice, which stays at the foot of the page
 * until a save goes through (Decap's own toast goes after a few seconds), with the refused field's label
 * outlined; and, for a file that cannot be opened, a page with the editor's header, its located line and
 * the way back, where Decap would show the bare error and nothing else.
 */
import { fill, type ScriptWords } from "./settings.ts";

const api = () => new URL("api/v1", document.baseURI).pathname;

/** A refused save in local mode: kept at the foot of the page, its field outlined ("In the form: Dates › 1 › End"). */
export function watchRefusals(words: ScriptWords): void {
  const send = window.fetch.bind(window);
  let notice: HTMLElement | undefined;
  let marked: HTMLElement | undefined;
  const unmark = () => {
    marked?.style.removeProperty("outline");
    marked?.style.removeProperty("outline-offset");
    marked?.removeAttribute("data-refused-field");
    marked = undefined;
  };
  const hide = () => {
    notice?.remove();
    notice = undefined;
    unmark();
  };
  const labelled = (name: string) =>
    [...document.querySelectorAll("label")].filter((label) => (label.textContent ?? "").trim().startsWith(name));
  const mark = (field: string) => {
    unmark();
    const parts = field.split(" › ");
    const group = parts.length > 1 ? labelled(parts[0]!)[0] : undefined;
    const nth = Number(parts.find((part) => /^\d+$/.test(part)) ?? 1);
    const labels = labelled(parts.at(-1)!).filter(
      (label) => !group || group.compareDocumentPosition(label) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
    marked = labels[nth - 1];
    if (!marked) return;
    marked.setAttribute("data-refused-field", field);
    marked.style.outline = "3px solid #d0391b";
    marked.style.outlineOffset = "3px";
    marked.scrollIntoView({ block: "center" });
  };
  const show = (message: string, field: string | undefined) => {
    hide();
    notice = document.createElement("div");
    notice.setAttribute("role", "alert");
    notice.setAttribute("data-save-refused", "");
    notice.className = "ranch-notice";
    const title = document.createElement("strong");
    title.textContent = words["notSaved"] ?? "Not saved";
    const text = document.createElement("p");
    text.textContent = message;
    const close = document.createElement("button");
    close.type = "button";
    close.textContent = "×";
    close.setAttribute("aria-label", words["close"] ?? "Close");
    close.addEventListener("click", hide);
    notice.append(title, text, close);
    document.body.append(notice);
    if (field) mark(field);
  };
  window.fetch = async (input, init) => {
    const response = await send(input, init);
    try {
      const url = new URL(typeof input === "string" ? input : (input as Request).url, location.href);
      const action = url.pathname === api() && typeof init?.body === "string" ? JSON.parse(init.body).action : "";
      if (/^(persistEntry|deleteFiles?)$/.test(action)) {
        if (response.status === 422) {
          const message = ((await response.clone().json()) as { error?: string }).error ?? "";
          show(message.replace(/^Not saved\.\s*/, ""), fieldIn(message, words));
        } else if (response.ok) hide();
      }
      if (action === "getEntry" && response.status === 422) {
        const answer = (await response.clone().json()) as { error?: string; line?: number };
        showUnreadable(words, answer.error ?? "", answer.line);
      }
    } catch {
      // A request this cannot read is Decap's own business.
    }
    return response;
  };
}

/** The field a refusal names in the form's words ("In the form: Dates › 1 › End."), if it names one. */
function fieldIn(message: string, words: ScriptWords): string | undefined {
  const [before = "", after = ""] = (words["inTheForm"] ?? "In the form: {field}.").split("{field}");
  const start = message.lastIndexOf(before);
  if (start === -1) return undefined;
  const end = message.indexOf(after, start + before.length);
  return end === -1 ? undefined : message.slice(start + before.length, end);
}

let unreadablePage: HTMLElement | undefined;

/**
 * A file that cannot be opened (its YAML does not parse): a page of its own over Decap's bare error, with
 * the editor's header, where the file breaks and links back to the collection and to the overview. It goes
 * when the address changes. With the line known and words for it (`brokenAt`), the place is said in the
 * interface language; else the generator's located line (`message`) is shown as it is.
 */
export function showUnreadable(words: ScriptWords, message: string, line?: number): void {
  unreadablePage?.remove();
  const [, collection, entry] = /#\/collections\/([^/]+)(?:\/entries\/([^/?]+))?/.exec(location.hash) ?? [];
  const page = document.createElement("div");
  page.className = "ranch-unreadable";
  page.setAttribute("data-unreadable", "");
  // The editor's header as Decap shows it elsewhere: its title and a link to each collection.
  const header = document.createElement("header");
  const home = document.createElement("a");
  home.href = "#/";
  home.className = "ranch-home";
  home.textContent = words["signInTitle"] ?? "Edit the site";
  const nav = document.createElement("nav");
  nav.setAttribute("aria-label", words["overview"] ?? "To the overview");
  for (const [name, label] of labels) {
    const link = document.createElement("a");
    link.href = `#/collections/${name}`;
    link.textContent = label;
    if (name === collection) link.setAttribute("aria-current", "page");
    nav.append(link);
  }
  header.append(home, nav);
  const main = document.createElement("main");
  const title = document.createElement("h1");
  title.textContent = words["brokenTitle"] ?? "This file cannot be opened";
  const text = document.createElement("p");
  text.textContent = words["brokenText"] ?? "";
  const place = document.createElement("pre");
  const file = files.get(`${collection}/${entry}`);
  place.textContent =
    line !== undefined && words["brokenAt"]
      ? `${file ? `${file}, ` : ""}${fill(words["brokenAt"], { line: String(line) })}`
      : message;
  main.append(title, text, place);
  if (collection) {
    const back = document.createElement("a");
    back.href = `#/collections/${collection}`;
    back.className = "ranch-back";
    back.textContent = fill(words["back"] ?? 'Back to "{collection}"', { collection: collectionLabel(collection) });
    main.append(back);
  }
  page.append(header, main);
  document.body.append(page);
  unreadablePage = page;
  const leave = () => {
    page.remove();
    if (unreadablePage === page) unreadablePage = undefined;
    window.removeEventListener("hashchange", leave);
  };
  window.addEventListener("hashchange", leave);
}

/** A collection's label as the configuration gives it, else its name. */
function collectionLabel(name: string): string {
  return labels.get(name) ?? name;
}

const labels = new Map<string, string>();
/** The file of each named entry (`texts/de` → content/i18n/de.yaml). */
const files = new Map<string, string>();

/** A collection of the configuration, as far as the notices need it. */
export interface CollectionOfConfig {
  name: string;
  label?: string;
  files?: readonly { name: string; file: string }[];
}

/** Remembers the collections' labels and files of the configuration the editor loaded, for the way back. */
export function rememberCollections(collections: readonly CollectionOfConfig[]): void {
  for (const collection of collections) {
    labels.set(collection.name, collection.label ?? collection.name);
    for (const entry of collection.files ?? []) files.set(`${collection.name}/${entry.name}`, entry.file);
  }
}
