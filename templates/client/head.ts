/**
 * Inline in every page's head: applies a stored consent choice before first paint, so a returning
 * visitor gets the fonts at once and never sees the banner flash.
 */
import { addConsentLinks, readChoice } from "./consent-links.ts";

const choice = readChoice();
if (choice) document.documentElement.dataset["consent"] = choice;
if (choice === "accepted") addConsentLinks();
