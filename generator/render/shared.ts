/**
 * The parts of the layout that are the same on every page of a language (footer, consent banner, the
 * header's brand), rendered once per language and build instead of once per page. A template asks
 * for one with `shared(Part)`; the part gets only the props of the language (LocaleProps).
 *
 * The first page of a language renders the part in place, between two markers, and the markup
 * between them is cut out of that page: so it is the markup React makes in that very place. It is
 * kept only if the part rendered on its own makes the same markup (React moves `<meta>`, `<link>`
 * and `<title>` to the head and adds an image preload there, which an in-place cut would miss);
 * otherwise the part is rendered on every page, as if it were not shared. Later pages render a
 * marker, which the kept markup replaces, and report what the part reported the first time: the
 * translation keys it lacked, in the same order, and (for watch) what it read of the content.
 */
import { randomBytes } from "node:crypto";
import type { ReactElement } from "react";
import type { LocaleProps, SharedPart } from "../../model/page.ts";
import { createElement, Fragment, renderToStaticMarkup } from "./react.ts";

/** A part's markup, and what rendering it reported: reported again on every page that shows it. */
interface Rendering {
  html: string;
  /** Translation keys the language lacks, in the order the part asked for them. */
  missing: string[];
  /** What the part read of the content (watch's read tracking, dev/rebuild-memo.ts). */
  reads: string[];
}

/** A part being rendered in place on the current page, between its begin and end markers. */
interface Recording extends Rendering {
  part: SharedPart;
  id: number;
}

/** One page's use of the shared parts: the `shared` prop, and `finish`, which puts their markup in. */
export interface SharedPage {
  shared: (part: SharedPart) => ReactElement;
  finish: (html: string) => string;
}

/** The shared parts of one build, by language. */
export class SharedParts {
  /** Starts every marker: a private-use character and a random token no content can contain. */
  private readonly marker = `\uE000${randomBytes(9).toString("base64url")}`;
  private readonly known = new Map<string, Map<SharedPart, Rendering | "in place">>();
  private readonly replayRead: (read: string) => void;
  /** Parts whose rendering in place is under way, innermost last. */
  private open: Recording[] = [];

  /** `replayRead`: notes a read of the content for the page being rendered (watch); see noteRead. */
  constructor(replayRead: (read: string) => void = () => {}) {
    this.replayRead = replayRead;
  }

  /** A key the language lacks, as the page's translator reports it: it belongs to the parts rendering now too. */
  noteMissing(key: string): void {
    for (const recording of this.open) recording.missing.push(key);
  }

  /** A read of the content, as watch's read tracking notes it: it belongs to the parts rendering now too. */
  noteRead(read: string): void {
    for (const recording of this.open) recording.reads.push(read);
  }

  /**
   * The shared parts of one page. `props` are the props of its language; `quiet` gives the same
   * with a translator that reports nothing, for the check of a part on its own; `onMissing` is the
   * page's report of a missing key.
   */
  page(locale: string, props: LocaleProps, quiet: () => LocaleProps, onMissing: (key: string) => void): SharedPage {
    // A page that threw left its parts unfinished: they are not this page's.
    this.open = [];
    let known = this.known.get(locale);
    if (!known) this.known.set(locale, (known = new Map()));
    const parts = known;
    const reused = new Map<number, Rendering>();
    const recorded = new Map<number, Recording>();
    let lastId = 0;
    const mark = (kind: "begin" | "end" | "reuse", id: number) => `${this.marker}${kind[0]}${id}\uE001`;

    const Begin = ({ part, id }: { part: SharedPart; id: number }) => {
      this.open.push({ part, id, html: "", missing: [], reads: [] });
      return mark("begin", id);
    };
    const End = ({ id }: { id: number }) => {
      const recording = this.open.pop();
      if (recording?.id !== id) throw new Error("A shared part of the layout ended out of order");
      recorded.set(id, recording);
      return mark("end", id);
    };
    const Reuse = ({ rendering, id }: { rendering: Rendering; id: number }) => {
      for (const key of rendering.missing) onMissing(key);
      for (const read of rendering.reads) this.replayRead(read);
      reused.set(id, rendering);
      return mark("reuse", id);
    };

    const shared = (part: SharedPart): ReactElement => {
      const kept = parts.get(part);
      // Inside a part rendering in place, a part is simply part of it.
      if (this.open.length > 0 || kept === "in place") return createElement(part, props);
      const id = ++lastId;
      if (kept) return createElement(Reuse, { rendering: kept, id });
      return createElement(
        Fragment,
        null,
        createElement(Begin, { part, id }),
        createElement(part, props),
        createElement(End, { id }),
      );
    };

    const finish = (html: string): string => {
      if (lastId === 0) return html;
      let result = "";
      let from = 0;
      const begins = new Map<number, number>();
      for (let at = html.indexOf(this.marker); at !== -1; at = html.indexOf(this.marker, from)) {
        const end = html.indexOf("\uE001", at);
        const kind = html[at + this.marker.length];
        const id = Number(html.slice(at + this.marker.length + 1, end));
        result += html.slice(from, at);
        from = end + 1;
        if (kind === "r") result += reused.get(id)!.html;
        else if (kind === "b") begins.set(id, from);
        else recorded.get(id)!.html = html.slice(begins.get(id), at);
      }
      result += html.slice(from);
      if (begins.size !== recorded.size || reused.size + recorded.size !== lastId)
        throw new Error("A shared part of the layout is missing from its page");
      for (const recording of recorded.values()) {
        if (parts.has(recording.part)) continue;
        const alone = renderToStaticMarkup(createElement(recording.part, quiet()));
        const { html: markup, missing, reads } = recording;
        parts.set(recording.part, alone === markup ? { html: markup, missing, reads } : "in place");
      }
      return result;
    };

    return { shared, finish };
  }
}

/** The shared parts of each build, found by its content and checked against its other inputs. */
const builds = new WeakMap<object, { inputs: readonly unknown[]; parts: SharedParts }>();

/**
 * The shared parts of the build that `content` and `inputs` (templates, assets, links: whatever the
 * props of a language are made of) come from: the same while every one of them is the same object,
 * so a build that renders its pages in batches renders each part once. New content (watch loads it
 * anew for every build) or any other input starts afresh.
 */
export function sharedPartsOf(content: object, ...inputs: unknown[]): SharedParts {
  const known = builds.get(content);
  if (known && known.inputs.length === inputs.length && known.inputs.every((input, index) => input === inputs[index]))
    return known.parts;
  const parts = new SharedParts();
  builds.set(content, { inputs, parts });
  return parts;
}
