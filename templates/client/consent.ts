/** The consent banner (design.md §4): shown while there is no choice, reopened from every footer. */
import { addConsentLinks, consentKey, readChoice, removeConsentLinks } from "./consent-links.ts";

const banner = document.querySelector<HTMLElement>("[data-cookie-banner]");
const settings = document.querySelector<HTMLButtonElement>("[data-cookie-settings]");
let pageChoice = readChoice();
let returnFocusTo: HTMLElement | null = null;

function store(choice: "accepted" | "rejected") {
  pageChoice = choice;
  document.documentElement.dataset["consent"] = choice;
  try {
    window.localStorage.setItem(consentKey, choice);
  } catch {
    // Blocked storage: the choice holds for this page only (design.md §4).
  }
  if (choice === "accepted") addConsentLinks();
  else removeConsentLinks();
}

function show(moveFocus: boolean) {
  if (!banner) return;
  banner.hidden = false;
  document.documentElement.style.setProperty("--banner-space", `${banner.offsetHeight}px`);
  if (moveFocus) banner.querySelector<HTMLElement>("[data-consent]")?.focus();
}

function hide() {
  if (!banner) return;
  const hadFocus = banner.contains(document.activeElement);
  banner.hidden = true;
  document.documentElement.style.removeProperty("--banner-space");
  if (hadFocus) (returnFocusTo ?? document.querySelector<HTMLElement>("main"))?.focus();
  returnFocusTo = null;
}

banner?.addEventListener("click", (event) => {
  const button = (event.target as Element).closest<HTMLElement>("[data-consent]");
  if (!button) return;
  store(button.dataset["consent"] === "accepted" ? "accepted" : "rejected");
  hide();
});

if (settings) {
  settings.hidden = false;
  settings.addEventListener("click", () => {
    returnFocusTo = settings;
    show(true);
  });
}

if (!pageChoice) show(false);
