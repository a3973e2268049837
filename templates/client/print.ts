/**
 * The programme sheet's "Print or save as PDF" button (templates/pages/Programme.tsx): shown only where a
 * script can open the browser's print dialog; without one, the browser's own Print menu does the same.
 */
for (const button of document.querySelectorAll<HTMLButtonElement>("[data-print]")) {
  const row = button.closest<HTMLElement>("[data-print-row]");
  if (row) row.hidden = false;
  button.addEventListener("click", () => window.print());
}
