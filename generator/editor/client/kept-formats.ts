/**
 * File formats that keep the file as it was: Decap reads a YAML file or a markdown file's front matter into
 * data and writes it anew on save, without its comments, in its own quoting and order. These formats keep
 * the text as read beside the data, under a key no form shows, and write a save as `watch --admin` does,
 * with generator/editor/content-edit.ts: only the values that changed, each in place. So a save through
 * GitHub is the same one-line change as a save on the owner's computer. A file that does not parse is not
 * opened at all: a form over it would be empty, and its save would write that over the owner's text.
 */
import { parse, stringify } from "yaml";
import { mergeMarkdown, mergeYaml } from "../content-edit.ts";

/** The key that carries the text as read, through Decap's entry and back into the save. */
export const keptText = "__ranchSiteText";

/** Decap's custom format interface (CMS.registerCustomFormat). */
interface Formatter {
  fromFile(text: string): Record<string, unknown>;
  toFile(data: Record<string, unknown>): string;
}

const frontMatter = /^---\r?\n([\s\S]*?\r?\n)?---(?:\r?\n|$)/;

/** Called with the error of a file that does not parse and its line, before Decap shows that its entry failed. */
export type Unreadable = (error: Error, line?: number) => void;

/** The line of the file where YAML's error is, counted from the file's first line (`offset`: lines before the YAML). */
function lineOf(error: unknown, offset: number): number | undefined {
  const line = (error as { linePos?: { line: number }[] }).linePos?.[0]?.line;
  return line === undefined ? undefined : line + offset;
}

/** The data without the kept text and without what the form left undefined. */
function withoutKept(data: Record<string, unknown>): [string | undefined, Record<string, unknown>] {
  const { [keptText]: kept, ...rest } = data;
  const defined = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  return [typeof kept === "string" ? kept : undefined, defined];
}

/** YAML files (site.yaml, the dictionaries, images.yaml). */
export function keptYaml(unreadable: Unreadable): Formatter {
  return {
    fromFile(text) {
      try {
        const data = (parse(text) ?? {}) as Record<string, unknown>;
        return { ...data, [keptText]: text };
      } catch (error) {
        unreadable(error as Error, lineOf(error, 0));
        throw error;
      }
    },
    toFile(data) {
      const [kept, rest] = withoutKept(data);
      const edited = stringify(rest, { lineWidth: 0 });
      return kept === undefined ? edited : mergeYaml(kept, edited);
    },
  };
}

/** Markdown with YAML front matter (pages, testimonials): the body is Decap's `body` field. */
export function keptFrontMatter(unreadable: Unreadable): Formatter {
  return {
    fromFile(text) {
      const match = frontMatter.exec(text);
      try {
        const data = (match ? parse(match[1] ?? "") : {}) as Record<string, unknown> | null;
        return { ...data, body: match ? text.slice(match[0].length) : text, [keptText]: text };
      } catch (error) {
        // The front matter starts on the file's second line, after `---`.
        unreadable(error as Error, lineOf(error, 1));
        throw error;
      }
    },
    toFile(data) {
      const [kept, { body = "", ...rest }] = withoutKept(data);
      const edited = `---\n${stringify(rest, { lineWidth: 0 })}---\n${String(body)}`;
      return kept === undefined ? edited : mergeMarkdown(kept, edited);
    },
  };
}
