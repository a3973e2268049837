/**
 * Decap loads an entry when its form opens from a list, not when the address names another entry while a
 * form is open (a typed address, a bookmark): it keeps the open entry's draft under the new entry's fields,
 * empty, and Publish would save that. Such a change of address loads the editor anew, which opens the
 * entry the address names; Decap's own question about unsaved changes comes first.
 */

/** The entry an editor address names (`#/collections/texts/entries/de`), if it names one. */
export function entryOf(url: string): string | undefined {
  return /#\/collections\/[^/?]+\/entries\/[^?]+/.exec(url)?.[0];
}

/** Listens before Decap does (this script loads first), so Decap never renders the form it would leave empty. */
export function reloadOnEntrySwitch(): void {
  window.addEventListener("hashchange", (event) => {
    const from = entryOf(event.oldURL);
    const to = entryOf(event.newURL);
    if (!from || !to || from === to) return;
    event.stopImmediatePropagation();
    location.reload();
  });
}
