/**
 * On phones the main navigation scrolls sideways and can hide the current page's link under its
 * fading edge: centre that link, so visitors see where they are. The page itself does not move.
 */
const current = document.querySelector<HTMLElement>(".main-nav [aria-current=page]");
const nav = current?.closest<HTMLElement>(".main-nav");
if (current && nav && nav.scrollWidth > nav.clientWidth) {
  nav.scrollLeft = current.offsetLeft - (nav.clientWidth - current.offsetWidth) / 2;
}
