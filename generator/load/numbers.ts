/**
 * Numbers written the way a locale prints them, where content needs a plain number. YAML reads `2.490`
 * as 2.49 and `2,5` as text, so a German price would ship as "2 €" without this check (issue 12).
 */

/** What a number written in a locale's style would be read as, and how to write it; undefined when plain. */
export function localeNumber(source: string): { reads: string; hint: string } | undefined {
  const text = source.trim();
  // 2.490 or 12.500.000: a dot between groups of three digits is a German thousands separator.
  if (/^-?\d{1,3}(\.\d{3})+$/.test(text))
    return {
      reads: "a number with a thousands separator",
      hint: `Write ${text.replace(/\./g, "")}, digits only, without a thousands separator (YAML reads "${text}" as ${Number(text)}).`,
    };
  // 2.490,50: German thousands and decimals.
  if (/^-?\d{1,3}(\.\d{3})+,\d+$/.test(text))
    return {
      reads: "a number with a thousands separator",
      hint: `Write ${text.replace(/\./g, "").replace(",", ".")}, digits only, with a decimal point.`,
    };
  // 2,490 (English thousands), 1 490, 1'490: never a plain number.
  if (/^-?\d{1,3}([,\s\u00a0\u202f']\d{3})+(\.\d+)?$/.test(text))
    return {
      reads: "a number with a thousands separator",
      hint: `Write ${text.replace(/[,\s\u00a0\u202f']/g, "")}, digits only, with no separator between thousands.`,
    };
  // 2,5: a decimal comma.
  if (/^-?\d+,\d+$/.test(text))
    return {
      reads: "a number with a decimal comma",
      hint: `Write ${text.replace(",", ".")}, with a decimal point: numbers in content are written the same in every language, and each page prints them its own way.`,
    };
  // €2490, 2490 €, 2490 EUR: the currency has a field of its own.
  if (/^(€|EUR\s?)?\s*-?[\d.,]+\s*(€|EUR)?$/i.test(text) && /€|EUR/i.test(text))
    return {
      reads: "an amount with a currency",
      hint: `Write the digits only (${text.replace(/€|EUR|[\s,.](?=\d{3}\b)|\s/gi, "")}); the currency is set in its own field.`,
    };
  return undefined;
}
