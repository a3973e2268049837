/**
 * The web editor's local mode under attack, as the real `watch --admin` answers it on a real port, on a
 * copy of the project in memory: every hostile request is refused with one line in the answer (what
 * Decap shows) and one in the terminal, and the whole project tree (every file's bytes, every link and
 * where it points) is the same before and after. The output folder lies outside the project and the
 * cache is off, so nothing else writes into the tree while a request is answered.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createCmsConfig } from "../../generator/editor/cms-config.ts";
import { editorFiles, mediaLimitBytes } from "../../generator/editor/owned-paths.ts";
import { startReady, type BinProcess } from "../support/bin-process.ts";
import { projectRoot } from "../support/site.ts";
import { hashTree } from "../support/tree.ts";

/** Memory when there is some (/dev/shm), else the system's temp folder. */
const scratch = async () => {
  const base = await mkdir("/dev/shm/ranch-editor", { recursive: true })
    .then(() => "/dev/shm/ranch-editor")
    .catch(() => os.tmpdir());
  return mkdtemp(path.join(base, "run-"));
};

/** A project (content/, templates/, public/) with a bin/ beside them: the code the maintainer runs next. */
async function project(folder: string): Promise<string> {
  const root = path.join(folder, "project");
  await mkdir(path.join(root, "bin"), { recursive: true });
  const sources = ["content", "templates", "public"].map((name) => path.join(projectRoot, name));
  await promisify(execFile)("cp", ["-R", ...sources, root]);
  await writeFile(path.join(root, "bin/ranch-site.js"), 'console.log("the maintainer\'s own code");\n');
  return root;
}

interface Editor {
  bin: BinProcess;
  port: number;
  stop(): Promise<void>;
}

/** The real `watch --admin`, its output outside the project, no cache. */
async function startEditor(root: string, out: string): Promise<Editor> {
  const bin = await startReady(
    ["watch", "--admin", "--root", root, "--out", out, "--no-cache", "--port", "0", "--poll"],
    /^Watching /,
  );
  const port = Number(/Serving http:\/\/localhost:(\d+)/.exec(bin.lines.slice(0, bin.ready + 1).join("\n"))![1]);
  return { bin, port, stop: () => bin.stop() };
}

interface Answer {
  status: number;
  error?: string;
  body: string;
}

/** One POST to the local mode, with the headers given (Host included: fetch cannot set it). */
function post(
  port: number,
  body: unknown,
  headers: Record<string, string> = {},
  method = "POST",
  raw?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: "/admin/api/v1",
        method,
        agent: false,
        setHost: false,
        headers: { host: `localhost:${port}`, "content-type": "application/json", ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString();
          let error: string | undefined;
          try {
            error = (JSON.parse(text) as { error?: string }).error;
          } catch {
            error = undefined;
          }
          resolve({ status: response.statusCode!, error, body: text });
        });
      },
    );
    outgoing.on("error", reject);
    outgoing.end(raw ?? (method === "GET" ? undefined : JSON.stringify(body)));
  });
}

const entry = (file: string, raw = "title: Owned\n") => ({
  action: "persistEntry",
  params: { entry: { path: file, raw }, assets: [] },
});
const media = (file: string, data: Buffer) => ({
  action: "persistMedia",
  params: { asset: { path: file, content: data.toString("base64"), encoding: "base64" } },
});

/** A real photo, as an editor uploads one. */
const photo = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: "#806040" } })
    .png()
    .toBuffer();

/**
 * Sends a request that must be refused: one line in the answer, one new line in the terminal that says
 * so, and not a byte of the project changed. Returns the answer's line.
 */
