/**
 * Tooltips with Radix Tooltip semantics (design.md §5), one controller for the page. The markup is
 * `.tip-anchor > [aria-describedby=id]` plus `<span role="tooltip" id hidden>`: screen readers already
 * get the text as the trigger's description; this only shows it to sighted visitors.
 */
const openDelay = 700;
const skipDelay = 300;
const edge = 8;

interface Tip {
  anchor: HTMLElement;
  trigger: HTMLElement;
  tip: HTMLElement;
}

let current: Tip | null = null;
// Focus-opened tips belong to focus: they close on blur or Escape, not when the pointer leaves or the
// browser scrolls the focused trigger into view (WCAG 1.4.13: persistent).
let openedByFocus = false;
let openTimer = 0;
let skipTimer = 0;
// True while a tip is open and for skipDelay after one closes: then the next one opens at once.
let skipping = false;

function open(next: Tip, byFocus: boolean) {
  clearTimeout(openTimer);
  clearTimeout(skipTimer);
  if (current && current !== next) current.tip.hidden = true;
  current = next;
  openedByFocus = byFocus;
  skipping = true;
  next.tip.hidden = false;
  place(next);
}

function close() {
  clearTimeout(openTimer);
  if (!current) return;
  current.tip.hidden = true;
  current = null;
  skipTimer = window.setTimeout(() => (skipping = false), skipDelay);
}

/** Keeps an open tip inside the viewport: above the trigger if it fits, else below; shifted in from the sides. */
function place({ anchor, tip }: Tip) {
  delete tip.dataset["side"];
  tip.style.removeProperty("--tip-shift");
  const header = anchor.closest(".site-header") ? null : document.querySelector(".site-header");
  const top = Math.max(0, header?.getBoundingClientRect().bottom ?? 0) + edge;
  if (tip.getBoundingClientRect().top < top) tip.dataset["side"] = "bottom";
  const { left, right } = tip.getBoundingClientRect();
  const shift = Math.max(edge - left, 0) - Math.max(right - (document.documentElement.clientWidth - edge), 0);
  if (shift) tip.style.setProperty("--tip-shift", `${shift}px`);
}

function setUp(tip: Tip) {
  const { anchor, trigger } = tip;
  // The anchor holds both the trigger and the tip, so moving onto the tip keeps it open (WCAG 1.4.13: hoverable).
  anchor.addEventListener("pointerenter", (event) => {
    if (event.pointerType === "touch" || current === tip) return;
    if (skipping) open(tip, false);
    else openTimer = window.setTimeout(() => open(tip, false), openDelay);
  });
  anchor.addEventListener("pointerleave", () => {
    clearTimeout(openTimer);
    if (current === tip && !openedByFocus) close();
  });
  trigger.addEventListener("pointerdown", close);
  trigger.addEventListener("click", close);
  // Only keyboard focus opens: a tap or click also focuses, but does not match :focus-visible.
  trigger.addEventListener("focus", () => {
    if (trigger.matches(":focus-visible")) open(tip, true);
  });
  trigger.addEventListener("blur", () => {
    if (current === tip) close();
  });
}

for (const anchor of document.querySelectorAll<HTMLElement>(".tip-anchor")) {
  const tip = anchor.querySelector<HTMLElement>(":scope > [role=tooltip]");
  const trigger = tip?.id ? anchor.querySelector<HTMLElement>(`[aria-describedby~="${tip.id}"]`) : null;
  if (tip && trigger) setUp({ anchor, trigger, tip });
}

// Escape dismisses without moving focus (WCAG 1.4.13: dismissable).
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && current) close();
});

window.addEventListener(
  "scroll",
  () => {
    if (current && !openedByFocus) close();
  },
  { capture: true, passive: true },
);
