/** How `serve` and `watch` read a request: the table behind the adversarial server cases, without a server. */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveConfig } from "../../generator/config.ts";
import { encodePath, isAllowedHost, isHiddenPath, parseTarget } from "../../generator/dev/request.ts";
import { pagesOfFile } from "../../generator/dev/live-reload.ts";
import { isBuildOutput, isUnread } from "../../generator/dev/watched-files.ts";
import { createHref, createRoutes, sitePages } from "../../generator/routes.ts";
import type { Content } from "../../model/content.ts";
import { siteLanguages } from "../support/languages.ts";

describe("parseTarget", () => {
  it.each([
    ["/", [], true, ""],
    ["/de/about-me/", ["de", "about-me"], true, ""],
    ["/about-me", ["about-me"], false, ""],
    ["/%2fevil.example%2f..%2fabout-me", ["about-me"], false, ""],
    ["//evil.example/../about-me", ["about-me"], false, ""],
    ["/\\evil.example\\..\\about-me", ["about-me"], false, ""],
    ["/about-me/.", ["about-me"], true, ""],
    ["/a/b/..", ["a"], true, ""],
    ["/%C3%BCber%20uns", ["über uns"], false, ""],
    ["/contact?x=<a>", ["contact"], false, "?x=%3Ca%3E"],
    ["/contact#top", ["contact"], false, ""],
  ])("reads %j as segments %j (folder: %j, query %j)", (raw, segments, folder, search) => {
    expect(parseTarget(raw)).toEqual({ segments, folder, search });
  });

  it.each(["/%zz", "/%E0%A4%A", "/a%00b", "/a%0Ab", "/..", "/../x", "/a/../../x", "http://evil.example/", "*", ""])(
    "refuses %j (400)",
    (raw) => {
      expect(parseTarget(raw)).toBeUndefined();
    },
  );
});

describe("encodePath", () => {
  it("percent-encodes every segment, so a Location can never start with // or /\\", () => {
    expect(encodePath("/", ["über uns"], true)).toBe("/%C3%BCber%20uns/");
    expect(encodePath("/", ["\\evil.example", "x"], true)).toBe("/%5Cevil.example/x/");
    expect(encodePath("/ranch/", [], true)).toBe("/ranch/");
    expect(encodePath("/", ["a/b"], false)).toBe("/a%2Fb");
  });
});

describe("isHiddenPath", () => {
  it.each([
    [["_headers"], true],
    [["_HEADERS"], true],
    [["_headers."], true],
    [["_headers. . "], true],
    [["nginx.conf::$DATA"], true],
    [["de", "_redirects"], true],
    [[".env"], true],
    [[".ranch-site"], true],
    [["assets", ".DS_Store"], true],
    [[".git", "config"], true],
    [["._about-me"], true],
    [["about-me", "index.html"], false],
    [["assets", "site.abc.css"], false],
    [["headers"], false],
  ] as const)("%j hidden: %j", (segments, hidden) => {
    expect(isHiddenPath(segments)).toBe(hidden);
  });
});

describe("isAllowedHost", () => {
  it.each([
    ["localhost:4321", true],
    ["LOCALHOST", true],
    ["app.localhost", true],
    ["127.0.0.1:8080", true],
    ["[::1]:8080", true],
    ["192.168.1.20", true],
    ["ranch.test", true],
    ["ranch.test.", true],
    ["evil.example", false],
    ["localhost.evil.example", false],
    ["127.0.0.1.nip.io", false],
    ["evil.example/x", false],
    ["", false],
    [undefined, false],
  ])("Host %j allowed: %j", (host, allowed) => {
    expect(isAllowedHost(host, ["ranch.test"])).toBe(allowed);
  });
});

describe("watch's own paths", () => {
  const config = resolveConfig({ root: "/project", outDir: "/project/public/site" });

  it.each([
    ["/project/public/site", true],
    ["/project/public/site/index.html", true],
    ["/project/public/site.staging-123/de/index.html", true],
    ["/project/public/site.previous-123", true],
    ["/project/public/site-map.svg", false],
    ["/project/public/favicon.svg", false],
    ["/project/content/site", false],
  ])("%s is build output: %j", (file, output) => {
    expect(isBuildOutput(config.outDir, path.normalize(file))).toBe(output);
  });

  it.each([
    ["/project/content/.translations.lock.yaml.4711.0a1b2c3d.tmp", true],
    ["/project/content/pages/.about-me.de.md.0a1b2c3d4e5f.saving", true],
    ["/project/content/pages/.about-me.de.md.swp", true],
    ["/project/public/.well-known/security.txt", true],
    ["/project/templates/.DS_Store", true],
    ["/project/content/pages/about-me.de.md", false],
    ["/project/content/translations.lock.yaml", false],
    // Read by the build, to be refused at its place.
    ["/project/content/pages/..en.md", false],
    // Only names below the project count: it may itself sit in a hidden folder.
    ["/home/owner/.sites/ranch/content/site.yaml", false],
  ])("%s is a hidden file that no build reads: %j", (file, unread) => {
    const root = file.startsWith("/home/") ? "/home/owner/.sites/ranch" : "/project";
    expect(isUnread(root, path.normalize(file))).toBe(unread);
  });

  it.each([
    ["content/pages/about-me.de.md", [["/", "/de/about-me/"]]],
    ["content/pages/faq.en.md", [["/", "/faq/"]]],
    [
      "templates/pages/Contact.tsx",
      [
        ["/de/", "/de/contact/"],
        ["/", "/contact/"],
      ],
    ],
    ["templates/pages/MarkdownPage.tsx", []],
    ["content/i18n/de.yaml", []],
    ["content/pages/about-me.fr.md", []],
  ])("saving %s leads open tabs to %j", (file, pages) => {
    const markdown = Object.fromEntries(["about-me", "faq"].map((name) => [name, {}]));
    const site = sitePages({ locales: [{ pages: markdown }] } as unknown as Pick<Content, "locales">);
    const routes = createRoutes(site, siteLanguages, createHref({ basePath: "/", locales: siteLanguages }, ""));
    expect(pagesOfFile(routes, "/", file)).toEqual(pages);
  });
});
