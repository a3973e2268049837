/**
 * `build` ships the web editor only when asked for: with `--admin` or `editor:` in site.yaml, never
 * otherwise. Shipped, /admin/ has its page, its configuration with the Git host it saves to, Decap's
 * bundle from npm, and its own policy in every host configuration, and the site's meta policy leaves it alone.
 */
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { build, MemoryWriter, resolveConfig } from "../../generator/index.ts";
import { copyProject, editFile } from "../support/project.ts";
import { projectRoot } from "../support/site.ts";

const built = async (root: string, options: { admin?: boolean; metaCsp?: boolean } = {}) => {
  const writer = new MemoryWriter();
  await build(resolveConfig({ root, ...options }), writer);
  return writer.files;
};

describe("build and the web editor", () => {
  it("ships no /admin/ unless asked for", async () => {
    const files = await built(projectRoot);
    expect([...files.keys()].filter((file) => file.startsWith("admin/"))).toEqual([]);
    expect(String(files.get("nginx.conf"))).not.toContain("admin");
  });

  it("ships /admin/ with --admin: page, configuration, Decap's bundle, and its own policy", async () => {
    const files = await built(projectRoot, { admin: true, metaCsp: true });
    const page = String(files.get("admin/index.html"));
    expect(page).toContain('<script src="decap-cms.js"></script>');
    expect(page).toMatch(
      /<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'unsafe-eval'/,
    );
    // The site's own meta policy, which would forbid the editor's styles, is not added to it.
    expect(page.match(/Content-Security-Policy/g)).toHaveLength(1);
    expect(files.get("admin/decap-cms.js")?.length).toBeGreaterThan(1_000_000);
    const config = parse(String(files.get("admin/config.yml"))) as {
      backend: unknown;
      collections: { name: string }[];
    };
    expect(config.backend).toEqual({ name: "git-gateway", branch: "main" });
    expect(config.collections.map((collection) => collection.name)).toEqual([
      "site",
      "photos",
      "testimonials",
      "pages",
      "texts",
    ]);
    expect(String(files.get("nginx.conf"))).toMatch(/location \/admin\/ \{[^}]*script-src 'self' 'unsafe-eval'/);
    expect(String(files.get("_headers"))).toMatch(/\/admin\/\*\n {2}! Content-Security-Policy\n/);
  });

  it("ships /admin/ when site.yaml names the repository the editor commits to", async () => {
    const root = await copyProject();
    await editFile(
      root,
      "content/site.yaml",
      "\nnavigation:\n",
      "\neditor:\n  repo: deichhof/ranch-site\n\nnavigation:\n",
    );
    const files = await built(root);
    const config = parse(String(files.get("admin/config.yml"))) as { backend: unknown; publish_mode: string };
    expect(config.backend).toEqual({ name: "github", repo: "deichhof/ranch-site", branch: "main" });
    // A save is a pull request, checked by the deploy workflow before it lands.
    expect(config.publish_mode).toBe("editorial_workflow");
  });
});
