/**
 * The browser script (design.md §3–6): one small module per behaviour, no dependencies. The contact form's
 * script is inlined on its own, only on the pages that have the form (generator/bundle/assets.ts).
 */
import "./consent.ts";
import "./header-space.ts";
import "./tooltips.ts";
import "./loading.ts";
import "./lang-switch.ts";
import "./menu.ts";
import "./print.ts";
import "./date-filter.ts";
