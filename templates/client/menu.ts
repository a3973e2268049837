/**
 * The phone menu (WAI-ARIA Authoring Practices, "Disclosure (Show/Hide) for a navigation menu"): the Menu
 * button shows and hides the main navigation and says so with aria-expanded; Escape closes it and returns
 * focus to the button. The stylesheet shows the button only on narrow screens with scripting enabled
 * (`@media (scripting: enabled)`), so without JavaScript every link stays in view.
 */
const button = document.querySelector<HTMLButtonElement>("[data-menu-button]");
const menu = button && document.getElementById(button.getAttribute("aria-controls") ?? "");
if (button && menu) setUpMenu(button, menu);

function setUpMenu(button: HTMLButtonElement, menu: HTMLElement) {
  const open = () => button.getAttribute("aria-expanded") === "true";
  const toggle = (expanded: boolean) => {
    button.setAttribute("aria-expanded", String(expanded));
    menu.toggleAttribute("data-open", expanded);
  };
  button.addEventListener("click", () => toggle(!open()));
  for (const element of [button, menu])
    element.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || !open()) return;
      event.preventDefault();
      toggle(false);
      button.focus();
    });
  // A tap or click elsewhere closes it, as a visitor expects of a menu that covers the page.
  document.addEventListener("click", (event) => {
    const target = event.target as Node;
    if (open() && !button.contains(target) && !menu.contains(target)) toggle(false);
  });
  // Coming back from the back/forward cache, the menu is closed again.
  addEventListener("pageshow", (event) => {
    if (event.persisted) toggle(false);
  });
}
