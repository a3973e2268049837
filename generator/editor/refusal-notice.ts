/**
 * The web editor's notice of a refused save, in local mode: Decap shows the refusal of `check` as a
 * toast that vanishes after a few seconds. This script, loaded before Decap from the admin page's own
 * origin (its policy allows no inline script), keeps the refusal at the foot of the page, away from
 * Publish, until a save goes through or the editor closes it. When the refusal names its field in the
 * form's words ("In the form: Dates › 1 › End.", editor/field-names.ts), the first such field's label
 * is outlined too: the label of that name after its group's, the list entry's n-th one.
 */

import { defaultMessages, type ToolMessages } from "../load/writing-rules.ts";

/** The script's file, beside the admin page. */
export const refusalNoticeFile = "admin/refusal-notice.js";

/** The notice's words in one language: from its writing rules (content/languages/<code>.yaml `messages`). */
export type NoticeWords = Pick<ToolMessages, "notSaved" | "close">;

/**
 * The script, with the notice's words of every language of the site by code: it speaks the language Decap
 * shows (the page's `lang`), English where the site has no words for it.
 */
export const refusalNoticeScript = (words: Readonly<Record<string, NoticeWords>>) => `(() => {
  const table = ${JSON.stringify(words).replace(/</g, "\\u003c")};
  const english = ${JSON.stringify({ notSaved: defaultMessages.notSaved, close: defaultMessages.close })};
  // Decap sets the page's language once its own interface language is known: looked up when shown.
  const wordsNow = () => {
    const language = document.documentElement.lang;
    return table[language] ?? table[language.split("-")[0]] ?? english;
  };
  const api = new URL("api/v1", document.baseURI).pathname;
  const send = window.fetch.bind(window);
  let notice;
  let marked;
  const hide = () => {
    notice?.remove();
    notice = undefined;
    unmark();
  };
  const unmark = () => {
    marked?.style.removeProperty("outline");
    marked?.style.removeProperty("outline-offset");
    marked?.removeAttribute("data-refused-field");
    marked = undefined;
  };
  const labelled = (name) =>
    [...document.querySelectorAll("label")].filter((label) => label.textContent.trim().startsWith(name));
  const mark = (field) => {
    unmark();
    const parts = field.split(" › ");
    const group = parts.length > 1 ? labelled(parts[0])[0] : undefined;
    const nth = Number(parts.find((part) => /^\d+$/.test(part)) ?? 1);
    const labels = labelled(parts.at(-1)).filter(
      (label) => !group || group.compareDocumentPosition(label) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
    marked = labels[nth - 1];
    if (!marked) return;
    marked.setAttribute("data-refused-field", field);
    marked.style.outline = "3px solid #d0391b";
    marked.style.outlineOffset = "3px";
    marked.scrollIntoView({ block: "center" });
  };
  const show = (message) => {
    hide();
    const words = wordsNow();
    notice = document.createElement("div");
    notice.setAttribute("role", "alert");
    notice.setAttribute("data-save-refused", "");
    notice.style.cssText =
      "position:fixed;left:1rem;bottom:1rem;z-index:2147483647;max-width:40rem;padding:1rem 3rem 1rem 1.25rem;" +
      "background:#2b1410;color:#ffe9e2;font:15px/1.5 system-ui,sans-serif;border-radius:6px;box-shadow:0 6px 24px rgb(0 0 0/40%)";
    const title = document.createElement("strong");
    title.textContent = words.notSaved;
    const text = document.createElement("p");
    text.style.margin = ".25rem 0 0";
    text.textContent = message.replace(/^Not saved\\.\\s*/, "");
    const field = /In the form: ([^.]+)\\./.exec(message)?.[1];
    const close = document.createElement("button");
    close.type = "button";
    close.textContent = "×";
    close.setAttribute("aria-label", words.close);
    close.style.cssText = "position:absolute;top:.5rem;right:.5rem;border:0;background:none;color:inherit;font-size:1.5rem;cursor:pointer";
    close.addEventListener("click", hide);
    notice.append(title, text, close);
    document.body.append(notice);
    if (field) mark(field);
  };
  window.fetch = async (input, init) => {
    const response = await send(input, init);
    try {
      const url = new URL(typeof input === "string" ? input : input.url, location.href);
      const action = url.pathname === api && typeof init?.body === "string" ? JSON.parse(init.body).action : "";
      if (/^(persistEntry|deleteFiles?)$/.test(action)) {
        if (response.status === 422) show((await response.clone().json()).error ?? "");
        else if (response.ok) hide();
      }
    } catch {
      // A request this cannot read is Decap's own business.
    }
    return response;
  };
})();
`;
