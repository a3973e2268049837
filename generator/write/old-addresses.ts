/**
 * Old addresses (design.md §11): every address the address lock (load/address-lock.ts) remembers for a page
 * that the page no longer has answers with one permanent redirect to its address now, on every host: in
 * _redirects, nginx.conf and .htaccess (generator/hosts/), and as a forwarding page for hosts that read no
 * rules (GitHub Pages, a plain static server): it sends the visitor on at once (`<meta http-equiv="refresh">`,
 * which a CSP does not block), tells search engines where the page lives now (its canonical) and keeps itself
 * out of their index (noindex; it is in no sitemap). Hosts with rules answer the old address with a 301
 * before this file is read. A visitor whose browser does not follow it has the page's title as a link.
 */
import type { LoadedContent } from "../load/content.ts";
import type { OutputFile } from "../../model/output.ts";
import type { AddressLock, Redirect, Route } from "../../model/route.ts";
import { addressed, lockAddress } from "./address-lock.ts";

/**
 * The redirects of a build: each address the lock remembers for a page of a route, other than the page's
 * address now. An address that is a page's now, or whose forwarding page would be another source's file
 * (a page, a file of public/), is left out: what is there now wins, never a redirect.
 */
export function oldAddresses(
  lock: AddressLock,
  routes: readonly Route[],
  basePath: string,
  takenFiles: ReadonlySet<string>,
): Redirect[] {
  const current = new Set(addressed(routes).map((route) => lockAddress(route, basePath)));
  const redirects: Redirect[] = [];
  for (const route of addressed(routes)) {
    const now = lockAddress(route, basePath);
    for (const address of lock.get(route.locale)?.get(route.page.id) ?? []) {
      const file = `${address.slice(1)}index.html`;
      if (address === now || current.has(address) || takenFiles.has(file) || takenFiles.has(address.slice(1, -1)))
        continue;
      redirects.push({
        from: basePath + address.slice(1),
        to: route.href,
        url: route.url,
        locale: route.locale,
        page: route.page.id,
        file,
      });
    }
  }
  return redirects;
}

const escape = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** The name of a page's dictionary group: `contact-sent` → `contactSent` (meta.contactSent.title). */
const groupOf = (page: string) => page.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** A forwarding page for each old address. */
export function forwardingPages(redirects: readonly Redirect[], content: LoadedContent): OutputFile[] {
  return redirects.map((redirect) => {
    const locale = content.locales.find((candidate) => candidate.locale === redirect.locale);
    const title =
      locale?.pages[redirect.page]?.title ??
      locale?.dictionary.get(`meta.${groupOf(redirect.page)}.title`)?.text ??
      content.site.name;
    const to = escape(redirect.to);
    const contents = `<!doctype html>
<html lang="${escape(redirect.locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(`${title} | ${content.site.name}`)}</title><link rel="canonical" href="${escape(redirect.url)}"><meta http-equiv="refresh" content="0; url=${to}"></head><body><p><a href="${to}">${escape(title)}</a></p></body></html>
`;
    return { path: redirect.file, contents };
  });
}
