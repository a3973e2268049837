/**
 * The metric-matched fallback faces of templates/styles/fonts.css, derived from real font metrics rather than
 * set by eye: the web fonts' from the Fontsource files the browser tests serve (the same files Google Fonts
 * serves), the system fonts' from Capsize's metrics (their records, copied from @capsizecss/metrics 4.3.0 into
 * system-font-metrics.json: the package is 169 MB for these four). `npx tsx tests/support/font-fallbacks.ts` prints the
 * @font-face rules; tests/unit/font-fallbacks.test.ts fails when fonts.css drifts from them.
 *
 * The method is Capsize's createFontStack (and Next.js's adjustFontFallback): size-adjust is the ratio of the
 * two faces' average character widths (weighted by letter frequency), so a line of text takes the same width
 * in either face; the ascent, descent and line-gap overrides give the fallback the web face's vertical metrics,
 * divided by size-adjust because the browser scales them by it too (CSS Fonts 5, §4.7–4.10).
 */
import path from "node:path";
import { fromFile } from "@capsizecss/unpack/fs";
import systemFontMetrics from "./system-font-metrics.json" with { type: "json" };
import { projectRoot } from "./site.ts";

/** The metrics a face needs: font units, ascent positive, descent negative. */
export interface FontMetrics {
  ascent: number;
  descent: number;
  lineGap: number;
  unitsPerEm: number;
  xWidthAvg: number;
}

/** A system font a fallback face names in `local()`, with the Capsize metrics that describe it. */
interface LocalFont {
  /** The full font name `local()` matches (CSS Fonts 4, §4.3.1). */
  name: string;
  /** The record of system-font-metrics.json, named as the module of @capsizecss/metrics it comes from: `arial/700`. */
  metrics: string;
}

/** One fallback @font-face: the web face it stands in for and the system fonts it may use, best first. */
export interface FallbackFace {
  family: string;
  weight: number;
  /** The Fontsource file of the web face (latin subset), relative to node_modules. */
  web: string;
  local: LocalFont[];
  /** Code points the face leaves to the next family of the stack. */
  unicodeRange?: string;
}

// Liberation Sans and Liberation Serif are metric-compatible with Arial and Times New Roman (same advance
// widths and vertical metrics, checked with @capsizecss/unpack on Debian's files): they share those metrics.
const arial = { name: "Arial", metrics: "arial" };
const arialBold = { name: "Arial Bold", metrics: "arial/700" };
const liberationSans = { name: "Liberation Sans", metrics: "arial" };
const liberationSansBold = { name: "Liberation Sans Bold", metrics: "arial/700" };
const timesBold = [
  { name: "Liberation Serif Bold", metrics: "timesNewRoman/700" },
  { name: "Times New Roman Bold", metrics: "timesNewRoman/700" },
];
const inter = (weight: number) => `@fontsource/inter/files/inter-latin-${weight}-normal.woff2`;
const playfair = (weight: number) => `@fontsource/playfair-display/files/playfair-display-latin-${weight}-normal.woff2`;

/**
 * Every fallback face, one per web weight the site sets (Inter 400, 600, 700; Playfair Display 600, 700: the
 * fonts URL of content/site.yaml loads no other Playfair weight, so text set at 400 gets 600 in either case).
 * Bold text gets a system font's real bold, not a regular face emboldened by the browser.
 */
export const fallbackFaces: FallbackFace[] = [
  // Windows, macOS and iOS have Arial, Linux Liberation Sans, Android Roboto: Roboto's regular needs Arial's
  // numbers within 0.3 %. One family per text face and nothing more: each family in a stack whose local font a
  // system lacks is looked up again for every run of text, and on Lighthouse's phone the faces for Georgia,
  // Roboto Bold and Noto Serif, missing there, cost 300 ms of blocking time on the longer pages.
  {
    family: "Inter Fallback",
    weight: 400,
    web: inter(400),
    local: [liberationSans, arial, { name: "Roboto", metrics: "roboto" }],
  },
  { family: "Inter Fallback", weight: 600, web: inter(600), local: [liberationSansBold, arialBold] },
  { family: "Inter Fallback", weight: 700, web: inter(700), local: [liberationSansBold, arialBold] },
  // Times New Roman (Windows, macOS, iOS) and Liberation Serif (Linux): the same metrics, lining figures.
  ...[600, 700].map((weight) => ({
    family: "Playfair Display Fallback",
    weight,
    web: playfair(weight),
    local: timesBold,
  })),
];

/** The four overrides, as percentages rounded to two decimals, as fonts.css writes them. */
export interface Overrides {
  sizeAdjust: number;
  ascentOverride: number;
  descentOverride: number;
  lineGapOverride: number;
}

/** The overrides that make a face with the fallback's metrics take the space of one with the web face's. */
export function deriveOverrides(web: FontMetrics, fallback: FontMetrics): Overrides {
  const sizeAdjust = web.xWidthAvg / web.unitsPerEm / (fallback.xWidthAvg / fallback.unitsPerEm);
  const em = web.unitsPerEm * sizeAdjust;
  const percent = (value: number) => Math.round(value * 10_000) / 100;
  return {
    sizeAdjust: percent(sizeAdjust),
    ascentOverride: percent(web.ascent / em),
    descentOverride: percent(Math.abs(web.descent) / em),
    lineGapOverride: percent(web.lineGap / em),
  };
}

/** The metrics of a web face, read from its Fontsource file by a font parser. */
export const webMetrics = (file: string): Promise<FontMetrics> =>
  fromFile(path.join(projectRoot, "node_modules", file));

/** The metrics Capsize publishes for a system font. */
export async function systemMetrics(name: string): Promise<FontMetrics> {
  const metrics = (systemFontMetrics.metrics as Record<string, FontMetrics>)[name];
  if (!metrics) throw new Error(`No metrics for "${name}" in tests/support/system-font-metrics.json`);
  return metrics;
}

/** A face with its overrides: derived from its first local font, the one most visitors have. */
export async function deriveFace(face: FallbackFace): Promise<FallbackFace & Overrides> {
  return { ...face, ...deriveOverrides(await webMetrics(face.web), await systemMetrics(face.local[0]!.metrics)) };
}

/** The @font-face rule fonts.css holds for a face. */
export function fontFaceRule(face: FallbackFace & Overrides): string {
  return [
    "@font-face {",
    `  font-family: "${face.family}";`,
    `  src: ${face.local.map((font) => `local("${font.name}")`).join(", ")};`,
    `  font-weight: ${face.weight};`,
    ...(face.unicodeRange ? [`  unicode-range: ${face.unicodeRange};`] : []),
    `  size-adjust: ${face.sizeAdjust}%;`,
    `  ascent-override: ${face.ascentOverride}%;`,
    `  descent-override: ${face.descentOverride}%;`,
    `  line-gap-override: ${face.lineGapOverride}%;`,
    "}",
  ].join("\n");
}

if (process.argv[1] === import.meta.filename) {
  for (const face of fallbackFaces) console.log(fontFaceRule(await deriveFace(face)));
}
