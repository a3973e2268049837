/**
 * Writes the memory of published addresses (load/address-lock.ts) after a build to disk: the lock with every
 * address the build wrote a page at, rewritten only when it learnt one. `check` and `watch` never write it:
 * an address becomes one to keep answering only once it was built for publishing.
 */
import path from "node:path";
import { replaceFile } from "../io/atomic.ts";
import { addressLockFile } from "../load/address-lock.ts";
import type { AddressLock, Route } from "../../model/route.ts";
import type { SiteConfig } from "../config.ts";
import { ContentWarning } from "../warnings.ts";

/** A route's address below the base path, as the lock holds it: `/de/preise/`. */
export const lockAddress = (route: Route, basePath: string) => `/${route.href.slice(basePath.length)}`;

/** Routes with an address of their own (not the not-found pages, which are files served for any path). */
export const addressed = (routes: readonly Route[]) => routes.filter((route) => route.file.endsWith("index.html"));

/**
 * The lock after a build: each page's address now first, then the ones it had before. An address a page
 * takes over leaves the list of the page that had it; languages and pages the build no longer has stay, so
 * a page that comes back finds its old addresses.
 */
export function nextAddressLock(lock: AddressLock, routes: readonly Route[], basePath: string): AddressLock {
  const next: AddressLock = new Map([...lock].map(([locale, pages]) => [locale, new Map(pages)]));
  for (const route of addressed(routes)) {
    const now = lockAddress(route, basePath);
    if (!next.has(route.locale)) next.set(route.locale, new Map());
    const pages = next.get(route.locale)!;
    for (const [page, addresses] of pages)
      if (page !== route.page.id && addresses.includes(now))
        pages.set(
          page,
          addresses.filter((address) => address !== now),
        );
    const before = pages.get(route.page.id) ?? [];
    pages.set(route.page.id, [now, ...before.filter((address) => address !== now)]);
  }
  return next;
}

/** The lock as its file says it: one line per page, each address a quoted entry of a flow list. */
export function addressLockText(lock: AddressLock): string {
  const lines = [
    "# Every address each page of the site has been built at, per language: the first is its address now, the",
    '# others earlier ones, which answer with a permanent redirect to it on every host (README, "Addresses").',
    "# Written by `build` when a page gets a new address; commit it with the content, and do not edit it by hand.",
  ];
  for (const [locale, pages] of lock) {
    lines.push(`${locale}:`);
    for (const [page, addresses] of pages)
      lines.push(`  ${page}: [${addresses.map((address) => `"${address}"`).join(", ")}]`);
  }
  return `${lines.join("\n")}\n`;
}

/**
 * What `check` says when a page the lock knows has a new address not yet built for publishing (a changed
 * slug): the next build records it, and the lock must then be committed, or a later change of that address
 * has no old address to redirect from. A page the lock does not know yet (a new page) is not noted: adding
 * a page is an editor's everyday step, and `check --strict` must not fail on it; its build records it.
 */
export function unrecordedAddresses(
  config: Pick<SiteConfig, "basePath">,
  lock: AddressLock,
  routes: readonly Route[],
): ContentWarning[] {
  const next = nextAddressLock(lock, routes, config.basePath);
  const missing = [...next].flatMap(([locale, pages]) =>
    [...pages].flatMap(([page, [now]]) => {
      const known = lock.get(locale)?.get(page)?.[0];
      return now && known !== undefined && known !== now ? [now] : [];
    }),
  );
  if (missing.length === 0) return [];
  const shown = missing.slice(0, 3).join(", ") + (missing.length > 3 ? ` and ${missing.length - 3} more` : "");
  return [
    new ContentWarning({ file: addressLockFile }, `The address lock does not know ${shown} yet`, {
      hint: "`build` records them; commit the lock with the content, so that each keeps answering if it changes later.",
    }),
  ];
}

/**
 * Teaches the lock the addresses of a build for publishing, rewriting it only when it learnt one. A lock
 * that cannot be written is a warning line (the site is built; a later change of address loses its redirect).
 */
export async function recordAddresses(
  config: Pick<SiteConfig, "root" | "basePath">,
  before: AddressLock,
  routes: readonly Route[],
): Promise<string[]> {
  const text = addressLockText(nextAddressLock(before, routes, config.basePath));
  if (text === addressLockText(before)) return [];
  try {
    await replaceFile(path.join(config.root, addressLockFile), text);
    return [];
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return [
      `${addressLockFile}: the build's addresses cannot be recorded (${code}); an address changed later would lose its redirect. Make the file writable and build again.`,
    ];
  }
}
