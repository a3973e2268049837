/** Old addresses (design.md §11): what the address lock remembers, and what each build's redirects are. */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { addressLockText, nextAddressLock } from "../../generator/write/address-lock.ts";
import { oldAddresses } from "../../generator/write/old-addresses.ts";
import { addressLockFile, loadAddressLock } from "../../generator/load/address-lock.ts";
import type { AddressLock, Route } from "../../model/route.ts";
import { siteRoutes } from "../support/addresses.ts";
import { projectRoot } from "../support/site.ts";

/** A route as the lock and the redirects read it: its page, language, address and file. */
const route = (page: string, locale: string, href: string): Route =>
  ({
    page: { id: page },
    locale,
    href,
    url: `https://example.org${href}`,
    file: `${href.slice(1)}index.html`,
  }) as unknown as Route;

const lockOf = (entries: Record<string, Record<string, string[]>>): AddressLock =>
  new Map(Object.entries(entries).map(([locale, pages]) => [locale, new Map(Object.entries(pages))]));

describe("the address lock", () => {
  it("is committed with every address the real site has now first (a build writes it: commit it)", async () => {
    const { value: lock, problems } = await loadAddressLock(projectRoot);
    expect(problems).toEqual([]);
    const routes = await siteRoutes();
    expect(addressLockText(nextAddressLock(lock, routes, "/"))).toBe(
      await readFile(path.join(projectRoot, addressLockFile), "utf8"),
    );
  });

  it("learns a page's new address and keeps the old one after it", () => {
    const before = lockOf({ de: { pricing: ["/de/preise/", "/de/pricing/"] } });
    const after = nextAddressLock(before, [route("pricing", "de", "/de/preisliste/")], "/");
    expect(after.get("de")?.get("pricing")).toEqual(["/de/preisliste/", "/de/preise/", "/de/pricing/"]);
  });

  it("hands an address over to the page that takes it, and keeps pages the build no longer has", () => {
    const before = lockOf({ de: { faq: ["/de/fragen/", "/de/faq/"], gone: ["/de/weg/"] } });
    const after = nextAddressLock(before, [route("faq", "de", "/de/fragen/"), route("team", "de", "/de/faq/")], "/");
    expect(Object.fromEntries(after.get("de")!)).toEqual({
      faq: ["/de/fragen/"],
      gone: ["/de/weg/"],
      team: ["/de/faq/"],
    });
  });
});

describe("old addresses", () => {
  const lock = lockOf({ de: { pricing: ["/de/preise/", "/de/pricing/", "/de/tarife/"], faq: ["/de/faq/"] } });

  it("redirect every address a page had to the one it has now, base path and all", () => {
    const redirects = oldAddresses(lock, [route("pricing", "de", "/ranch/de/preisliste/")], "/ranch/", new Set());
    expect(redirects.map(({ from, to, file }) => [from, to, file])).toEqual([
      ["/ranch/de/preise/", "/ranch/de/preisliste/", "de/preise/index.html"],
      ["/ranch/de/pricing/", "/ranch/de/preisliste/", "de/pricing/index.html"],
      ["/ranch/de/tarife/", "/ranch/de/preisliste/", "de/tarife/index.html"],
    ]);
  });

  it("never stand where a page or a file of public/ is now: what is there wins", () => {
    const routes = [route("pricing", "de", "/de/preise/"), route("faq", "de", "/de/pricing/")];
    const redirects = oldAddresses(lock, routes, "/", new Set(["de/tarife/index.html"]));
    // /de/pricing/ is the questions' page now, /de/tarife/ a file of public/: only the questions' old address forwards.
    expect(redirects.map(({ from, to }) => [from, to])).toEqual([["/de/faq/", "/de/pricing/"]]);
  });
});
