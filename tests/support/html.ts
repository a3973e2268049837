import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse, type HTMLElement } from "node-html-parser";

/** A built HTML file, parsed. */
export interface BuiltPage {
  file: string;
  root: HTMLElement;
}

/** Reads and parses one output file. */
export async function readPage(dir: string, file: string): Promise<BuiltPage> {
  return { file, root: parse(await readFile(path.join(dir, file), "utf8"), { comment: false }) };
}

/** The visible text of a page: body text without scripts, and without parts marked as another language. */
export function visibleText(page: BuiltPage): string {
  const body = page.root.querySelector("body")!.clone() as HTMLElement;
  const lang = page.root.querySelector("html")!.getAttribute("lang");
  for (const element of body.querySelectorAll("script, style, [hidden]:not([role=tooltip])")) element.remove();
  for (const element of body.querySelectorAll("[lang]")) if (element.getAttribute("lang") !== lang) element.remove();
  return body.textContent.replace(/\s+/g, " ");
}
