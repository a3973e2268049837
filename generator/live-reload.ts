/**
 * Targeted live reload for `watch`: after a rebuild, each open tab learns what changed and does the
 * least it can. A change to the styles alone swaps the stylesheet in place (no reload); otherwise a
 * tab reloads only if its own page was rewritten, and finds its scroll position again. A failed
 * build, and the first good one after it, reload every tab (to show or clear the error overlay).
 */

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
  const unseen = /^(assets\/|sitemap\.xml$|robots\.txt$|_headers$|_redirects$|nginx\.conf$)/;
  if (input.outputs.some((file) => !file.endsWith(".html") && !unseen.test(file))) return { all: true };
  return {
    changed: html
      .filter((file) => file.endsWith("index.html"))
      .map((file) => input.basePath + file.replace(/index\.html$/, "")),
    notFound: html.some((file) => /(^|\/)404\.html$/.test(file)),
  };
}

/**
 * The script `watch` adds to every page it serves (inline, allowed by its hash). With `--open-saved`,
 * `pages` holds [locale prefix, page] pairs: a tab under that prefix goes to the saved page.
 */
export function liveReloadClient(eventsPath: string): string {
  return `(()=>{const k="ranch-site:scroll:"+location.pathname,s=sessionStorage.getItem(k);if(s){sessionStorage.removeItem(k);const[x,y]=JSON.parse(s);scrollTo(x,y);addEventListener("load",()=>scrollTo(x,y))}new EventSource(${JSON.stringify(eventsPath)}).onmessage=e=>{let m;try{m=JSON.parse(e.data)}catch{m={all:true}}const t=(m.pages||[]).find(p=>location.pathname.indexOf(p[0])===0);if(t&&t[1]!==location.pathname){location.assign(t[1]);return}if(m.css){for(const l of document.querySelectorAll('link[rel="stylesheet"]'))if(/\\/assets\\/[^/]+\\.css$/.test(new URL(l.href).pathname))l.href=m.css;return}const nf=!!document.querySelector('meta[name="robots"][content~="noindex"]');if(m.all||t||(m.changed||[]).includes(location.pathname)||(m.notFound&&nf)){sessionStorage.setItem(k,JSON.stringify([scrollX,scrollY]));location.reload()}}})()`;
}
