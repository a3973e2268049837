import { describe, expect, it } from "vitest";
import { build, MemoryWriter, resolveConfig } from "../../generator/index.ts";
import { inlineScriptHashes } from "../support/html.ts";
import { projectRoot } from "../support/site.ts";

/** The CSP's hashes come from the assets stage, not from the pages: proven here against the pages as built. */
describe("the shipped CSP", () => {
  it("allows exactly the inline scripts the built pages carry, with hashes known before rendering", async () => {
    for (const basePath of ["/", "/ranch/"]) {
      const writer = new MemoryWriter();
      await build(resolveConfig({ root: projectRoot, basePath }), writer);
      const pages = [...writer.files].filter(([file]) => file.endsWith(".html")).map(([, html]) => String(html));
      const headers = String(writer.files.get("_headers"));
      const allowed = [...headers.matchAll(/'(sha256-[^']+)'/g)].map((match) => match[1]);
      expect(new Set(allowed), basePath).toEqual(new Set(inlineScriptHashes(pages)));
      // The head script, the app module, the contact form's script and the speculation rules.
      expect(inlineScriptHashes(pages), basePath).toHaveLength(4);
    }
  });
});