async function refused(editor: Editor, root: string, body: unknown, status = 422): Promise<string> {
  const before = await hashTree(root);
  const from = editor.bin.lines.length;
  const answer = await post(editor.port, body);
  expect(answer.status, JSON.stringify(body).slice(0, 200)).toBe(status);
  expect(answer.error).toBeTruthy();
  expect(answer.error).not.toContain("\n");
  // The editor prints every line of a request before it answers (editor/local-backend.ts): once its refusal
  // is read, anything else it printed is read too, and would show as a second line.
  await editor.bin.waitFor(/^Web editor refused /, from);
  // What the editor's server says begins "Web editor"; watch's own rebuilds (a link made or removed just
  // before the request sets one off, and may fail over it) are no answer to the request.
  const printed = editor.bin.lines.slice(from).filter((line) => line.startsWith("Web editor"));
  expect(printed, JSON.stringify(body).slice(0, 200)).toHaveLength(1);
  expect(printed[0]).toContain(answer.error!.slice(0, 40));
  expect(await hashTree(root)).toEqual(before);
  return answer.error!;
}

let folder: string;
let root: string;
let out: string;

beforeAll(async () => {
  folder = await scratch();
  root = await project(folder);
  out = path.join(folder, "dist");
});

afterAll(() => rm(folder, { recursive: true, force: true }));

describe("the issue's two reproductions, refused", () => {
  it("content/evil → ../bin: persistEntry of content/evil/evil.md writes nothing, and says so once", async () => {
    await symlink("../bin", path.join(root, "content/evil"));
    // The next tests need a tree without the link, whatever becomes of this one.
    onTestFinished(() => rm(path.join(root, "content/evil"), { force: true }));
    const editor = await startEditor(root, out);
    try {
      // At start, one located line, like the build's.
      expect(
        editor.bin.lines.filter((line) => line.startsWith("content/evil:1:1: This is a symbolic link")),
      ).toHaveLength(1);
      const line = await refused(editor, root, entry("content/evil/evil.md"));
      expect(line).toMatch(/^content\/evil:1:1: This is a symbolic link; the web editor saves nothing/);
      expect(await readFile(path.join(root, "bin/evil.md"), "utf8").catch(() => "absent")).toBe("absent");
      // Each write asks again: without the link, saving works, with no restart.
      await rm(path.join(root, "content/evil"));
      const saved = await post(
        editor.port,
        entry("content/site.yaml", await readFile(path.join(root, "content/site.yaml"), "utf8")),
      );
      expect(saved.status).toBe(200);
    } finally {
      await editor.stop();
    }
  });

  it("public/media → ../bin: persistMedia of public/media/owned.js writes nothing, and says so once", async () => {
    await symlink("../bin", path.join(root, "public/media"));
    onTestFinished(() => rm(path.join(root, "public/media"), { force: true }));
    const editor = await startEditor(root, out);
    try {
      // The first build refuses the link, and the editor says it saves nothing.
      expect(editor.bin.lines.some((line) => line.startsWith("public/media:1:1: This is a symbolic link"))).toBe(true);
      expect(editor.bin.lines).toContain(
        "public/media:1:1: This is a symbolic link; the web editor saves nothing while content/ or public/ holds one. Replace the link with a copy of what it points to, then save again.",
      );
      const line = await refused(editor, root, media("public/media/owned.js", Buffer.from("process.exit(1)\n")));
      expect(line).toMatch(/^public\/media:1:1: This is a symbolic link/);
      // Even a real photo with a plain name is not written through the link.
      await refused(editor, root, media("public/media/owned.png", await photo()));
      expect(await readFile(path.join(root, "bin/owned.js"), "utf8").catch(() => "absent")).toBe("absent");
    } finally {
      await editor.stop();
    }
  });
});

