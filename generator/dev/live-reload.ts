/**
 * Targeted live reload for `watch`: after a rebuild, each open tab learns what changed and does the
 * least it can. A change to the styles alone swaps the stylesheet in place (no reload); otherwise a
 * tab reloads only if its own page was rewritten, and finds its scroll position again. A failed
 * build, and the first good one after it, reload every tab (to show or clear the error overlay).
 * A tab that connects late, or again, first hears what it missed (`ReloadLog`).
 */
import { randomBytes } from "node:crypto";
import type { Route } from "../../model/route.ts";
import { hostConfigFiles } from "../hosts/host-config.ts";

/** What the browser is told after a rebuild. */
export interface ReloadMessage {
  /** With `--open-saved`: [locale prefix, page] pairs; a tab under the prefix goes to the saved page. */
  pages?: [string, string][];
  /** Reload every tab. */
  all?: boolean;
  /** The new stylesheet's URL path, when only styles changed. */
  css?: string;
  /** URL paths of the rewritten pages (`/`, `/de/about-me/`). */
  changed?: string[];
  /** A not-found page was rewritten: tabs that show one reload. */
  notFound?: boolean;
}

/**
 * The message for one rebuild, from the source files that were saved (relative to the project) and
 * the output files whose bytes changed (relative to the output folder).
 */
export function reloadMessage(input: {
  sources: readonly string[];
  outputs: readonly string[];
  basePath: string;
  everyTab: boolean;
}): ReloadMessage {
  if (input.everyTab) return { all: true };
  const stylesheet = input.outputs.find((file) => /^assets\/[^/]+\.css$/.test(file));
  const stylesOnly =
    input.sources.length > 0 && input.sources.every((file) => file.replace(/\\/g, "/").startsWith("templates/styles/"));
  if (stylesOnly && stylesheet) return { css: input.basePath + stylesheet };
  const html = input.outputs.filter((file) => file.endsWith(".html"));
  // A new photo or favicon may be on any page; the host files and the sitemap are on none.
  const unseen = (file: string) =>
    file.startsWith("assets/") || ["sitemap.xml", "robots.txt", ...hostConfigFiles].includes(file);
  if (input.outputs.some((file) => !file.endsWith(".html") && !unseen(file))) return { all: true };
  return {
    changed: html
      .filter((file) => file.endsWith("index.html"))
      .map((file) => input.basePath + file.replace(/index\.html$/, "")),
    notFound: html.some((file) => /(^|\/)404\.html$/.test(file)),
  };
}

/**
 * Where open tabs go after saving a file, as `[path prefix, page]` pairs, the first whose prefix
 * starts the tab's path wins: a page's markdown leads to that page in its language; a page's own
 * template leads to that page in the tab's language. Other files (dictionaries, components) lead
 * nowhere, and the tab reloads where it is. `routes` are the last good build's: a page's address is
 * its language's (/de/ueber-mich/).
 */
export function pagesOfFile(routes: readonly Route[], basePath: string, file: string): [string, string][] {
  const markdown = /^content\/pages\/([^/]+)\.([^./]+)\.md$/.exec(file);
  if (markdown) {
    const [, name, code] = markdown;
    const route = routes.find((candidate) => candidate.page.markdown === name && candidate.locale === code);
    return route ? [[basePath, route.href]] : [];
  }
  const template = /^templates\/(pages\/[^/]+\.tsx)$/.exec(file);
  const ids = new Set(routes.filter((route) => route.page.template === template?.[1]).map((route) => route.page.id));
  if (!template || ids.size !== 1) return [];
  const [id] = ids;
  const homes = new Map(routes.filter((route) => route.page.id === "home").map((route) => [route.locale, route.href]));
  return routes
    .filter((route) => route.page.id === id && homes.has(route.locale))
    .map((route): [string, string] => [homes.get(route.locale)!, route.href])
    .sort((a, b) => b[0].length - a[0].length);
}

/**
 * The rebuilds a `watch` session has told its tabs of, so that none is missed. A page is served with
 * the id of the last rebuild sent (on its live-reload script, `data-build`); its stream asks for what
 * came after, as EventSource's own Last-Event-ID does on a reconnect. A tab that loaded just before a
 * save, and connects just after its rebuild, still hears of it.
 */
