/** The third-party links that consent allows (design.md §4); replaced at build time from content/site.yaml. */
declare const __CONSENT__: { fontsUrl: string; prefetchHost: string };

/** A visitor's stored answer to the banner. */
export type Choice = "accepted" | "rejected";

/** The localStorage key of the choice (design.md §8). */
export const consentKey = "cookie-consent";
const marker = "data-consent-link";

/** The stored choice; blocked storage and unknown values count as no choice (never as consent). */
export function readChoice(): Choice | null {
  try {
    const value = window.localStorage.getItem(consentKey);
    return value === "accepted" || value === "rejected" ? value : null;
  } catch {
    return null;
  }
}

/** Adds the fonts stylesheet and the dns-prefetch for the maps host, once. */
export function addConsentLinks(): void {
  if (document.head.querySelector(`[${marker}]`)) return;
  const add = (rel: string, href: string) => {
    if (!href) return;
    const link = document.createElement("link");
    link.rel = rel;
    link.href = href;
    link.setAttribute(marker, "");
    document.head.append(link);
  };
  add("stylesheet", __CONSENT__.fontsUrl);
  add("dns-prefetch", __CONSENT__.prefetchHost);
}

/** Removes what addConsentLinks added. */
export function removeConsentLinks(): void {
  for (const link of document.head.querySelectorAll(`[${marker}]`)) link.remove();
}

/**
 * The three functions above, as the head script hands them to the banner's script on the same page: both are
 * inline in every page, and a second copy in the app script cost every page its bytes (issue 35).
 */
export interface ConsentLinks {
  readChoice: typeof readChoice;
  addConsentLinks: typeof addConsentLinks;
  removeConsentLinks: typeof removeConsentLinks;
}

declare global {
  interface Window {
    /** Set by the head script (templates/client/head.ts), which runs before anything else on the page. */
    consentLinks: ConsentLinks;
  }
}
