/**
 * The web editor's local mode answers only what it must: JSON POSTs from its own page, files below
 * content/ and public/media/, and it puts back a save that the check refuses.
 */
import { createServer, type Server } from "node:http";
import { mkdtemp, mkdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerAdminApi, type SaveProblem } from "../../generator/editor/local-backend.ts";
import { editorFiles } from "../../generator/editor/owned-paths.ts";
import { requiredFiles } from "../../generator/editor/guard.ts";

let root: string;
let server: Server;
let url: string;
let refuse: SaveProblem[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "ranch-admin-"));
  await mkdir(path.join(root, "content"), { recursive: true });
  await writeFile(path.join(root, "content/site.yaml"), "# Facts.\nname: Deichhof\n");
  await writeFile(path.join(root, "package.json"), "{}\n");
  server = createServer((request, response) => {
    if (
      !answerAdminApi(request, response, {
        root,
        basePath: "/",
        log: () => {},
        owned: editorFiles(["en", "de"]),
        verify: async () => refuse,
        required: requiredFiles(["en", "de"]),
      })
    )
      response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/admin/api/v1`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

describe("the web editor's local mode", () => {
  it("reads and saves files below content/, merged into what was there", async () => {
    const entry = (await (await post({ action: "getEntry", params: { path: "content/site.yaml" } })).json()) as {
      data: string;
    };
    expect(entry.data).toBe("# Facts.\nname: Deichhof\n");
    const saved = await post({
      action: "persistEntry",
      params: { entry: { path: "content/site.yaml", raw: "name: Deichhof Ranch\n" }, assets: [] },
    });
    expect(saved.status).toBe(200);
    expect(await readFile(path.join(root, "content/site.yaml"), "utf8")).toBe("# Facts.\nname: Deichhof Ranch\n");
  });

  it("refuses paths outside content/ and public/media/", async () => {
    for (const file of ["package.json", "../outside.yaml", "content/../package.json", "/etc/passwd"]) {
      const response = await post({ action: "persistEntry", params: { entry: { path: file, raw: "{}" }, assets: [] } });
      expect(response.status, file).toBe(422);
    }
    expect(await readFile(path.join(root, "package.json"), "utf8")).toBe("{}\n");
  });

  it("answers no GET, no form post and no other origin", async () => {
    expect((await fetch(url)).status).toBe(405);
    const form = await fetch(url, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: '{"action":"info"}',
    });
    expect(form.status).toBe(405);
    expect((await post({ action: "info" }, { origin: "https://evil.example" })).status).toBe(405);
    expect((await post({ action: "info" })).status).toBe(200);
  });

  it("puts a save back when the check refuses it, and says where in the editor's words", async () => {
    refuse = [
      {
        terminal: "content/site.yaml:2:7: Something is wrong",
        shown: "content/site.yaml, Zeile 2: Etwas stimmt nicht.",
      },
    ];
    const response = await post({
      action: "persistEntry",
      params: { entry: { path: "content/site.yaml", raw: "name: Broken\n" }, assets: [] },
    });
    refuse = [];
    expect(response.status).toBe(422);
    expect(((await response.json()) as { error: string }).error).toBe(
      "content/site.yaml, Zeile 2: Etwas stimmt nicht.",
    );
    expect(await readFile(path.join(root, "content/site.yaml"), "utf8")).toBe("# Facts.\nname: Deichhof Ranch\n");
  });

  it("refuses to delete a page the site needs, before any file changes; an own page may go", async () => {
    await mkdir(path.join(root, "content/pages"), { recursive: true });
    for (const file of ["imprint.en.md", "imprint.de.md", "seminars.en.md"])
      await writeFile(path.join(root, "content/pages", file), "---\ntitle: T\n---\nText\n");
    const refused = await post({
      action: "deleteFiles",
      params: { paths: ["content/pages/imprint.en.md", "content/pages/imprint.de.md"] },
    });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /^Not deleted: the site needs content\/pages\/imprint\.en\.md/,
    );
    expect(await readFile(path.join(root, "content/pages/imprint.en.md"), "utf8")).toContain("title: T");
    expect(await readFile(path.join(root, "content/pages/imprint.de.md"), "utf8")).toContain("title: T");
    expect((await post({ action: "deleteFile", params: { path: "content/site.yaml" } })).status).toBe(422);
    expect((await post({ action: "deleteFiles", params: { paths: ["content/pages/seminars.en.md"] } })).status).toBe(
      200,
    );
    await expect(readFile(path.join(root, "content/pages/seminars.en.md"))).rejects.toThrow();
  });

  it("opens no form over a file whose YAML does not parse, and saves nothing over it", async () => {
    await mkdir(path.join(root, "content/i18n"), { recursive: true });
    const broken = 'hero:\n  title: "Never closed\n';
    await writeFile(path.join(root, "content/i18n/de.yaml"), broken);
    const opened = await post({ action: "getEntry", params: { path: "content/i18n/de.yaml" } });
    expect(opened.status).toBe(422);
    // The line travels beside the located line: the editor says where in the owner's language.
    expect(await opened.json()).toMatchObject({
      error: expect.stringMatching(/^content\/i18n\/de\.yaml:2:10: /),
      line: 2,
    });
    const saved = await post({
      action: "persistEntry",
      params: { entry: { path: "content/i18n/de.yaml", raw: "hero: {}\n" }, assets: [] },
    });
    expect(saved.status).toBe(422);
    expect(await readFile(path.join(root, "content/i18n/de.yaml"), "utf8")).toBe(broken);
    // A page whose front matter does not parse is refused the same way, at its line in the file.
    await writeFile(path.join(root, "content/pages/imprint.de.md"), "---\ntitle: [Impressum\n---\nText\n");
    const page = await post({ action: "getEntry", params: { path: "content/pages/imprint.de.md" } });
    expect(page.status).toBe(422);
    expect(((await page.json()) as { error: string }).error).toMatch(/^content\/pages\/imprint\.de\.md:2:/);
  });
});
