/**
 * A search over the short texts, at the top of each "Short texts" form: it finds a text by any of its words,
 * in the form's language (its field, as the owner may just have changed it) and in the others (each field's
 * hint quotes them), and by its label and the group it is in (where on the site it appears). A result opens
 * the groups around its field and puts the cursor in it. It reads the form Decap shows, whose collapsed
 * groups keep their fields in the page, so it needs no index of its own and is never out of date.
 */
import { fill, type ScriptWords } from "./settings.ts";

/** The widget's name in the configuration (generator/editor/cms-config.ts). */
export const searchWidget = "ranch-search";

/** The most results listed at once: more ask for another word. */
const shownAtMost = 25;

/** What Decap's bundle gives a script to make a widget: create-react-class and React's createElement. */
interface WidgetGlobals {
  registerWidget(name: string, control: unknown): void;
}
type CreateClass = (spec: Record<string, unknown>) => unknown;
type CreateElement = (type: string, props: Record<string, unknown> | null) => unknown;

/**
 * Registers the widget. It is a class (Decap asks its widgets for `isValid` through a ref) that renders one
 * empty element and never again; the search lives in that element, outside React.
 */
export function registerTextSearch(
  cms: WidgetGlobals,
  createClass: CreateClass,
  h: CreateElement,
  words: ScriptWords,
): void {
  const control = createClass({
    shouldComponentUpdate: () => false,
    isValid: () => true,
    render(this: { mount?: HTMLElement | null }) {
      return h("div", {
        className: "ranch-search",
        ref: (element: HTMLElement | null) => {
          if (element && this.mount !== element) mountSearch(element, words);
          this.mount = element;
        },
      });
    },
  });
  cms.registerWidget(searchWidget, control);
}

/** One text of the form: its field, what the owner reads about it, and the words it is found by. */
interface TextField {
  input: HTMLInputElement | HTMLTextAreaElement;
  label: string;
  /** The groups it is in, outermost first (their labels say where on the site). */
  groups: string[];
  hint: string;
}

/** Lower case without accents: "Plätze" is found by "platze" and "PLÄTZE". */
export function searchable(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

const container = '[class*="-ControlContainer"]';

/** The short texts of the form the search sits in, in the form's order. */
function textFields(pane: Element): TextField[] {
  const labelOf = (box: Element) => box.querySelector(":scope > [class*='-ControlTopbar'] label")?.textContent ?? "";
  return [...pane.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input[type=text], textarea")].flatMap(
    (input) => {
      const box = input.closest(container);
      if (!box || !input.id) return [];
      const groups: string[] = [];
      for (let outer = box.parentElement?.closest(container); outer; outer = outer.parentElement?.closest(container))
        if (pane.contains(outer)) groups.unshift(labelOf(outer));
      const hint = box.querySelector(":scope > [class*='-ControlHint']")?.textContent ?? "";
      return [{ input, label: labelOf(box), groups, hint }];
    },
  );
}

/** The fields whose text, other languages' text, label or groups hold every word of the query. */
export function matches(fields: readonly TextField[], query: string): TextField[] {
  const wanted = searchable(query).split(/\s+/).filter(Boolean);
  if (wanted.length === 0) return [];
  return fields.filter((field) => {
    const haystack = searchable([field.input.value, field.hint, field.label, ...field.groups].join(" "));
    return wanted.every((word) => haystack.includes(word));
  });
}

/** Opens the collapsed groups around a field, outermost first, then scrolls to it and puts the cursor in it. */
async function open(field: TextField) {
  const shown = (element: Element) => element.getClientRects().length > 0;
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  // The groups around the field, outermost first, each followed by what must show once it is open.
  const chain: Element[] = [];
  let group = field.input.closest(container)?.parentElement?.closest(container) ?? null;
  for (; group; group = group.parentElement?.closest(container) ?? null) chain.unshift(group);
  for (const [index, outer] of chain.entries()) {
    const inside = chain[index + 1] ?? field.input;
    if (shown(inside)) continue;
    outer.querySelector<HTMLElement>("[data-testid='expand-button']")?.click();
    // Decap opens the group on its next render.
    for (let frames = 0; !shown(inside) && frames < 30; frames++) await frame();
  }
  field.input.scrollIntoView({ block: "center" });
  field.input.focus({ preventScroll: true });
}

/** Builds the search in `element`: a labelled field, a count for screen readers, and the list of results. */
function mountSearch(element: HTMLElement, words: ScriptWords) {
  const id = "ranch-search-field";
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = words["search"] ?? "Search the short texts";
  const input = document.createElement("input");
  input.type = "search";
  input.id = id;
  input.placeholder = words["searchPlaceholder"] ?? "";
  input.autocomplete = "off";
  const status = document.createElement("p");
  status.className = "ranch-search-status";
  status.setAttribute("role", "status");
  const list = document.createElement("ul");
  list.className = "ranch-search-results";
  element.append(label, input, status, list);

  const show = () => {
    list.replaceChildren();
    const query = input.value.trim();
    if (searchable(query).length < 2) {
      status.textContent = "";
      return;
    }
    const pane = element.closest('[class*="-ControlPaneContainer"]') ?? document.body;
    const found = matches(textFields(pane), query);
    status.textContent =
      found.length === 0
        ? fill(words["searchNone"] ?? 'No short text contains "{query}".', { query })
        : fill(
            words[found.length > shownAtMost ? "searchMore" : found.length === 1 ? "searchOne" : "searchCount"] ??
              "{count}",
            {
              count: String(found.length),
              shown: String(shownAtMost),
            },
          );
    for (const field of found.slice(0, shownAtMost)) {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      const name = document.createElement("strong");
      name.textContent = field.label;
      const where = document.createElement("span");
      where.className = "ranch-search-where";
      where.textContent = field.groups.join(" › ");
      const text = document.createElement("span");
      text.className = "ranch-search-text";
      text.textContent = field.input.value;
      button.append(name, where, text);
      button.setAttribute("aria-label", `${words["searchOpen"] ?? "Open"}: ${field.label}, ${field.groups.join(", ")}`);
      button.addEventListener("click", () => void open(field));
      item.append(button);
      list.append(item);
    }
  };
  input.addEventListener("input", show);
  // Enter opens the first result: a search that finds one text goes straight to it.
  input.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    list.querySelector("button")?.click();
  });
}
