/**
 * The servers as an attacker and a busy maintainer meet them (issue 9 item 5, issue 12 item 8):
 * a real `serve` and a real `watch`, through the bin, because whether the process lives is the
 * point. Each case names what it does to the server.
 */
import { createHash } from "node:crypto";
import { renameSync, writeFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from "node:fs/promises";
import { get as httpGet, type IncomingHttpHeaders } from "node:http";
import { connect, createServer, type Server } from "node:net";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, resolveConfig } from "../../generator/index.ts";
import { listen, movedPortLine } from "../../generator/dev/listen.ts";
import { startServer } from "../../generator/dev/serve.ts";
import { copyProject, editFile } from "../support/project.ts";
import { rawRequest, startBin, portOf } from "../support/bin-process.ts";
import { startWatch } from "../support/watch.ts";
import { buildSite, builtSite, projectRoot } from "../support/site.ts";
import { servedSite } from "../support/languages.ts";
import { securityHeaderNames } from "../support/security-headers.ts";

const englishNotFound = /<html lang="en"/;
const germanNotFound = /<html lang="de"/;

/** Starts `serve` on a free port and waits for its URL line. */
async function startServe(dir: string, ...args: string[]) {
  const process = startBin(["serve", "--out", dir, "--port", "0", ...args]);
  const line = await process.waitFor(/^Serving .* at http:\/\/localhost:\d+\/$/);
  const url = /at (http:\/\/localhost:\d+)\//.exec(process.lines[line]!)![1]!;
  return { process, origin: url, port: portOf(url) };
}

/** Starts `watch` with polling on a project copy and waits until it watches. */
async function startPollingWatch(root: string, ...args: string[]) {
  const process = await startWatch(root, args);
  return { process, origin: process.origin, port: portOf(process.origin) };
}

/**
 * Requests each `[path, status]` from `workers` loops at once until `done()` says so (or each loop
 * made `limit` requests); returns the answers counted by status, and every answer that was not the
 * expected status or no answer at all.
 */
async function hammer(
  origin: string,
  paths: readonly (readonly [string, number])[],
  done: () => boolean,
  workers = 4,
  limit = 3000,
) {
  const statuses: Record<number, number> = {};
  const wrong: string[] = [];
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let count = 0; count < limit && !done(); count++) {
        const [pathname, expected] = paths[(count + worker) % paths.length]!;
        try {
          const response = await fetch(origin + pathname, { redirect: "manual" });
          await response.arrayBuffer();
          statuses[response.status] = (statuses[response.status] ?? 0) + 1;
          if (response.status !== expected) wrong.push(`${pathname}: ${response.status}`);
        } catch (error) {
          wrong.push(`${pathname}: ${(error as Error).message}`);
        }
      }
    }),
  );
  return { statuses, wrong };
}

/** A port some other program holds for the length of a test. */
async function holdPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as { port: number }).port, server };
}

/** This machine's non-internal IPv4 addresses, read here independently of the generator. */
const networkIPv4 = () =>
  Object.values(os.networkInterfaces())
    .flat()
    .filter((entry) => entry && entry.family === "IPv4" && !entry.internal)
    .map((entry) => entry!.address);

const closeServer = (server: Server) => new Promise((resolve) => server.close(resolve));

