/**
 * A hint for a line indented wrongly names that line and the number of spaces that mends it: following
 * the hint gives back the file as it was. Tried on the error cases (tests/error-cases/indent-*), and on
 * every key and list item of a few groups of the three kinds of YAML the site has (site.yaml, a
 * dictionary, a page's front matter), each moved one space left and right. In the cli tier: the sweep
 * parses the files a few hundred times.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { readYaml } from "../../generator/io/yaml.ts";
import { projectRoot } from "../support/site.ts";

/** A YAML text as the loaders read it: a page's front matter starts on the line after its `---`. */
interface Text {
  file: string;
  text: string;
  lineOffset: number;
}

async function yamlOf(file: string, text?: string): Promise<Text> {
  const whole = text ?? (await readFile(path.join(projectRoot, file), "utf8"));
  if (!file.endsWith(".md")) return { file, text: whole, lineOffset: 0 };
  return { file, text: whole.slice(4, whole.indexOf("\n---", 3) + 1), lineOffset: 1 };
}

/** The values only: where each stood is no part of what the file says. */
const valuesOf = ({ file, text, lineOffset }: Text) =>
  JSON.stringify(readYaml(text, file, lineOffset).root, (key, value: unknown) =>
    key === "at" || key === "keyAt" ? undefined : value,
  );

/**
 * The text with the hint of its first error followed: the named line indented by the number of spaces it
 * gives; undefined when it parses, or its first error is no indentation slip.
 */
function followHint({ file, text, lineOffset }: Text): { line: number; spaces: number; followed: Text } | undefined {
  const [error] = readYaml(text, file, lineOffset).errors;
  if (!error || !/^YAML syntax error: This line is indented by \d+ spaces?, the other /.test(error.reason)) return;
  const hint = /^(?:Indent .* by (\d+) spaces?|Start .* at the beginning of the line), like the other /.exec(
    error.hint!,
  );
  if (!hint) return;
  const spaces = Number(hint[1] ?? 0);
  const lines = text.split("\n");
  const index = error.place.line! - 1 - lineOffset;
  lines[index] = " ".repeat(spaces) + lines[index]!.trimStart();
  return { line: error.place.line!, spaces, followed: { file, text: lines.join("\n"), lineOffset } };
}

describe("the indentation error cases", async () => {
  const casesDir = path.join(projectRoot, "tests/error-cases");
  const names = (await readdir(casesDir)).filter((name) => name.startsWith("indent-") || name === "over-indented-line");

  it.for(names)("%s: following the hint mends the file", async (name) => {
    const spec = parse(await readFile(path.join(casesDir, name, "case.yaml"), "utf8")) as Record<string, string>;
    const original = await readFile(path.join(projectRoot, spec["edit"]!), "utf8");
    const broken = await yamlOf(
      spec["edit"]!,
      original.replace(spec["replace"]!, () => spec["with"]!),
    );
    const hint = followHint(broken);
    expect(hint, readYaml(broken.text, broken.file, broken.lineOffset).errors[0]?.message).toBeDefined();
    expect(readYaml(hint!.followed.text, broken.file, broken.lineOffset).errors).toEqual([]);
    expect(valuesOf(hint!.followed)).toBe(valuesOf(await yamlOf(spec["edit"]!, original)));
  });
});

/**
 * Groups to move every line of, by file and line range (1-based, inclusive): prices and dates of site.yaml,
 * the hero of a dictionary, an offer's wording in the pricing page's front matter.
 */
const groups: [string, number, number][] = [
  ["content/site.yaml", 81, 105],
  ["content/i18n/de.yaml", 26, 42],
  ["content/pages/pricing.en.md", 6, 20],
];
/**
 * Slips that two readings mend alike, where the hint takes the other one: a key one space right of its group
 * sits one space left of the deeper group that ends above it, and reads as that group's last key.
 */
// Named by file, key and shift, so that lines added above it do not move it.
const ambiguous = new Set(["content/i18n/de.yaml bookTraining +1"]);

describe("every key and item of a few groups, one space too far or too short", async () => {
  const slips = (
    await Promise.all(
      groups.map(async ([file, first, last]) => {
        const whole = await readFile(path.join(projectRoot, file), "utf8");
        const { lineOffset } = await yamlOf(file);
        const lines = whole.split("\n");
        return lines.flatMap((line, index) => {
          const number = index + 1;
          const keyOrItem = /^ *(- |[\w-]+:( |$))/.test(line) && number >= first && number <= last;
          return keyOrItem ? [-1, 1].map((shift) => ({ file, whole, number, shift, lineOffset })) : [];
        });
      }),
    )
  ).flat();

  it("covers each group", () => {
    for (const [file] of groups) expect(slips.filter((slip) => slip.file === file).length).toBeGreaterThan(20);
  });

  it("names the slipped line and its own indent, or the file still parses", async () => {
    const wrong: string[] = [];
    const originals = new Map<string, string>();
    for (const { file, whole, number, shift } of slips) {
      const lines = whole.split("\n");
      const indent = /^ */.exec(lines[number - 1]!)![0].length;
      if (
        indent + shift < 0 ||
        ambiguous.has(`${file} ${/[\w-]+/.exec(lines[number - 1]!)?.[0]} ${shift > 0 ? "+" : ""}${shift}`)
      )
        continue;
      lines[number - 1] = " ".repeat(indent + shift) + lines[number - 1]!.trimStart();
      const broken = await yamlOf(file, lines.join("\n"));
      const hint = followHint(broken);
      // Some moves are valid YAML (a value's text continued on the next line): the schema speaks of those.
      if (!hint && readYaml(broken.text, file, broken.lineOffset).errors.length === 0) continue;
      if (!originals.has(file)) originals.set(file, valuesOf(await yamlOf(file, whole)));
      const mended = hint && valuesOf(hint.followed) === originals.get(file);
      if (!hint || hint.line !== number || hint.spaces !== indent || !mended)
        wrong.push(
          `${file}:${number} moved by ${shift}: ${readYaml(broken.text, file, broken.lineOffset).errors[0]?.message}`,
        );
    }
    expect(wrong).toEqual([]);
  });
});
