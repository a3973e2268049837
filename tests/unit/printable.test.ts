/**
 * What the terminal is given of a file name or a message: control characters as text (`\x1b`), so a name a
 * pulled commit brings cannot recolour, move or clear the maintainer's terminal, nor break a located line.
 */
import { describe, expect, it } from "vitest";
import { formatPlace, printable } from "../../generator/errors.ts";

describe("printable", () => {
  it("writes escape sequences, carriage returns and C1 controls as text", () => {
    expect(printable("a\u001b[2Jb\rc\u009b31md\u007f")).toBe("a\\x1b[2Jb\\x0dc\\x9b31md\\x7f");
  });

  it("keeps a message's line breaks and tabs, and a name's too only when asked", () => {
    expect(printable("line one\n\tline two")).toBe("line one\n\tline two");
    expect(printable("new\nline\t.yaml", { lines: false })).toBe("new\\x0aline\\x09.yaml");
  });

  it("leaves every other character as it is", () => {
    expect(printable("Über „uns“ – 😀 ü")).toBe("Über „uns“ – 😀 ü");
  });

  it("keeps a located line one line, whatever the file is called", () => {
    expect(formatPlace({ file: "content/pages/new\nline.en.md", line: 3, column: 2 })).toBe(
      "content/pages/new\\x0aline.en.md:3:2",
    );
  });
});
