import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "../support/html.ts";
import { fixedSecurityHeaders, securityHeaderNames } from "../support/security-headers.ts";
import {
  contentSecurityPolicy,
  hostConfigFiles,
  responseHeaders,
  type HostConfigInput,
} from "../../generator/hosts/host-config.ts";
import { createHostConfigs } from "../../generator/hosts/files.ts";
import { htaccess as createHtaccess } from "../../generator/hosts/htaccess.ts";

const hashes = [
  "sha256-HeadScriptHash0000000000000000000000000000=",
  "sha256-SpeculationRulesHash00000000000000000000=",
];
const files = [
  "index.html",
  "about-me/index.html",
  "404.html",
  "de/index.html",
  "de/about-me/index.html",
  "de/404.html",
  "assets/app.X1Y2Z3.js",
  "assets/site.A1B2C3.css",
  "favicon.svg",
  "og-image.png",
  "robots.txt",
  "sitemap.xml",
  "calendar/2027-03-15.en.ics",
];

function input(basePath = "/", extra: Partial<HostConfigInput> = {}): HostConfigInput {
  return {
    basePath,
    locales: [
      { code: "en", prefix: "" },
      { code: "de", prefix: "de" },
    ],
    scriptHashes: hashes,
    fontsOrigin: "https://fonts.googleapis.com",
    fontFilesOrigin: "https://fonts.gstatic.com",
    formAction: "mailto:",
    files,
    ...extra,
  };
}

const fileOf = (configs: ReturnType<typeof createHostConfigs>, name: string) =>
  String(configs.find((file) => file.path === name)!.contents);
const directive = (csp: string, name: string) =>
  csp
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.split(" ")[0] === name);

interface Block {
  pattern: string;
  headers: [string, string][];
}

/** `_headers` blocks: a pattern line, then indented `Name: value` lines; comments and blank lines skipped. */
function parseHeaders(text: string): Block[] {
  const blocks: Block[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) blocks.push({ pattern: line.trim(), headers: [] });
    else {
      const at = line.indexOf(":");
      blocks.at(-1)!.headers.push([line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()]);
    }
  }
  return blocks;
}

/**
 * Whether a pattern matches a request path, as Netlify matches (a trailing `/*` also matches
 * the folder itself, and a trailing slash is optional) or as Cloudflare Pages does (a splat
 * matches anything, other patterns match exactly); `either` is the union of both.
 */
function matches(pattern: string, pathname: string): boolean {
  if (pattern.endsWith("*")) return pathname.startsWith(pattern.slice(0, -1)) || pathname === pattern.slice(0, -2);
  const strip = (value: string) => value.replace(/\/$/, "");
  return pattern === pathname || strip(pattern) === strip(pathname);
}

/** Every header each matching block sets for a path: the same name twice means the host joins them. */
function headersFor(blocks: readonly Block[], pathname: string): [string, string][] {
  return blocks.filter((block) => matches(block.pattern, pathname)).flatMap((block) => block.headers);
}

const urlOf = (basePath: string, file: string) => basePath + file.replace(/(^|\/)index\.html$/, "$1");

describe("responseHeaders", () => {
  it("keeps pages fresh 5 minutes and stale while revalidating for 30 (design.md §3)", () => {
    for (const file of ["index.html", "de/about-me/index.html", "404.html", "de/404.html"]) {
      expect(responseHeaders(input(), file)["cache-control"], file).toBe("max-age=300, stale-while-revalidate=1800");
    }
  });

  it("marks content-hashed assets immutable for a year", () => {
    for (const file of ["assets/app.X1Y2Z3.js", "assets/site.A1B2C3.css", "assets/inter.Q9W8.woff2"]) {
      expect(responseHeaders(input(), file)["cache-control"], file).toBe("public, max-age=31536000, immutable");
    }
  });

  it("gives other unhashed files the short cache too", () => {
    for (const file of ["favicon.svg", "og-image.png", "robots.txt", "sitemap.xml"]) {
      expect(responseHeaders(input(), file)["cache-control"], file).toBe("max-age=300, stale-while-revalidate=1800");
    }
  });

  it("sends the security headers with every file, under lower-case names", () => {
    for (const file of files) {
      const headers = responseHeaders(input(), file);
      expect(headers).toMatchObject({
        "content-security-policy": contentSecurityPolicy(input()),
        ...fixedSecurityHeaders,
      });
      for (const name of Object.keys(headers)) expect(name).toBe(name.toLowerCase());
    }
  });
});

