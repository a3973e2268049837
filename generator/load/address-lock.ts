/**
 * The memory of published addresses (design.md §11): content/addresses.lock.yaml lists, per language and
 * page, every address the page has been built at, the one it had at the last build first. An address a
 * page no longer has answers with a permanent redirect to the one it has now (write/old-addresses.ts), so
 * renaming a slug never breaks a link, a bookmark or a search result, and needs no redirect typed by hand.
 *
 * It is a file of content, committed with the texts, because nothing else remembers: the built site is
 * replaced by every build, and a host's rules are written from the sources. `build` writes it
 * (write/address-lock.ts); nobody edits it by hand.
 */
import type { AddressLock } from "../../model/route.ts";
import { ContentError, type Loaded } from "../errors.ts";
import { readText } from "../io/files.ts";
import { readYaml, type YamlReader } from "../io/yaml.ts";

export type { AddressLock } from "../../model/route.ts";

/** Where the lock lives: in content/, beside the translation lock. */
export const addressLockFile = "content/addresses.lock.yaml";

/** An address as the lock holds it: root-relative, below the base path, with a trailing slash. */
const addressPattern = /^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*\/)*$/;

/** Reads the lock; a missing file is an empty lock (a site that has not been built yet), a broken one a located problem. */
export async function loadAddressLock(root: string, yaml: YamlReader = readYaml): Promise<Loaded<AddressLock>> {
  const lock: AddressLock = new Map();
  const read = await readText(root, addressLockFile);
  if ("error" in read) {
    const missing = (read.error.cause as NodeJS.ErrnoException | undefined)?.code === "ENOENT";
    return { value: lock, problems: missing ? [] : [read.error] };
  }
  const { root: node, errors: problems } = yaml(read.text, addressLockFile);
  const broken = (at: { line: number; column: number }, reason: string) =>
    problems.push(
      new ContentError({ file: addressLockFile, ...at }, reason, {
        hint: `The build writes this file: restore it as committed (git checkout ${addressLockFile}), or delete it to start afresh.`,
      }),
    );
  if (!node) return { value: lock, problems };
  if (node.kind !== "map")
    return (broken(node.at, "The address lock must be a group of languages"), { value: lock, problems });
  for (const { key: locale, node: pagesNode } of node.entries) {
    const pages = new Map<string, string[]>();
    const seen = new Map<string, string>();
    lock.set(locale, pages);
    if (pagesNode.kind !== "map") {
      broken(pagesNode.at, `"${locale}" must be a group of pages`);
      continue;
    }
    for (const { key: page, node: list } of pagesNode.entries) {
      if (list.kind !== "list") {
        broken(list.at, `"${locale}.${page}" must be a list of addresses`);
        continue;
      }
      const addresses: string[] = [];
      for (const item of list.items) {
        const address = item.kind === "scalar" ? String(item.value) : "";
        if (!addressPattern.test(address)) broken(item.at, `"${address}" is not an address`);
        else if (seen.has(address)) broken(item.at, `${address} is listed for "${seen.get(address)}" already`);
        else (addresses.push(address), seen.set(address, page));
      }
      pages.set(page, addresses);
    }
  }
  return { value: lock, problems };
}
