/**
 * `build` ships the web editor only when asked for: with `--admin` or `editor:` in site.yaml, never
 * otherwise. Shipped, /admin/ has its page, its configuration with the Git host it saves to, Decap's
 * bundle from npm, and its own policy in every host configuration, and the site's meta policy leaves it alone.
 */
import { describe, expect, it } from "vitest";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "yaml";
import { build, MemoryWriter, resolveConfig } from "../../generator/index.ts";
import { copyProject, editFile } from "../support/project.ts";
import { projectRoot } from "../support/site.ts";

const built = async (root: string, options: { admin?: boolean; metaCsp?: boolean } = {}) =>
  (await builtWithReport(root, options)).files;

const builtWithReport = async (root: string, options: { admin?: boolean; metaCsp?: boolean } = {}) => {
  const writer = new MemoryWriter();
  const report = await build(resolveConfig({ root, ...options }), writer);
  return { files: writer.files, warnings: report.contentWarnings.map((warning) => warning.message) };
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
    // The editor's own script first: it starts Decap in the browser's language (generator/editor/client/admin.ts).
    expect(page).toContain('<script src="editor.js"></script>\n<script src="decap-cms.js"></script>');
    expect(String(files.get("admin/editor.js"))).toContain("CMS_MANUAL_INIT");
    expect(page).toMatch(
      /<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'unsafe-eval'/,
    );
    // The site's own meta policy, which would forbid the editor's styles, is not added to it.
    expect(page.match(/Content-Security-Policy/g)).toHaveLength(1);
    expect(files.get("admin/decap-cms.js")?.length).toBeGreaterThan(1_000_000);
    // One configuration per interface language, each naming Decap's own words of that language.
    expect([...files.keys()].filter((file) => /^admin\/config\./.test(file)).sort()).toEqual([
      "admin/config.de.yml",
      "admin/config.en.yml",
    ]);
    expect(parse(String(files.get("admin/config.de.yml"))).locale).toBe("de");
    const config = parse(String(files.get("admin/config.en.yml"))) as {
      backend: unknown;
      collections: { name: string }[];
    };
    // Without `editor:` there is no repository to name: Netlify's Git Gateway, which check warns is deprecated.
    expect(config.backend).toEqual({ name: "git-gateway", branch: "main" });
    expect(config.collections.map((collection) => collection.name)).toEqual([
      "site",
      "photos",
      "testimonials",
      "pages",
      "texts",
    ]);
    expect(String(files.get("nginx.conf"))).toMatch(/location \/admin\/ \{[^}]*script-src 'self' 'unsafe-eval'/);
    // On Netlify and Cloudflare, no block that matches /admin/ sets the site's policy: both would join it with the
    // editor's (tests/host/real-hosts.test.ts proves it on their runtimes).
    const headers = String(files.get("_headers"));
    expect(headers).toMatch(
      /\n\/admin\/\*\n(  .*\n)*  Content-Security-Policy: default-src 'self'; script-src 'self' 'unsafe-eval'/,
    );
    expect(headers).toMatch(/\n\/admin\/\*\n(  .*\n)*  Cross-Origin-Opener-Policy: same-origin-allow-popups\n/);
    const everywhere = headers.split("\n\n").find((block) => /^\/\*$/m.test(block))!;
    expect(everywhere).toContain("X-Content-Type-Options: nosniff");
    expect(everywhere).not.toMatch(/Content-Security-Policy|Cross-Origin-Opener-Policy/);
  });

  it("ships /admin/ when site.yaml names the repository, signing in with an access token: no server of anyone's", async () => {
    const root = await copyProject();
    await editFile(
      root,
      "content/site.yaml",
      "\nnavigation:\n",
      "\neditor:\n  repo: deichhof/ranch-site\n\nnavigation:\n",
    );
    const files = await built(root);
    const config = parse(String(files.get("admin/config.de.yml"))) as { backend: unknown; publish_mode?: string };
    // Decap's GitHub backend with the token form as its login (generator/editor/client/sign-in.ts).
    expect(config.backend).toEqual({ name: "github-token", repo: "deichhof/ranch-site", branch: "main" });
    // Publish is one commit on the branch; the deploy workflow checks it before the site changes.
    expect(config.publish_mode).toBeUndefined();
    expect(String(files.get("admin/editor.js"))).toContain('repo:"deichhof/ranch-site"');
  });

  it("logs in to GitHub through the OAuth service site.yaml names, and lets the editor reach GitHub's API only", async () => {
    const root = await copyProject();
    await editFile(
      root,
      "content/site.yaml",
      "\nnavigation:\n",
      "\neditor:\n  repo: deichhof/ranch-site\n  base_url: https://auth.deichhof.example\n  auth_endpoint: github/auth\n\nnavigation:\n",
    );
    const { files, warnings } = await builtWithReport(root);
    const config = parse(String(files.get("admin/config.en.yml"))) as { backend: unknown };
    expect(config.backend).toEqual({
      name: "github",
      repo: "deichhof/ranch-site",
      branch: "main",
      base_url: "https://auth.deichhof.example",
      auth_endpoint: "github/auth",
    });
    expect(warnings.filter((warning) => /Git Gateway/.test(warning))).toEqual([]);
    // The editor reads and commits through api.github.com from the browser: its policy allows that host,
    // in the page's meta tag and in every host file, and the site's own pages do not.
    const connect = /connect-src 'self' blob: data: https:\/\/api\.github\.com;/;
    expect(String(files.get("admin/index.html"))).toMatch(connect);
    expect(String(files.get("_headers"))).toMatch(connect);
    expect(String(files.get("nginx.conf"))).toMatch(connect);
    expect(String(files.get("index.html"))).not.toContain("api.github.com");
  });

  it("warns where site.yaml chooses Netlify's deprecated Git Gateway, and where --admin falls back to it", async () => {
    const root = await copyProject();
    await editFile(
      root,
      "content/site.yaml",
      "\nnavigation:\n",
      "\neditor:\n  repo: deichhof/ranch-site\n  backend: git-gateway\n\nnavigation:\n",
    );
    const { files, warnings } = await builtWithReport(root);
    expect(parse(String(files.get("admin/config.en.yml"))).backend).toEqual({ name: "git-gateway", branch: "main" });
    const line = (await readFile(path.join(root, "content/site.yaml"), "utf8"))
      .split("\n")
      .indexOf("  backend: git-gateway");
    expect(warnings).toContainEqual(
      expect.stringMatching(
        new RegExp(`^content/site\\.yaml:${line + 1}:\\d+: warning: backend: git-gateway .* Netlify marks deprecated`),
      ),
    );
    const plain = await builtWithReport(projectRoot, { admin: true });
    expect(plain.warnings).toContainEqual(expect.stringMatching(/--admin without editor: .* Netlify marks deprecated/));
  });
});