describe("serve, attacked through its request paths", () => {
  let dir: string;
  let serve: Awaited<ReturnType<typeof startServe>>;
  const secret = "SECRET=do-not-serve";

  beforeAll(async () => {
    dir = await buildSite();
    // What a careless deploy folder holds besides the site: dotfiles, a marker, symlinks out and onto hidden files.
    await writeFile(path.join(dir, ".env"), secret);
    await writeFile(path.join(dir, ".ranch-site"), secret);
    await writeFile(path.join(dir, "assets/.DS_Store"), secret);
    await mkdir(path.join(dir, ".git"));
    await writeFile(path.join(dir, ".git/config"), secret);
    await symlink(path.join(dir, "_headers"), path.join(dir, "leak.txt"));
    await writeFile(path.join(os.tmpdir(), "ranch-outside.txt"), secret);
    await symlink(path.join(os.tmpdir(), "ranch-outside.txt"), path.join(dir, "outside.txt"));
    await mkdir(path.join(dir, "über uns"));
    await writeFile(path.join(dir, "über uns/index.html"), "<!doctype html><title>x</title>");
    serve = await startServe(dir, "--allowed-host", "ranch.test");
  });

  afterAll(async () => {
    await serve?.process.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it.each([
    // [what the request does to the server, raw path, Location it must answer]
    [
      "an encoded slash pair that nginx would have merged (the reported open redirect)",
      "/%2fevil.example%2f..%2fabout-me",
      "/about-me/",
    ],
    ["a literal double slash before a host name", "//evil.example/..%2fabout-me", "/about-me/"],
    ["a backslash, which browsers read as a slash", "/%5cevil.example/..%2fabout-me", "/about-me/"],
    ["a raw backslash pair", "/\\\\evil.example/../about-me", "/about-me/"],
    ["dot segments that end in another page", "/about-me/%2e%2e/contact", "/contact/"],
    ["a query string, kept percent-encoded", '/de/kontakt?x=<a>"b', "/de/kontakt/?x=%3Ca%3E%22b"],
    ["an old address with its query string kept", '/de/contact/?x=<a>"b', "/de/kontakt/?x=%3Ca%3E%22b"],
    ["a folder name that needs escaping", "/%C3%BCber%20uns", "/%C3%BCber%20uns/"],
  ])("redirects %s to a path on this site only", async (_, rawPath, location) => {
    const answer = await rawRequest(serve.port, rawPath);
    expect([answer.status, answer.headers.location]).toEqual([301, location]);
  });

  it.each([
    ["a malformed escape", "/%zz"],
    ["a truncated UTF-8 sequence", "/%E0%A4%A"],
    ["an encoded NUL byte", "/about-me%00.html"],
    ["a climb above the root", "/..%2f..%2fetc/passwd"],
    ["a raw climb above the root", "/../../etc/passwd"],
    ["a proxy-style absolute URL", "http://evil.example/about-me"],
  ])("answers %s with 400 and keeps serving", async (_, rawPath) => {
    const answer = await rawRequest(serve.port, rawPath);
    expect(answer.status).toBe(400);
    expect(answer.body).not.toContain("root:");
    expect((await rawRequest(serve.port, "/")).status).toBe(200);
  });

  it.each([
    "/_headers",
    "/_HEADERS",
    "/%5Fheaders",
    "//_headers",
    "/./_headers",
    "/de/../_headers",
    "/_headers.",
    "/_headers%20",
    "/_headers%2e%2e",
    "/\\_headers",
    "/%5C_headers",
    "/_redirects",
    "/nginx.conf",
    "/NGINX.CONF",
    "/nginx%2Econf",
    "/nginx.conf::$DATA",
    "/de/../nginx.conf",
    "/.env",
    "/%2Eenv",
    "/.ranch-site",
    "/.git/config",
    "/assets/.DS_Store",
    "/leak.txt",
    "/outside.txt",
  ])("never serves %s: it answers the English 404 page", async (rawPath) => {
    const answer = await rawRequest(serve.port, rawPath);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatch(englishNotFound);
    expect(answer.body).not.toContain(secret);
    expect(answer.body).not.toMatch(/Netlify and Cloudflare|nginx snippet|For Netlify/);
  });

  it.each([
    ["/404.html", englishNotFound],
    ["/de/404.html", germanNotFound],
    ["/404.html/", englishNotFound],
    ["/de/nope", germanNotFound],
  ])(
    "answers %s with status 404 and that language's page, as nginx's internal location does",
    async (rawPath, lang) => {
      const answer = await rawRequest(serve.port, rawPath);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatch(lang);
      for (const name of securityHeaderNames) expect(answer.headers[name], name).toBeTruthy();
    },
  );

  it.each([
    ["evil.example", 403],
    ["evil.example:8080", 403],
    ["localhost.evil.example", 403],
    ["127.0.0.1.nip.io", 403],
    ["ranch.test.evil.example", 403],
    ["", 403],
    ["localhost", 200],
    ["app.localhost:1234", 200],
    ["127.0.0.1", 200],
    ["[::1]:8080", 200],
    ["192.168.1.20:8080", 200],
    ["RANCH.test", 200],
  ])("Host %j (DNS rebinding) gets %i", async (host, status) => {
    const answer = await rawRequest(serve.port, "/", { host });
    expect(answer.status).toBe(status);
    if (status === 403) expect(answer.body).toMatch(/--allowed-host|Host header/);
  });

  it("says in the terminal, once per name, which host it refused and how to allow it", () => {
    const refusals = serve.process.lines.filter((line) => line.startsWith("Refused a request for host"));
    expect(refusals).toContain(
      'Refused a request for host "evil.example" (DNS rebinding protection): start the server with --allowed-host evil.example to allow it.',
    );
    expect(refusals.filter((line) => line.includes('"evil.example"'))).toHaveLength(1);
  });

  it("answers a malformed request line with 400 and other methods with 405, and lives on", async () => {
    const socket = await import("node:net").then(({ connect }) => connect(serve.port, "127.0.0.1"));
    const reply = await new Promise<string>((resolve) => {
      let text = "";
      socket.on("data", (chunk) => (text += chunk.toString()));
      socket.on("close", () => resolve(text));
      socket.on("error", () => resolve(text));
      socket.write("GET /\u0001 HTTP/1.1\r\nHost: localhost\r\n\r\n");
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    expect((await rawRequest(serve.port, "/", { method: "POST" })).status).toBe(405);
    expect((await rawRequest(serve.port, "/")).status).toBe(200);
    expect(serve.process.child.exitCode).toBeNull();
  });
});

describe("a handler that throws, and visitors who hang up", () => {
  it("answers 500 for the request whose handler threw, says so in the terminal, and serves the next one", async () => {
    const dir = builtSite(); // served, never changed
    const lines: string[] = [];
    const server = await startServer({
      dir,
      port: 0,
      site: servedSite,
      log: (line) => lines.push(line),
      headers: (file) => {
        if (file === "" || file.startsWith("contact/")) throw new Error("a header rule failed");
        return {};
      },
    });
    const { port } = server.address() as { port: number };
    try {
      expect((await rawRequest(port, "/contact/")).status).toBe(500);
      expect(lines).toEqual(["Internal error answering GET /contact/: a header rule failed"]);
      // Forty visitors who hang up mid-request or mid-download.
      await Promise.all(
        Array.from({ length: 40 }, (_, index) => {
          const socket = connect(port, "127.0.0.1");
          socket.on("error", () => {});
          socket.write(index % 2 ? "GET /de/ HTTP/1.1\r\nHost: localhost\r\n\r\n" : "GET /de/ HTTP/1.1\r\nHo");
          return new Promise((resolve) => setTimeout(() => resolve(socket.resetAndDestroy()), index % 5));
        }),
      );
      expect((await rawRequest(port, "/de/")).status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("serve and watch under load while dist/ is swapped", () => {
  const pages = [
    ["/", 200],
    ["/de/", 200],
    ["/about-me/", 200],
    ["/de/preise/", 200],
    ["/de/pricing/", 301],
    ["/contact", 301],
    ["/nope/", 404],
    ["/de/nope/", 404],
    ["/robots.txt", 200],
    ["/sitemap.xml", 200],
  ] as const;

  it("serve answers every request during 6 builds that replace its folder, and is alive afterwards", async () => {
    const dir = await buildSite();
    const serve = await startServe(dir);
    try {
      const html = await (await fetch(`${serve.origin}/`)).text();
      const css = /href="(\/assets\/[a-z]+\.[^"]+\.css)"/.exec(html)![1]!;
      let building = true;
      const load = hammer(serve.origin, [...pages, [css, 200] as const], () => !building);
      for (let round = 0; round < 6; round++) await build(resolveConfig({ root: projectRoot, outDir: dir }));
      building = false;
      const { statuses, wrong } = await load;
      console.log(`serve under swaps: answers by status ${JSON.stringify(statuses)}`);
      expect(wrong).toEqual([]);
      expect(serve.process.child.exitCode).toBeNull();
      for (const pathname of ["/", "/de/preise/", css]) expect((await fetch(serve.origin + pathname)).status).toBe(200);
    } finally {
      await serve.process.stop();
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it("watch answers every request during 5 saves that rebuild its folder, and is alive afterwards", async () => {
    const root = await copyProject();
    const watch = await startPollingWatch(root);
    try {
      let saving = true;
      const load = hammer(watch.origin, pages, () => !saving, 3);
      for (let round = 0; round < 5; round++) {
        const from = watch.process.lines.length;
        await editFile(root, "content/i18n/en.yaml", "loading: Loading", `loading: Loading${round}`);
        await watch.process.waitFor(/: rebuilt \d+ pages/, from);
        await editFile(root, "content/i18n/en.yaml", `loading: Loading${round}`, "loading: Loading");
      }
      saving = false;
      const { statuses, wrong } = await load;
      console.log(`watch under swaps: answers by status ${JSON.stringify(statuses)}`);
      expect(wrong).toEqual([]);
      expect(watch.process.child.exitCode).toBeNull();
      expect((await fetch(`${watch.origin}/de/`)).status).toBe(200);
    } finally {
      await watch.process.stop();
      await rm(root, { recursive: true, force: true });
    }
  }, 180_000);
});

describe("a busy port", () => {
  it.each(["serve", "watch"])(
    "%s with a busy --port says so in one line, names a free port, and exits 1",
    async (command) => {
      const held = await holdPort();
      const dir = command === "serve" ? builtSite() : await copyProject();
      const args =
        command === "serve"
          ? ["serve", "--out", dir, "--port", String(held.port)]
          : ["watch", "--root", dir, "--out", path.join(dir, "dist"), "--port", String(held.port), "--poll"];
      const child = startBin(args);
      try {
        expect(await child.exited).toBe(1);
        expect(child.lines[0]).toBe(`Port ${held.port} is already in use on 127.0.0.1.`);
        const suggested = Number(/^ {2}hint: pass --port (\d+), which is free/.exec(child.lines[1]!)?.[1]);
        expect(child.lines).toHaveLength(2);
        // The suggested port really is free.
        const probe = createServer();
        await new Promise<void>((resolve) => probe.listen(suggested, "127.0.0.1", resolve));
        await closeServer(probe);
      } finally {
        await closeServer(held.server);
        if (command === "watch") await rm(dir, { recursive: true, force: true });
      }
    },
  );

  it("the default port moves on to the next free one, and says which", async () => {
    const held = await holdPort();
    const { createServer: createHttpServer } = await import("node:http");
    const server = createHttpServer();
    try {
      const port = await listen(server, { port: held.port, strictPort: false });
      expect(port).toBeGreaterThan(held.port);
      expect(movedPortLine({ port: held.port }, port)).toEqual([`Port ${held.port} is in use, so using port ${port}.`]);
    } finally {
      await closeServer(held.server);
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("serve --host", () => {
  it("listens on the network, prints every non-internal IPv4 URL, and answers there", async () => {
    const dir = builtSite(); // served, never changed
    const serve = await startServe(dir, "--host");
    try {
      await serve.process.waitFor(/^ {2}on your network: /);
      const addresses = networkIPv4();
      const network = serve.process.lines.filter((line) => line.startsWith("  on your network: "));
      expect(network).toEqual(
        addresses.length
          ? addresses.map((address) => `  on your network: http://${address}:${serve.port}/`)
          : [expect.stringMatching(/no network address found/)],
      );
      for (const address of addresses) expect((await fetch(`http://${address}:${serve.port}/de/`)).status).toBe(200);
    } finally {
      await serve.process.stop();
    }
  });
});

describe("watch, attacked through its folders", () => {
  let root: string;
  let watch: Awaited<ReturnType<typeof startPollingWatch>>;

  beforeAll(async () => {
    root = await copyProject();
    // A symlink loop in a watched folder: watch used to exit with ELOOP before it served a page.
    await symlink(".", path.join(root, "content/loop"));
    await symlink("self", path.join(root, "content/self"));
    await symlink("../..", path.join(root, "content/pages/up"));
    watch = await startPollingWatch(root, "--host");
  });

  afterAll(async () => {
    await watch?.process.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it("with --host, prints every non-internal IPv4 URL and answers there", async () => {
    const network = watch.process.lines.filter((line) => line.startsWith("  on your network: "));
    const addresses = networkIPv4();
    expect(network).toEqual(
      addresses.length
        ? addresses.map((address) => `  on your network: http://${address}:${watch.port}/`)
        : [expect.stringMatching(/no network address found/)],
    );
    for (const address of addresses) expect((await fetch(`http://${address}:${watch.port}/de/`)).status).toBe(200);
  });

  it("survives symlink loops in content/ and still rebuilds on a save", async () => {
    const from = watch.process.lines.length;
    await editFile(root, "content/i18n/de.yaml", "loading: Wird geladen", "loading: Wird gerade geladen");
    await watch.process.waitFor(/^content\/i18n\/de\.yaml: rebuilt \d+ pages/, from);
    expect(watch.process.child.exitCode).toBeNull();
    expect(await (await fetch(`${watch.origin}/de/`)).text()).toContain("Wird gerade geladen");
  });

  it("sends the shipped security headers, adding only its own script and styles by hash", async () => {
    const { hostConfig } = await build(
      resolveConfig({ root, outDir: await mkdtemp(path.join(os.tmpdir(), "ranch-")) }),
    );
    const { headerRules, headersFor } = await import("../../generator/hosts/host-config.ts");
    const shipped = headersFor(headerRules(hostConfig), "de/index.html");
    const response = await fetch(`${watch.origin}/de/`);
    const html = await response.text();
    for (const name of securityHeaderNames.filter((name) => name !== "content-security-policy"))
      expect(response.headers.get(name), name).toBe(shipped[name]);
    const directives = (csp: string) =>
      new Map(csp.split("; ").map((part) => [part.split(" ")[0]!, part.split(" ").slice(1)]));
    const served = directives(response.headers.get("content-security-policy")!);
    const expected = directives(shipped["content-security-policy"]!);
    const liveReload = [...html.matchAll(/<script data-build="[^"]+">([^<]*EventSource[^<]*)<\/script>/g)].map(
      (match) => match[1]!,
    );
    expect(liveReload).toHaveLength(1);
    const hash = `'sha256-${createHash("sha256").update(liveReload[0]!).digest("base64")}'`;
    for (const [name, sources] of expected) {
      const added = served.get(name)!.filter((source) => !sources.includes(source));
      expect(served.get(name), name).toEqual(expect.arrayContaining(sources));
      if (name === "script-src") expect(added).toEqual([hash]);
      else if (name === "style-src")
        expect(added.every((source) => /^'sha256-/.test(source)) && added.length === 2).toBe(true);
      else expect(added, name).toEqual([]);
    }
    expect([...served.keys()]).toEqual([...expected.keys()]);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("refuses a foreign Host on pages and on its live-reload stream", async () => {
    for (const pathname of ["/", "/__ranch-site/events"])
      expect((await rawRequest(watch.port, pathname, { host: "evil.example" })).status).toBe(403);
  });

  it("answers /404.html and hidden files as serve does", async () => {
    expect((await rawRequest(watch.port, "/de/404.html")).status).toBe(404);
    for (const pathname of ["/_headers", "/NGINX.CONF", "/%2fevil.example%2f..%2fabout-me"]) {
      const answer = await rawRequest(watch.port, pathname);
      expect(answer.headers.location ?? "", pathname).not.toMatch(/^\/\//);
      expect(answer.body, pathname).not.toMatch(/Netlify and Cloudflare|nginx snippet/);
    }
  });
});

describe("watch --out inside a watched folder", () => {
  it("does not rebuild itself in a loop", async () => {
    const root = await copyProject();
    const child = startBin(["watch", "--root", root, "--out", path.join(root, "public/site"), "--port", "0", "--poll"]);
    try {
      const first = await Promise.race([
        child.waitFor(/^Watching /).then(() => "watching"),
        child.exited.then(() => "exited"),
      ]);
      if (first === "exited") {
        // Refusing such an output folder outright is as good: one line, no loop.
        expect(child.lines.length).toBeLessThanOrEqual(3);
        return;
      }
      const settled = child.lines.length;
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(child.lines.slice(settled).filter((line) => /rebuilt|build failed/.test(line))).toEqual([]);
      const from = child.lines.length;
      await editFile(root, "content/i18n/en.yaml", "loading: Loading", "loading: Still loading");
      await child.waitFor(/^content\/i18n\/en\.yaml: rebuilt/, from);
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(child.lines.slice(from).filter((line) => /rebuilt|build failed/.test(line))).toHaveLength(1);
      expect(child.child.exitCode).toBeNull();
    } finally {
      await child.stop();
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe("watch's rewrite of a page, and a rebuild that lands during the request", () => {
  it("notes the build a page shows before it opens the page's file: the note is never newer than the page", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "ranch-note-"));
    await writeFile(path.join(dir, "index.html"), "<body>first build</body>");
    let build = 1;
    const server = await startServer({
      dir,
      port: 0,
      site: servedSite,
      transformHtml: () => {
        const noted = build;
        // A rebuild lands just after the note, renaming its page over the old one, as the writer does.
        writeFileSync(path.join(dir, "index.html.next"), "<body>second build</body>");
        renameSync(path.join(dir, "index.html.next"), path.join(dir, "index.html"));
        build = 2;
        return (html) => html.replace("</body>", `<p>noted at build ${noted}</p></body>`);
      },
    });
    const { port } = server.address() as { port: number };
    try {
      const { body } = await rawRequest(port, "/");
      // Live reload then tells the tab of build 2, and it reloads: the page is never stuck a build behind.
      expect(body).toBe("<body>second build<p>noted at build 1</p></body>");
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("serve's precompressed files (nginx gzip_static)", () => {
  it("sends the build's .gz to a client that accepts gzip, the plain file to others, and never a stale .gz", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "ranch-gzip-"));
    const server = await startServer({ dir, port: 0, site: servedSite, precompressed: true });
    const { port } = server.address() as { port: number };
    const get = (file: string, acceptEncoding?: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const headers = acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding };
        httpGet({ host: "127.0.0.1", port, path: file, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        }).on("error", reject);
      });
    try {
      const css = "body{color:#123}".repeat(40);
      await writeFile(path.join(dir, "site.css"), css);
      await writeFile(path.join(dir, "site.css.gz"), gzipSync(css));
      const zipped = await get("/site.css", "br, gzip;q=0.8");
      expect(zipped.headers["content-encoding"]).toBe("gzip");
      expect(zipped.headers["vary"]).toBe("Accept-Encoding");
      expect(zipped.headers["content-type"]).toBe("text/css; charset=utf-8");
      expect(Number(zipped.headers["content-length"])).toBeLessThan(css.length);
      expect(gunzipSync(zipped.body).toString()).toBe(css);
      for (const refused of [undefined, "br", "gzip;q=0"]) {
        const plain = await get("/site.css", refused);
        expect(plain.headers["content-encoding"], String(refused)).toBeUndefined();
        expect(plain.headers["vary"]).toBe("Accept-Encoding");
        expect(plain.body.toString()).toBe(css);
      }
      // An edit after the build leaves an older .gz beside the file: the current file is sent.
      const past = new Date(Date.now() - 60_000);
      await utimes(path.join(dir, "site.css.gz"), past, past);
      const fresh = await get("/site.css", "gzip");
      expect(fresh.headers["content-encoding"]).toBeUndefined();
      expect(fresh.body.toString()).toBe(css);
    } finally {
      await closeServer(server);
      await rm(dir, { recursive: true, force: true });
    }
  });
});
