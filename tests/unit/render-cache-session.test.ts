import { access, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RenderCache } from "../../generator/cache/render.ts";

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

describe("the render cache of a watch session", () => {
  it("writes on flush, not after each build, and a later session reads what it wrote", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "ranch-cache-session-"));
    try {
      const file = path.join(root, "node_modules/.cache/ranch-site/rendered.json");
      const session = await RenderCache.open(root, true, true);
      let computed = 0;
      const render = (text: string) => (computed++, text.toUpperCase());
      expect(session.getNow("test/1", "deich", render)).toBe("DEICH");
      await session.save();
      expect(await exists(file)).toBe(false);
      await session.flush();
      expect(await exists(file)).toBe(true);

      const next = await RenderCache.open(root, true, true);
      expect(next.getNow("test/1", "deich", render)).toBe("DEICH");
      expect(computed).toBe(1);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it("of a one-off build writes as the build ends", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "ranch-cache-build-"));
    try {
      const cache = await RenderCache.open(root, true);
      cache.getNow("test/1", "weide", (text) => text.toUpperCase());
      await cache.save();
      expect(await exists(path.join(root, "node_modules/.cache/ranch-site/rendered.json"))).toBe(true);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it("keeps a result while its inputs stay the same values, across builds, and computes afresh when one changes", async () => {
    const session = await RenderCache.open("/nonexistent", false, true);
    const page = { file: "content/pages/imprint.de.md" };
    let runs = 0;
    const verdict = (inputs: unknown[]) => session.rememberWhile("legal facts", inputs, () => ++runs);
    expect(verdict(["site", page])).toBe(1);
    expect(verdict(["site", page])).toBe(1);
    await session.save();
    expect(verdict(["site", page])).toBe(1);
    // Another object with the same fields is another file's loading: compared by reference, it counts as a change.
    expect(verdict(["site", { ...page }])).toBe(2);
    expect(verdict(["site changed", page])).toBe(3);
    // A one-off build keeps nothing.
    const once = await RenderCache.open("/nonexistent", false);
    expect(once.rememberWhile("legal facts", ["site"], () => ++runs)).toBe(4);
    expect(once.rememberWhile("legal facts", ["site"], () => ++runs)).toBe(5);
  });
});
