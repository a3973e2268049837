/**
 * The published editor as the owner meets it on GitHub Pages: no OAuth service named in site.yaml, so
 * /admin/ asks for an access token once, in German for a German browser, refuses a wrong one at its field,
 * and with the right one opens the form and publishes the seats of a date as a commit that changes exactly
 * that line of content/site.yaml. GitHub is a stand-in on this machine (tests/support/github-stand-in.ts),
 * reached through `editor: api_root`; nothing leaves the machine. `SCREENSHOTS=1` writes the README's
 * pictures of the sign-in to docs/editor/.
 */
import { createServer, type Server } from "node:http";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, MemoryWriter, resolveConfig } from "../../generator/index.ts";
import { borrowChromium, pictureKind } from "../support/chromium.ts";
import { startGitHubStandIn, type GitHubStandIn } from "../support/github-stand-in.ts";
import { copyProject, editFile } from "../support/project.ts";
import { projectRoot } from "../support/site.ts";

const token = "github_pat_11AAAAAAA0standin0token";
let github: GitHubStandIn;
let site: Server;
let origin: string;
let browser: Browser;
let release: () => Promise<void> = async () => {};
const foreign: string[] = [];

/** Every file below content/ of a project, by its path in the repository. */
async function contentFiles(root: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(path.join(root, "content"), { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      files.set(path.relative(root, file).split(path.sep).join("/"), await readFile(file));
    }
  return files;
}

beforeAll(async () => {
  const root = await copyProject();
  github = await startGitHubStandIn("deichhof/ranch-site", await contentFiles(root), token);
  await editFile(
    root,
    "content/site.yaml",
    "\nnavigation:\n",
    `\neditor:\n  repo: deichhof/ranch-site\n  api_root: ${github.url}\n\nnavigation:\n`,
  );
  const writer = new MemoryWriter();
  await build(resolveConfig({ root }), writer);
  // The built site as a static host serves it (the admin page's policy is its meta tag).
  site = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://site").pathname);
    const file = pathname.endsWith("/") ? `${pathname.slice(1)}index.html` : pathname.slice(1);
    const contents = writer.files.get(file);
    if (contents === undefined) return void response.writeHead(404).end();
    const type = file.endsWith(".html")
      ? "text/html; charset=utf-8"
      : file.endsWith(".js")
        ? "text/javascript"
        : file.endsWith(".css")
          ? "text/css"
          : "text/yaml; charset=utf-8";
    response.writeHead(200, { "content-type": type }).end(contents);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
  ({ browser, release } = await borrowChromium(pictureKind()));
});

afterAll(async () => {
  await release();
  await github?.close();
  await new Promise((resolve) => site?.close(resolve));
});

async function germanPage(width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 }, locale: "de-DE" });
  if (process.env["DEBUG_EDITOR"])
    page.on("console", (message) => console.log(message.type(), message.text().slice(0, 400)));
  await page.route("**/*", (route) => {
    const { hostname } = new URL(route.request().url());
    if (hostname === "127.0.0.1") return route.continue();
    foreign.push(route.request().url());
    return route.abort();
  });
  return page;
}

async function shot(page: Page, name: string) {
  if (process.env["SCREENSHOTS"]) await page.screenshot({ path: path.join(projectRoot, "docs/editor", `${name}.png`) });
}

describe("the published editor on GitHub, signed in with an access token", () => {
  it("asks for the token in German, refuses a wrong one at its field, and publishes one line as one commit", async () => {
    const page = await germanPage();
    await page.goto(`${origin}/admin/#/collections/site/entries/site`, { timeout: 120_000 });
    const field = page.getByLabel("Zugangsschlüssel");
    await field.waitFor({ timeout: 60_000 });
    await shot(page, "1-sign-in");
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Bitte fügen Sie Ihren Zugangsschlüssel ein.");
    await field.fill("github_pat_expired");
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toMatch(/^GitHub kennt diesen Zugangsschlüssel nicht/);
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    await field.fill(token);
    await page.getByRole("button", { name: "Anmelden" }).click();
    const seats = page.getByLabel("Freie Plätze").first();
    await seats.waitFor({ timeout: 60_000 });
    expect(await seats.inputValue()).toBe("4");
    await seats.fill("3");
    const committed = github.nextCommit();
    await page.getByRole("button", { name: "Veröffentlichen" }).click();
    await page.getByText("Jetzt veröffentlichen").click();
    const commit = await Promise.race([
      committed,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`no commit; unknown requests: ${github.unknown.join(", ")}`)), 90_000),
      ),
    ]);
    expect([...commit.files.keys()]).toEqual(["content/site.yaml"]);
    const before = (await readFile(path.join(projectRoot, "content/site.yaml"), "utf8")).split("\n");
    const after = commit.files.get("content/site.yaml")!.split("\n");
    expect(after.length).toBe(before.length);
    const changed = before.flatMap((line, index) => (line === after[index] ? [] : [[line, after[index]]]));
    expect(changed).toEqual([["    seatsLeft: 4", "    seatsLeft: 3"]]);
    expect(github.unknown).toEqual([]);
    // Signed in once: the next visit opens the form at once.
    await page.reload();
    await page.getByLabel("Freie Plätze").first().waitFor({ timeout: 60_000 });
    await page.close();
  }, 240_000);

  it("asked nothing of another origin", () => {
    expect(foreign).toEqual([]);
  });
});
