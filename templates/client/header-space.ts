/**
 * Keeps --header-height at the sticky header's real height, so the scroll padding built on it keeps the
 * focused element clear of the header (WCAG 2.4.11). On phones and tablets the header wraps to two rows,
 * taller than the stylesheet's one-row default.
 */
import { borderHeight } from "./border-height.ts";

const header = document.querySelector<HTMLElement>(".site-header");
if (header) {
  new ResizeObserver(([entry]) =>
    document.documentElement.style.setProperty("--header-height", `${borderHeight(entry!, header)}px`),
  ).observe(header);
}
