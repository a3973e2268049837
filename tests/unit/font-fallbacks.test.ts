/**
 * templates/styles/fonts.css holds the fallback faces tests/support/font-fallbacks.ts derives from real font
 * metrics, to the hundredth of a percent; a face edited by eye, or a font package updated, fails here.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import postcss, { type AtRule } from "postcss";
import { beforeAll, describe, expect, it } from "vitest";
import {
  deriveFace,
  deriveOverrides,
  fallbackFaces,
  systemMetrics,
  webMetrics,
  type FallbackFace,
  type Overrides,
} from "../support/font-fallbacks.ts";
import { projectRoot } from "../support/site.ts";

const stylesDir = path.join(projectRoot, "templates/styles");

/** The descriptors of every @font-face rule of a stylesheet, by name. */
async function fontFaces(file: string): Promise<Record<string, string>[]> {
  const root = postcss.parse(await readFile(path.join(stylesDir, file), "utf8"), { from: file });
  const faces: Record<string, string>[] = [];
  root.walkAtRules("font-face", (rule: AtRule) => {
    const descriptors: Record<string, string> = {};
    rule.walkDecls((declaration) => {
      descriptors[declaration.prop] = declaration.value;
    });
    faces.push(descriptors);
  });
  return faces;
}

/** A face's descriptors as fonts.css writes them. */
const descriptorsOf = (face: FallbackFace & Overrides) => ({
  "font-family": `"${face.family}"`,
  src: face.local.map((font) => `local("${font.name}")`).join(", "),
  "font-weight": String(face.weight),
  ...(face.unicodeRange ? { "unicode-range": face.unicodeRange } : {}),
  "size-adjust": `${face.sizeAdjust}%`,
  "ascent-override": `${face.ascentOverride}%`,
  "descent-override": `${face.descentOverride}%`,
  "line-gap-override": `${face.lineGapOverride}%`,
});

let derived: (FallbackFace & Overrides)[];
beforeAll(async () => {
  derived = await Promise.all(fallbackFaces.map(deriveFace));
});

describe("metric-matched fallback faces", () => {
  it("fonts.css declares exactly the derived faces, with the derived numbers", async () => {
    expect(await fontFaces("fonts.css")).toEqual(derived.map(descriptorsOf));
  });

  it("derives Capsize's numbers: Inter over Arial is 107.12 % with the web face's line metrics", async () => {
    // Inter's regular: 2048 units, ascent 1984, descent −494, average width 978; Arial's average width 913.
    const overrides = deriveOverrides(
      { unitsPerEm: 2048, ascent: 1984, descent: -494, lineGap: 0, xWidthAvg: 978 },
      { unitsPerEm: 2048, ascent: 1854, descent: -434, lineGap: 67, xWidthAvg: 913 },
    );
    expect(overrides).toEqual({
      sizeAdjust: 107.12,
      ascentOverride: 90.44,
      descentOverride: 22.52,
      lineGapOverride: 0,
    });
  });

  it("every system font a face names needs that face's size-adjust within 0.3 %", async () => {
    const off: string[] = [];
    for (const face of fallbackFaces) {
      const web = await webMetrics(face.web);
      const [first, ...others] = await Promise.all(face.local.map((font) => systemMetrics(font.metrics)));
      for (const [index, metrics] of others.entries()) {
        const ratio = deriveOverrides(web, metrics).sizeAdjust / deriveOverrides(web, first!).sizeAdjust;
        if (Math.abs(ratio - 1) > 0.003) off.push(`${face.family} ${face.weight}: ${face.local[index + 1]!.name}`);
      }
    }
    expect(off).toEqual([]);
  });

  it("the font stacks name every fallback family, each after its web font, and no other stylesheet declares a face", async () => {
    const base = await readFile(path.join(stylesDir, "base.css"), "utf8");
    const stacks = postcss
      .parse(base)
      .nodes.flatMap((node) =>
        node.type === "rule" && node.selector === ":root"
          ? node.nodes.flatMap((child) =>
              child.type === "decl" && child.prop.startsWith("--font-") ? [child.value.replace(/\s+/g, " ")] : [],
            )
          : [],
      );
    for (const family of new Set(fallbackFaces.map((face) => face.family))) {
      const stack = stacks.find((candidate) => candidate.includes(`"${family}"`));
      expect(stack, family).toBeDefined();
      const webFamily = family.replace(/ Fallback.*$/, "");
      expect(stack!.startsWith(`"${webFamily}",`), stack).toBe(true);
    }
    for (const file of [
      "base.css",
      "layout.css",
      "components.css",
      "dates.css",
      "pictures.css",
      "home.css",
      "pages.css",
    ])
      expect(await fontFaces(file), file).toEqual([]);
  });
});
