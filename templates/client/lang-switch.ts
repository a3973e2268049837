/**
 * The language switch leads to the same spot in the other language (design.md §3): its links carry the
 * current #fragment. Without JavaScript they are plain links to the other language's page.
 */
const links = document.querySelectorAll<HTMLAnchorElement>("[data-lang-switch]");

function keepFragment() {
  for (const link of links) if (link.hash !== location.hash) link.hash = location.hash;
}

keepFragment();
window.addEventListener("hashchange", keepFragment);
