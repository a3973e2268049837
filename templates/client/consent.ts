/** The consent banner (design.md §4): shown while there is no choice, reopened from every footer. */
import { borderHeight } from "./border-height.ts";
import { consentKey, type Choice } from "./consent-links.ts";

// From the head script, which ran before the page was parsed (templates/client/head.ts).
const { readChoice, addConsentLinks, removeConsentLinks } = window.consentLinks;

const root = document.documentElement;
const banner = document.querySelector<HTMLElement>("[data-cookie-banner]");
if (banner) setUpBanner(banner);

function setUpBanner(banner: HTMLElement) {
  const settings = document.querySelector<HTMLButtonElement>("[data-cookie-settings]");
  let choice = readChoice();
  // Where focus goes when the banner closes (WCAG 2.4.3): the settings button that reopened it, else
  // the last thing focused outside the banner, so keyboard visitors carry on where they were.
  let returnFocusTo: HTMLElement | null = null;
  let lastFocusOutside: HTMLElement | null = null;
  // The fixed banner reserves its height as scroll padding, so it never covers the focused element (WCAG 2.4.11).
  const reserveSpace = new ResizeObserver(([entry]) =>
    root.style.setProperty("--banner-space", `${borderHeight(entry!, banner)}px`),
  );

  const store = (next: Choice) => {
    choice = next;
    root.dataset["consent"] = next;
    try {
      window.localStorage.setItem(consentKey, next);
    } catch {
      // Blocked storage: the choice holds for this page only (design.md §4).
    }
    if (next === "accepted") addConsentLinks();
    else removeConsentLinks();
  };

  // Reopened from the footer, the banner says which choice holds now: a sentence, and the pressed button.
  const current = banner.querySelector<HTMLElement>("[data-cookie-current]");
  const showChoice = () => {
    if (current) {
      current.textContent = choice ? (current.dataset[choice] ?? "") : "";
      current.hidden = !choice;
    }
    for (const button of banner.querySelectorAll<HTMLElement>("[data-choice]")) {
      if (choice) button.setAttribute("aria-pressed", String(button.dataset["consent"] === choice));
      else button.removeAttribute("aria-pressed");
    }
  };

  const show = (moveFocus: boolean) => {
    showChoice();
    banner.hidden = false;
    reserveSpace.observe(banner);
    // The banner is fixed at the bottom, always in view: scrolling "to" it would only jump the page.
    if (moveFocus) banner.focus({ preventScroll: true });
  };

  const hide = () => {
    const hadFocus = banner.contains(document.activeElement);
    banner.hidden = true;
    reserveSpace.unobserve(banner);
    root.style.removeProperty("--banner-space");
    // Focus never stays on a hidden element, nor falls back to <body>.
    if (hadFocus) {
      const main = document.querySelector<HTMLElement>("main");
      const target =
        [returnFocusTo, lastFocusOutside].find((element) => element?.isConnected && element.getClientRects().length) ??
        main;
      target?.focus({ preventScroll: target === main });
    }
    returnFocusTo = null;
  };

  document.addEventListener("focusin", (event) => {
    if (event.target instanceof HTMLElement && !banner.contains(event.target)) lastFocusOutside = event.target;
  });

  banner.addEventListener("click", (event) => {
    const button = (event.target as Element).closest<HTMLElement>("[data-consent]");
    if (!button) return;
    store(button.dataset["consent"] === "accepted" ? "accepted" : "rejected");
    hide();
  });

  // A banner reopened from the footer closes with Escape and keeps the choice already made.
  banner.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && choice) hide();
  });

  if (settings) {
    // Without JavaScript the control could do nothing, so it ships hidden.
    settings.hidden = false;
    settings.addEventListener("click", () => {
      returnFocusTo = settings;
      show(true);
    });
  }

  if (!choice) show(false);
}
