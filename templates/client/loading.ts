/**
 * The "Loading..." placeholder (design.md §3): when a same-origin link navigation has not painted the next
 * page within 300 ms, the current page shows a centered, pulsing status. It never ships in the HTML.
 */
const delay = 300;
let timer = 0;
let placeholder: HTMLElement | null = null;

function show() {
  placeholder = document.createElement("div");
  placeholder.className = "loading-placeholder";
  placeholder.setAttribute("role", "status");
  const text = placeholder.appendChild(document.createElement("span"));
  document.body.append(placeholder);
  // Filled once the live region exists: screen readers announce a change, not an arrival (WCAG 4.1.3).
  window.setTimeout(() => (text.textContent = document.body.dataset["loading"] ?? ""));
}

function reset() {
  clearTimeout(timer);
  placeholder?.remove();
  placeholder = null;
}

/** True for a plain click on a link that loads another page of this site in this tab. */
function loadsPage(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return false;
  const link = (event.target as Element).closest?.("a[href]");
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download") || (link.target && link.target !== "_self"))
    return false;
  const url = new URL(link.href);
  if (url.origin !== location.origin) return false;
  return !(url.hash && url.pathname === location.pathname && url.search === location.search);
}

document.addEventListener("click", (event) => {
  if (!loadsPage(event)) return;
  reset();
  timer = window.setTimeout(show, delay);
});

// Leaving or coming back from the back/forward cache: the page must not keep (or later show) the placeholder.
window.addEventListener("pagehide", reset);
window.addEventListener("pageshow", (event) => {
  if (event.persisted) reset();
});
// A navigation the visitor stops (Esc, the stop button) leaves this page in place; where the Navigation
// API tells us so, the placeholder goes too.
(window as { navigation?: EventTarget }).navigation?.addEventListener("navigateerror", reset);
