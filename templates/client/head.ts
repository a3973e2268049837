/**
 * Inline in every page's head: applies a stored consent choice before first paint, so a returning
 * visitor gets the fonts at once and never sees the banner flash.
 */
import { addConsentLinks, readChoice, removeConsentLinks } from "./consent-links.ts";

// The banner's script, last in the body, uses these rather than carrying them a second time.
window.consentLinks = { readChoice, addConsentLinks, removeConsentLinks };

const choice = readChoice();
if (choice) document.documentElement.dataset["consent"] = choice;
if (choice === "accepted") addConsentLinks();