describe("contentSecurityPolicy", () => {
  const csp = contentSecurityPolicy(input());

  it("allows inline scripts only by hash: no 'unsafe-inline', no 'unsafe-eval'", () => {
    expect(directive(csp, "script-src")).toBe(`script-src 'self' '${hashes[0]}' '${hashes[1]}'`);
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
  });

  it("quotes hashes given with or without quotes", () => {
    expect(directive(contentSecurityPolicy(input("/", { scriptHashes: [`'${hashes[0]}'`] })), "script-src")).toBe(
      `script-src 'self' '${hashes[0]}'`,
    );
  });

  it("allows the consented fonts, the mailto: form and nothing else from outside", () => {
    expect(directive(csp, "default-src")).toBe("default-src 'self'");
    expect(directive(csp, "style-src")).toBe("style-src 'self' https://fonts.googleapis.com");
    expect(directive(csp, "font-src")).toBe("font-src 'self' https://fonts.gstatic.com");
    expect(directive(csp, "img-src")).toBe("img-src 'self' data:");
    expect(directive(csp, "connect-src")).toBe("connect-src 'self'");
    expect(directive(csp, "form-action")).toBe("form-action 'self' mailto:");
    expect(directive(csp, "base-uri")).toBe("base-uri 'self'");
    expect(directive(csp, "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive(csp, "object-src")).toBe("object-src 'none'");
  });

  it("with a form endpoint, allows its origin to receive the form and the form's script, and no mailto:", () => {
    const posting = contentSecurityPolicy(
      input("/", { formAction: "https://formspree.io", formConnect: "https://formspree.io" }),
    );
    expect(directive(posting, "form-action")).toBe("form-action 'self' https://formspree.io");
    expect(directive(posting, "connect-src")).toBe("connect-src 'self' https://formspree.io");
    expect(directive(contentSecurityPolicy(input("/", { formAction: "" })), "form-action")).toBe("form-action 'self'");
  });

  it("allows the inline stylesheets by hash, and still no 'unsafe-inline'", () => {
    const styled = contentSecurityPolicy(input("/", { styleHashes: [hashes[0]!] }));
    expect(directive(styled, "style-src")).toBe(`style-src 'self' '${hashes[0]}' https://fonts.googleapis.com`);
    expect(styled).not.toContain("unsafe-inline");
  });

  it("leaves out upgrade-insecure-requests: the tests serve plain http on 127.0.0.1", () => {
    expect(csp).not.toContain("upgrade-insecure-requests");
  });
});

describe("inlineScriptHashes (the tests' reader of built pages)", () => {
  const sha = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
  const head = '(()=>{try{localStorage.getItem("cookie-consent")}catch{}})();';
  const rules = '{"prefetch":[{"where":{"href_matches":"/*"},"eagerness":"moderate"}]}';
  const page = (lang: string) =>
    `<!DOCTYPE html><html lang="${lang}"><head><script>${head}</script><script type="module" src="/assets/app.X.js"></script>` +
    `<script type="speculationrules">${rules}</script><script type="application/ld+json">{"@type":"${lang}"}</script></head><body></body></html>`;

  it("hashes the head script and the speculation rules, once, and skips external scripts and JSON-LD", () => {
    expect(inlineScriptHashes([page("en"), page("de")])).toEqual([sha(head), sha(rules)]);
  });

  it("hashes the exact text between the tags, whitespace and all", () => {
    expect(inlineScriptHashes([`<script>\n  ${head}\n</script>`])).toEqual([sha(`\n  ${head}\n`)]);
  });
});

describe("createHostConfigs", () => {
  it("writes every host file of the one list at the root of the output folder: _headers, _redirects, nginx.conf, .htaccess", () => {
    expect(createHostConfigs(input()).map((file) => file.path)).toEqual([...hostConfigFiles]);
    expect(hostConfigFiles).toEqual(["_headers", "_redirects", "nginx.conf", ".htaccess"]);
  });

  for (const basePath of ["/", "/ranch/"]) {
    describe(`with base path ${basePath}`, () => {
      const configs = createHostConfigs(input(basePath));
      const blocks = parseHeaders(fileOf(configs, "_headers"));

      it("_headers: the security headers for every path, from one block", () => {
        const all = blocks.find((block) => block.pattern === `${basePath}*`)!;
        expect(Object.fromEntries(all.headers)).toEqual(
          Object.fromEntries(
            Object.entries(responseHeaders(input(basePath), "index.html")).filter(([name]) => name !== "cache-control"),
          ),
        );
        expect(blocks.find((block) => block.pattern === `${basePath}assets/*`)!.headers).toEqual([
          ["cache-control", "public, max-age=31536000, immutable"],
        ]);
      });

      it("_headers: every file gets exactly the headers of responseHeaders, each set by one block only", () => {
        for (const file of files) {
          const applied = headersFor(blocks, urlOf(basePath, file));
          const names = applied.map(([name]) => name);
          expect(new Set(names).size, `${file}: ${names.join(", ")}`).toBe(names.length);
          expect(Object.fromEntries(applied), file).toEqual(responseHeaders(input(basePath), file));
        }
      });

      it("_headers: unknown paths get the security headers, and a Cache-Control at most once", () => {
        const security = Object.keys(responseHeaders(input(basePath), "x.html")).filter(
          (name) => name !== "cache-control",
        );
        expect(headersFor(blocks, `${basePath}nope.txt`).map(([name]) => name)).toEqual(security);
        // Below a folder of the site, the folder's block gives the short cache: once.
        expect(Object.fromEntries(headersFor(blocks, `${basePath}de/nope/`))).toEqual(
          responseHeaders(input(basePath), "de/x.html"),
        );
      });

      it("_headers: one block per top-level file or folder, not per file", () => {
        const many = [...files, ...Array.from({ length: 150 }, (_, index) => `images/photo-${index}.jpg`)];
        const manyBlocks = parseHeaders(fileOf(createHostConfigs(input(basePath, { files: many })), "_headers"));
        const patterns = manyBlocks.map((block) => block.pattern);
        expect(patterns).toEqual(
          [
            "*",
            "assets/*",
            // The calendar files' type, which the hosts do not know by extension: a block of its own.
            "calendar/*",
            "",
            "about-me/*",
            "404.html",
            "de/*",
            "favicon.svg",
            "og-image.png",
            "robots.txt",
            "sitemap.xml",
            "calendar/*",
            "images/*",
          ].map((pattern) => basePath + pattern),
        );
        expect(manyBlocks[2]!.headers).toEqual([["content-type", "text/calendar; charset=utf-8"]]);
        for (const file of many.filter((name) => !name.startsWith("assets/"))) {
          const applied = headersFor(manyBlocks, urlOf(basePath, file));
          expect(applied.filter(([name]) => name === "cache-control").length, file).toBe(1);
        }
      });

      it("_headers: past the host's rule limit, page folders give up their short cache, so any number of pages deploys", () => {
        const pages = Array.from({ length: 150 }, (_, index) => `long-read-${index}/index.html`);
        const manyBlocks = parseHeaders(
          fileOf(createHostConfigs(input(basePath, { files: [...files, ...pages] })), "_headers"),
        );
        expect(manyBlocks.length).toBeLessThanOrEqual(100);
        expect(manyBlocks.map((block) => block.pattern)).not.toContain(`${basePath}long-read-0/*`);
        // The files of public/ keep theirs, and every response its security headers.
        expect(manyBlocks.map((block) => block.pattern)).toEqual(
          expect.arrayContaining([`${basePath}robots.txt`, `${basePath}*`]),
        );
      });

      it("_headers: never names the host files themselves", () => {
        expect(
          blocks.map((block) => block.pattern).filter((pattern) => /_headers|_redirects|nginx\.conf/.test(pattern)),
        ).toEqual([]);
      });

      it("_redirects: the host files and the marker refused, then each language's 404 page, German first, then the catch-all", () => {
        const rules = fileOf(configs, "_redirects")
          .split("\n")
          .filter((line) => line.trim() !== "" && !line.startsWith("#"))
          .map((line) => line.split(/\s+/));
        const hidden = ["_headers", "_redirects", "nginx.conf", ".htaccess", ".ranch-site-output"].map(
          (file) => basePath + file,
        );
        expect(rules).toEqual([
          // Netlify: a forced 404 shadows the file; Cloudflare skips these lines and takes the rewrites after them.
          ...hidden.map((from) => [from, `${basePath}404.html`, "404!"]),
          ...hidden.map((from) => [from, `${basePath}.ranch-site-absent`, "200"]),
          [`${basePath}de/*`, `${basePath}de/404.html`, "404"],
          [`${basePath}*`, `${basePath}404.html`, "404"],
        ]);
      });

      it("nginx.conf: relative trailing-slash redirects, per-language 404 pages, immutable assets, hidden host files", () => {
        const nginx = fileOf(configs, "nginx.conf");
        expect(nginx).toContain("absolute_redirect off;");
        expect(nginx).toContain(`error_page 403 404 =404 ${basePath}404.html;`);
        expect(nginx).toMatch(
          new RegExp(`location ${basePath}de/ \\{[^}]*error_page 403 404 =404 ${basePath}de/404\\.html;`),
        );
        expect(nginx).toMatch(
          new RegExp(
            `location ${basePath}assets/ \\{[^}]*add_header cache-control "public, max-age=31536000, immutable" always;`,
          ),
        );
        expect(nginx).toMatch(
          new RegExp(
            `location ${basePath} \\{[^}]*add_header cache-control "max-age=300, stale-while-revalidate=1800" always;`,
          ),
        );
        for (const file of hostConfigFiles) expect(nginx).toContain(`location = ${basePath}${file} { return 404; }`);
        // add_header is not inherited into a location with its own: each location lists them all, with `always` for 404s.
        const locations = nginx.match(/location [^{]*\{[^}]*add_header[^}]*\}/g)!;
        expect(locations.length).toBe(6);
        for (const location of locations) {
          for (const name of [...securityHeaderNames, "cache-control"]) {
            expect(location, location.split("\n")[0]).toMatch(new RegExp(`add_header ${name} "[^"]+" always;`));
          }
        }
        expect(nginx).toContain("gzip on;");
        expect(nginx).toContain("charset utf-8;");
      });

      it("serves calendar files as text/calendar in UTF-8: nginx's mime.types has no .ics", () => {
        const nginx = fileOf(configs, "nginx.conf");
        const location = nginx.match(/location ~ \^[^{]*\\\.ics\$ \{[^}]*\}[^}]*\}/)?.[0];
        expect(location).toContain("types { text/calendar ics; }");
        expect(nginx).toMatch(/^charset_types [^;]*\btext\/calendar\b/m);
        // After the dotfile rule: nginx takes the first regular expression that matches.
        expect(nginx.indexOf(location!)).toBeGreaterThan(nginx.indexOf("(.*/)?\\. { return 404; }"));
        const applied = headersFor(blocks, urlOf(basePath, "calendar/2027-03-15.en.ics"));
        expect(applied).toContainEqual(["content-type", "text/calendar; charset=utf-8"]);
        expect(responseHeaders(input(basePath), "calendar/2027-03-15.en.ics")["content-type"]).toBe(
          "text/calendar; charset=utf-8",
        );
        expect(responseHeaders(input(basePath), "index.html")["content-type"]).toBeUndefined();
      });

      it("old addresses: one permanent redirect each, with and without the slash, on every host's file", () => {
        const moved = [{ from: `${basePath}de/pricing/`, to: `${basePath}de/preise/` }];
        const files = createHostConfigs(input(basePath, { redirects: moved }));
        const redirects = fileOf(files, "_redirects")
          .split("\n")
          .filter((line) => line && !line.startsWith("#"))
          .map((line) => line.split(/\s+/));
        const to = `${basePath}de/preise/`;
        // Before the not-found rules, which Cloudflare would otherwise read first; Netlify's forced line first.
        expect(redirects.filter(([, target]) => target === to)).toEqual([
          [`${basePath}de/pricing/`, to, "301!"],
          [`${basePath}de/pricing/`, to, "301"],
          [`${basePath}de/pricing`, to, "301!"],
          [`${basePath}de/pricing`, to, "301"],
        ]);
        expect(redirects.findIndex(([, target]) => target === to)).toBeLessThan(
          redirects.findIndex(([, , status]) => status === "404"),
        );
        const nginx = fileOf(files, "nginx.conf");
        for (const from of [`${basePath}de/pricing/`, `${basePath}de/pricing`])
          expect(nginx).toContain(`location = ${from} {\n    return 301 ${to}$is_args$args;`);
        const htaccess = createHtaccess(input(basePath, { redirects: moved }));
        expect(htaccess).toContain(`    RewriteRule ^de/pricing/?$ ${to} [R=301,L]`);
      });
    });
  }
});
