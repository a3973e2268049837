/** The browser script (design.md §3–6): one small module per behaviour, no dependencies. */
import "./consent.ts";
import "./header-space.ts";
import "./tooltips.ts";
import "./contact-form.ts";
import "./loading.ts";
import "./lang-switch.ts";
import "./menu.ts";
