/**
 * What a translation was made from, as short hashes: one per dictionary key, and one per block of a
 * page (a front matter line, a paragraph of the body), so a stale page can point at the English
 * block that changed. Shared by `check` (compare) and `translations reviewed` (record).
 */
import { createHash } from "node:crypto";
import type { LocaleContent, MarkdownOrigin } from "../load/content.ts";
import type { LocaleLock } from "../load/translation-lock.ts";

/** A piece of a page that is translated as a whole, with the line it starts on. */
export interface Block {
  text: string;
  line: number;
  hash: string;
}

/** A short, stable hash of a text as written (placeholders unfilled, surrounding space ignored). */
export function hashText(text: string): string {
  return createHash("sha256").update(text.trim()).digest("hex").slice(0, 12);
}

/** Blocks by the origin they came from: a `watch` session keeps the origins of unchanged files, and their blocks. */
const blocksByOrigin = new WeakMap<MarkdownOrigin, Block[]>();

/** The blocks of a markdown file: each front matter line (comments aside), then each paragraph of the body. */
export function blocksOf(origin: MarkdownOrigin): Block[] {
  let blocks = blocksByOrigin.get(origin);
  if (!blocks) blocksByOrigin.set(origin, (blocks = splitBlocks(origin)));
  return blocks;
}

function splitBlocks(origin: MarkdownOrigin): Block[] {
  const blocks: Block[] = [];
  (origin.front ?? "").split("\n").forEach((text, index) => {
    // Comments are notes to editors, not text a visitor reads: they never make a translation stale. Nor does
    // a page's address (`slug:`), which each language gives its own.
    if (text.trim() && text.trim() !== "---" && !text.trim().startsWith("#") && !/^slug\s*:/.test(text))
      blocks.push({ text: text.trim(), line: index + 1, hash: hashText(text) });
  });
  let offset = 0;
  for (const paragraph of origin.body.split(/\n[ \t]*\n/)) {
    const text = paragraph.trim();
    if (!text) continue;
    const at = origin.body.indexOf(text, offset);
    offset = at + text.length;
    blocks.push({
      text,
      line: origin.bodyLine + origin.body.slice(0, at).split("\n").length - 1,
      hash: hashText(text),
    });
  }
  return blocks;
}

/** `pages/about-me`, `testimonials/01-svenja-hollmann`: how the lock and the command name a markdown text. */
export function markdownName(origin: MarkdownOrigin): string {
  return origin.file.replace(/^content\//, "").replace(/\.[a-z]{2}\.md$/, "");
}

/** Every markdown text of a locale by its lock name. */
export function markdownTexts(locale: LocaleContent): Map<string, MarkdownOrigin> {
  const texts = new Map<string, MarkdownOrigin>();
  for (const { origin } of [...Object.values(locale.pages), ...locale.testimonials])
    texts.set(markdownName(origin), origin);
  return texts;
}

/** The lock of a locale as it would be if every translation were reviewed against `source` now. */
export function currentLock(source: LocaleContent): LocaleLock {
  const keys = new Map<string, string>();
  for (const [key, entry] of source.dictionary) keys.set(key, hashText(entry.source ?? entry.text));
  const pages = new Map<string, string[]>();
  for (const [name, origin] of markdownTexts(source))
    pages.set(
      name,
      blocksOf(origin).map((block) => block.hash),
    );
  return { keys, pages };
}
