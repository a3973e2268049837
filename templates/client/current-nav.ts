/**
 * On phones the main navigation scrolls sideways and can hide the current page's link under its
 * fading edge: centre that link, so visitors see where they are. The page itself does not move.
 */
const currentLink = document.querySelector<HTMLElement>(".main-nav [aria-current=page]");
const navigation = currentLink?.closest<HTMLElement>(".main-nav");
if (currentLink && navigation && navigation.scrollWidth > navigation.clientWidth) {
  navigation.scrollLeft = currentLink.offsetLeft - (navigation.clientWidth - currentLink.offsetWidth) / 2;
}