describe("hostile requests to a tree without links", () => {
  let editor: Editor;
  beforeAll(async () => {
    editor = await startEditor(root, out);
  });
  afterAll(() => editor.stop());

  it("refuses paths outside content/ and public/media/, however spelt", async () => {
    for (const file of [
      "bin/ranch-site.js",
      "../outside.md",
      "content/../bin/ranch-site.js",
      "content/pages/../../bin/ranch-site.js",
      "content\\..\\bin\\ranch-site.js",
      path.join(root, "bin/ranch-site.js"),
      "templates/Layout.tsx",
      "public/favicon.svg",
      "content/site.yaml\u0000.md",
    ])
      await refused(editor, root, entry(file));
  });

  it("refuses files below content/ that no collection owns", async () => {
    for (const file of [
      "content/evil.md",
      "content/schemas/cms-config.yml",
      "content/translations.lock.yaml",
      "content/i18n/fr.yaml",
      "content/pages/evil.fr.md",
      "content/pages/evil.en.html",
      "content/pages/Evil Page.en.md",
      "content/pages/evil.md",
      "content/pages/sub/evil.en.md",
      "content/testimonials/.hidden.en.md",
      "public/media/evil.en.md",
    ])
      await refused(editor, root, entry(file));
  });

  it("refuses a save of several files if one of them is not the editor's, and writes none", async () => {
    const pricing = await readFile(path.join(root, "content/pages/pricing.en.md"), "utf8");
    await refused(editor, root, {
      action: "persistEntry",
      params: {
        dataFiles: [
          { path: "content/pages/pricing.en.md", raw: pricing.replace("title:", "title: Owned") },
          { path: "content/evil/owned.md", raw: "x" },
        ],
        assets: [],
      },
    });
    await refused(editor, root, {
      action: "persistEntry",
      params: {
        entry: { path: "content/pages/pricing.en.md", raw: pricing },
        assets: [{ path: "public/media/owned.js", content: "eA==", encoding: "base64" }],
      },
    });
  });

  it("takes photos only: the pipeline's extensions, plain names, real image bytes, under the size limit", async () => {
    const png = await photo();
    for (const file of [
      "public/media/evil.js",
      "public/media/index.html",
      "public/media/evil.svg",
      "public/media/.htaccess",
      "public/media/sub/photo.png",
      "public/photo.png",
      "public/media/Über uns.png",
      "public/media/photo.png.html",
      "public/media/../favicon.png",
    ])
      await refused(editor, root, media(file, png));
    // A page with a photo's name is no photo.
    await refused(
      editor,
      root,
      media("public/media/page.png", Buffer.from("<!doctype html><script>alert(1)</script>")),
    );
    const tooLarge = Buffer.concat([png, Buffer.alloc(mediaLimitBytes)]);
    expect(await refused(editor, root, media("public/media/large.png", tooLarge))).toMatch(
      /more than the web editor takes/,
    );
  });

  it("answers a request larger than any photo with 413 and reads no further", async () => {
    const before = await hashTree(root);
    const huge = `{"action":"persistMedia","params":{"asset":{"path":"public/media/a.png","content":"${"A".repeat(30 * 1024 * 1024)}"}}}`;
    const answer = await post(editor.port, undefined, {}, "POST", huge);
    expect(answer.status).toBe(413);
    expect(await hashTree(root)).toEqual(before);
    expect((await post(editor.port, { action: "info" })).status).toBe(200);
  });

  it("refuses deletes of what the editor does not own", async () => {
    for (const file of [
      "bin/ranch-site.js",
      "content/../bin/ranch-site.js",
      "content/schemas/cms-config.yml",
      "public/favicon.svg",
    ])
      await refused(editor, root, { action: "deleteFiles", params: { paths: [file] } });
    await refused(editor, root, { action: "deleteFile", params: { path: "content/translations.lock.yaml" } });
  });

  it("refuses a link on the way, wherever it sits, and removes nothing through it", async () => {
    for (const [link, target, body] of [
      ["content/pages/owned.en.md", "../../bin/ranch-site.js", entry("content/pages/owned.en.md")],
      ["content/testimonials", "../bin", entry("content/testimonials/05-owned.en.md")],
      ["public/media", "../bin", media("public/media/owned.png", Buffer.alloc(0))],
      [
        "content/pages/owned.de.md",
        "../../bin/ranch-site.js",
        { action: "deleteFile", params: { path: "content/pages/owned.de.md" } },
      ],
    ] as const) {
      const moved = link === "content/testimonials" ? path.join(folder, "testimonials") : undefined;
      if (moved) await promisify(execFile)("mv", [path.join(root, link), moved]);
      await symlink(target, path.join(root, link));
      try {
        const line = await refused(
          editor,
          root,
          link === "public/media" ? media("public/media/owned.png", await photo()) : body,
        );
        expect(line).toBe(
          `${link}:1:1: This is a symbolic link; the web editor saves nothing while content/ or public/ holds one. Replace the link with a copy of what it points to, then save again.`,
        );
      } finally {
        await rm(path.join(root, link));
        if (moved) await promisify(execFile)("mv", [moved, path.join(root, link)]);
      }
    }
    expect(await readFile(path.join(root, "bin/ranch-site.js"), "utf8")).toContain("the maintainer's own code");
  });

  it("answers no foreign Host, no foreign origin, no text/plain post and no GET", async () => {
    const before = await hashTree(root);
    const owned = entry("content/site.yaml", "name: Owned\n");
    expect((await post(editor.port, owned, { host: "evil.example" })).status).toBe(403);
    expect((await post(editor.port, owned, { host: `evil.example:${editor.port}` })).status).toBe(403);
    expect((await post(editor.port, owned, { origin: "https://evil.example" })).status).toBe(405);
    expect((await post(editor.port, owned, { origin: "null" })).status).toBe(405);
    expect((await post(editor.port, owned, { "content-type": "text/plain" })).status).toBe(405);
    expect((await post(editor.port, undefined, {}, "GET")).status).toBe(405);
    expect(await hashTree(root)).toEqual(before);
  });

  it("still saves what the collections own, and a photo, and deletes its own photo", async () => {
    const site = await readFile(path.join(root, "content/site.yaml"), "utf8");
    const saved = await post(
      editor.port,
      entry("content/site.yaml", site.replace(/^name: .*$/m, "name: Deichhof Test")),
    );
    expect(saved.status, saved.body).toBe(200);
    expect(await readFile(path.join(root, "content/site.yaml"), "utf8")).toContain("name: Deichhof Test");
    const png = await photo();
    const uploaded = await post(editor.port, media("public/media/herd_2027-01.png", png));
    expect(uploaded.status, uploaded.body).toBe(200);
    expect(await readFile(path.join(root, "public/media/herd_2027-01.png"))).toEqual(png);
    const deleted = await post(editor.port, {
      action: "deleteFile",
      params: { path: "public/media/herd_2027-01.png" },
    });
    expect(deleted.status).toBe(200);
    expect(await readFile(path.join(root, "public/media/herd_2027-01.png")).catch(() => "absent")).toBe("absent");
    await writeFile(path.join(root, "content/site.yaml"), site);
  });
});

describe("the files the editor owns come from Decap's own configuration", () => {
  it("accepts every file and folder entry the configuration names, in every language", () => {
    const locales = ["en", "de"];
    const owned = editorFiles(locales);
    const config = createCmsConfig({ locales, dictionaryKeys: [], offerNames: [] }) as {
      collections: { files?: { file: string }[]; folder?: string; extension?: string }[];
    };
    for (const collection of config.collections) {
      for (const file of collection.files ?? []) expect(owned.entry(file.file), file.file).toBe(true);
      if (collection.folder)
        for (const locale of locales) {
          const file = `${collection.folder}/01-anna-schmidt.${locale}.${collection.extension}`;
          expect(owned.entry(file), file).toBe(true);
        }
    }
    expect(owned.entry("content/pages/pricing.fr.md")).toBe(false);
    // Names as Decap makes them from a title, in any script; nothing that could spell another path or kind.
    expect(owned.entry("content/testimonials/05-jörg-müller.de.md")).toBe(true);
    for (const file of [
      "content/testimonials/05-x.html.de.md",
      "content/testimonials/-x.de.md",
      "content/pages/a b.en.md",
    ])
      expect(owned.entry(file), file).toBe(false);
  });
});
