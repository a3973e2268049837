/**
 * Keeps --header-height at the sticky header's real height, so the scroll padding built on it keeps the
 * focused element clear of the header (WCAG 2.4.11). On phones and tablets the header wraps to two rows,
 * taller than the stylesheet's one-row default.
 */
const header = document.querySelector<HTMLElement>(".site-header");
if (header) {
  new ResizeObserver(() =>
    document.documentElement.style.setProperty("--header-height", `${header.offsetHeight}px`),
  ).observe(header);
}
