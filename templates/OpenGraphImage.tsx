import type { Site, Translate } from "../model/content.ts";
import type { OpenGraphProps } from "../model/page.ts";
import { Landscape } from "./components/Landscape.tsx";

export const openGraphSize = { width: 1200, height: 630 };

/** Fonts every build machine has (no network): the same local fallbacks the site shows before consent. */
const serif = "'Liberation Serif', 'Times New Roman', 'DejaVu Serif', serif";
const sans = "'Liberation Sans', Arial, 'DejaVu Sans', sans-serif";

/**
 * The social card of one language, 1200 × 630, rasterised by the build: the hero's title over the site's
 * landscape art. Text is wrapped here, by estimated glyph widths of the bold serif, into at most three lines.
 */
export function OpenGraphImage({ t, site }: OpenGraphProps) {
  const title = fitTitle(t("hero.title"), 660);
  const leading = title.size * 1.08;
  const block = 34 + 28 + title.size * 0.9 + (title.lines.length - 1) * leading + 72;
  const eyebrow = (630 - block) / 2 + 34;
  const firstLine = eyebrow + 28 + title.size * 0.9;
  const lastLine = firstLine + (title.lines.length - 1) * leading;
  return (
    <svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
      <defs>
        <linearGradient id="veil" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#fbf8f1" stopOpacity="0.97" />
          <stop offset="0.55" stopColor="#fbf8f1" stopOpacity="0.9" />
          <stop offset="0.78" stopColor="#fbf8f1" stopOpacity="0" />
        </linearGradient>
      </defs>
      <Landscape {...openGraphSize} />
      <rect width="1200" height="630" fill="url(#veil)" />
      <text x="80" y={eyebrow} fill="#9a3f20" fontFamily={serif} fontStyle="italic" fontSize="34">
        {site.name}
      </text>
      <text fill="#1f3327" fontFamily={serif} fontWeight="700" fontSize={title.size}>
        {title.lines.map((line, index) => (
          <tspan key={index} x="80" y={firstLine + index * leading}>
            {line}
          </tspan>
        ))}
      </text>
      <text x="80" y={lastLine + 72} fill="#3b4a40" fontFamily={sans} fontSize="30">
        {t("hero.eyebrow")}
      </text>
    </svg>
  );
}

/** The words on the card and what the drawing behind them shows, as one alt text in the page's language. */
export function openGraphAlt(t: Translate, site: Site): string {
  return `${site.name}: ${t("hero.title")}. ${t("hero.eyebrow")}. ${t("meta.imageAlt")}`;
}

/** Em widths of Liberation Serif Bold, by kind of character: close enough to wrap safely. */
function estimateWidth(text: string, size: number): number {
  let ems = 0;
  for (const char of text) {
    if (char === " ") ems += 0.25;
    else if (/[iljtfr.,:;'!|]/.test(char)) ems += 0.33;
    else if (/[mwMW]/.test(char)) ems += 0.9;
    else if (/[A-ZÄÖÜ]/.test(char)) ems += 0.72;
    else ems += 0.52;
  }
  return ems * size;
}

/** The largest of a few sizes at which the title fits the width in three lines or fewer. */
function fitTitle(text: string, width: number): { size: number; lines: string[] } {
  for (const size of [76, 68, 60, 52]) {
    const lines = wrap(text, size, width);
    if (lines.length <= 3 && lines.every((line) => estimateWidth(line, size) <= width)) return { size, lines };
  }
  // A very long title: small enough that its longest word fits, in as many lines as it takes.
  const longest = Math.max(...text.split(/\s+/).map((word) => estimateWidth(word, 1)));
  const size = Math.min(46, Math.floor(width / longest));
  return { size, lines: wrap(text, size, width) };
}

function wrap(text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && estimateWidth(`${last} ${word}`, size) <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}
