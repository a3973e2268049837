/**
 * The language filter above the training dates (components/UpcomingDates.tsx): a row of toggle buttons,
 * "All dates" pressed at first. Pressing a language shows only the dates taught in it, still in date order;
 * "All dates" shows every one again. Without JavaScript the row stays hidden and every date shows.
 */
for (const filter of document.querySelectorAll<HTMLElement>("[data-date-filter]")) {
  const cards = filter.parentElement?.querySelectorAll<HTMLElement>(".dates [data-language]") ?? [];
  filter.hidden = false;
  filter.addEventListener("click", (event) => {
    const chosen = (event.target as Element).closest<HTMLButtonElement>("[data-show]");
    if (!chosen) return;
    for (const button of filter.querySelectorAll("[data-show]"))
      button.setAttribute("aria-pressed", String(button === chosen));
    const language = chosen.dataset["show"];
    for (const card of cards) card.hidden = !!language && card.dataset["language"] !== language;
  });
}
