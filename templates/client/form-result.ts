/**
 * The panel that takes the form's place once the message is on its way (design.md §6): "ready" (the mail
 * program opened), "too-long" (the link would be cut off: copy instead) or "failed" (the form service was not
 * reached). Each offers the address, a copy of the message and the way back to edit it.
 */

/** The panel's states, each shown by the elements marked `data-result-<state>`. */
export type ResultState = "ready" | "too-long" | "failed";

/** The result panel of one form: `show` it in a state with the message to copy and the enquiry it repeats. */
export interface ResultPanel {
  show(state: ResultState, message: { body: string; about: string }): void;
}

export function setUpResult(form: HTMLFormElement, result: HTMLElement, editField: () => void): ResultPanel {
  const copyButton = result.querySelector<HTMLButtonElement>("[data-copy-message]");
  const copyStatus = result.querySelector<HTMLElement>("[data-copy-status]");
  const copyText = result.querySelector<HTMLTextAreaElement>("[data-copy-text]");
  let body = "";

  result.querySelector("[data-edit-message]")?.addEventListener("click", () => {
    result.hidden = true;
    form.hidden = false;
    editField();
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

  return {
    show(state, message) {
      body = message.body;
      for (const name of ["ready", "too-long", "failed"] satisfies ResultState[])
        for (const element of result.querySelectorAll<HTMLElement>(`[data-result-${name}]`))
          element.hidden = name !== state;
      showEnquiry(result, message.about);
      result.dataset["state"] = state;
      if (copyStatus) copyStatus.textContent = "";
      if (copyText) copyText.hidden = true;
      form.hidden = true;
      result.hidden = false;
      focusPanel(result);
    },
  };
}

/** "Your enquiry: …" in a panel, shown only when there is one to repeat. */
export function showEnquiry(panel: HTMLElement, about: string): void {
  const line = panel.querySelector<HTMLElement>("[data-result-about]");
  const text = line?.querySelector("[data-about-text]");
  if (!line || !text) return;
  text.textContent = about;
  line.hidden = !about;
}

/** Focus on a panel with the card's heading in view: the long form it replaces may have scrolled it away. */
export function focusPanel(panel: HTMLElement): void {
  (panel.closest("section") ?? panel).scrollIntoView({ block: "start" });
  panel.focus({ preventScroll: true });
}