export class ReloadLog {
  /** Ids of another session (a tab left open while watch restarted) are told to reload. */
  readonly #session = randomBytes(4).toString("hex");
  #sent = 0;
  /** The last messages sent, oldest first: the last one has number #sent. */
  readonly #kept: ReloadMessage[] = [];

  /** How many messages it keeps: a tab further behind reloads. */
  readonly #keep: number;

  constructor(keep = 100) {
    this.#keep = keep;
  }

  /** The id of the last rebuild sent: what a page served now already shows. */
  get current(): string {
    return `${this.#session}.${this.#sent}`;
  }

  /** Records the message of one rebuild, and returns its event for the open streams. */
  record(message: ReloadMessage): string {
    this.#sent += 1;
    this.#kept.push(message);
    if (this.#kept.length > this.#keep) this.#kept.shift();
    return this.#event(message);
  }

  /**
   * What a stream that last heard of rebuild `since` has missed, as one event, or nothing when it is up
   * to date or names no build: a tab acts once, as if it had heard every message. An id from another
   * session, or older than what is kept, reloads the tab.
   */
  since(since: string | undefined): string | undefined {
    if (since === undefined) return undefined;
    const [session, number] = since.split(".");
    const heard = Number(number);
    const known = session === this.#session && Number.isInteger(heard) && heard <= this.#sent;
    if (!known || heard < this.#sent - this.#kept.length) return this.#event({ all: true });
    const missed = this.#kept.slice(this.#kept.length - (this.#sent - heard));
    return missed.length === 0 ? undefined : this.#event(merged(missed));
  }

  /** An event that carries the id of the last rebuild sent: EventSource sends it back on a reconnect. */
  #event(message: ReloadMessage): string {
    return `id: ${this.current}\ndata: ${JSON.stringify(message)}\n\n`;
  }
}

/**
 * Several rebuilds' messages as one. Stylesheet swaps alone stay a swap (to the last stylesheet);
 * anything else with a swap or a reload of every tab reloads the tab; otherwise it reloads if any
 * rebuild changed its page. With `--open-saved`, the last save's page still wins.
 */
function merged(messages: readonly ReloadMessage[]): ReloadMessage {
  if (messages.length === 1 || messages.every((message) => message.css)) return messages.at(-1)!;
  const pages = messages.findLast((message) => message.pages)?.pages;
  const target = pages ? { pages } : {};
  if (messages.some((message) => message.all || message.css)) return { ...target, all: true };
  return {
    ...target,
    changed: [...new Set(messages.flatMap((message) => message.changed ?? []))],
    notFound: messages.some((message) => message.notFound),
  };
}

/**
 * The script `watch` adds to every page it serves (inline, allowed by its hash, so the same on every
 * page: the build the page shows is on the script element, `data-build`). With `--open-saved`,
 * `pages` holds [locale prefix, page] pairs: a tab under that prefix goes to the saved page.
 */
export function liveReloadClient(eventsPath: string): string {
  return `(()=>{const b=document.currentScript?.dataset.build,k="ranch-site:scroll:"+location.pathname,s=sessionStorage.getItem(k);if(s){sessionStorage.removeItem(k);const[x,y]=JSON.parse(s);scrollTo(x,y);addEventListener("load",()=>scrollTo(x,y))}new EventSource(${JSON.stringify(eventsPath)}+(b?"?since="+encodeURIComponent(b):"")).onmessage=e=>{let m;try{m=JSON.parse(e.data)}catch{m={all:true}}const t=(m.pages||[]).find(p=>location.pathname.indexOf(p[0])===0);if(t&&t[1]!==location.pathname){location.assign(t[1]);return}if(m.css){for(const l of document.querySelectorAll('link[rel="stylesheet"]'))if(/\\/assets\\/[^/]+\\.css$/.test(new URL(l.href).pathname))l.href=m.css;return}const nf=!!document.querySelector('meta[name="robots"][content~="noindex"]');if(m.all||t||(m.changed||[]).includes(location.pathname)||(m.notFound&&nf)){sessionStorage.setItem(k,JSON.stringify([scrollX,scrollY]));location.reload()}}})()`;
}
