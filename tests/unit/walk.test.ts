/** The one walk over the project's folders (generator/io/walk.ts): one rule for links, names and hidden files. */
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readText } from "../../generator/io/files.ts";
import { linksBelow, listFiles, listTree, walk } from "../../generator/io/walk.ts";

/** A project with plain files, hidden ones, a hidden folder, a page named "..", and links. */
async function project(): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), "ranch-walk-"));
  const files: Record<string, string> = {
    "content/site.yaml": "name: Ranch\n",
    "content/pages/about.en.md": "---\ntitle: About\n---\n",
    "content/pages/..en.md": "---\ntitle: Up\n---\n",
    "content/pages/.about.en.md.swp": "swap",
    "public/favicon.svg": "<svg/>",
    "public/fonts/a.woff2": "font",
    "public/.well-known/security.txt": "Contact: x",
    "outside/secret.txt": "secret",
  };
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  await symlink("../../outside/secret.txt", path.join(root, "public/fonts/b.woff2"));
  await symlink("user@host.42", path.join(root, "content/pages/.#about.en.md"));
  return root;
}

describe("the walk", () => {
  it("lists what it meets, follows no link, and neither lists nor enters a hidden name", async () => {
    const root = await project();
    expect(await walk(root, "public", { deep: true })).toEqual(
      expect.arrayContaining([
        { file: "public/favicon.svg", kind: "file" },
        { file: "public/fonts", kind: "folder" },
        { file: "public/fonts/a.woff2", kind: "file" },
        { file: "public/fonts/b.woff2", kind: "link" },
      ]),
    );
    expect(
      ((await walk(root, "public", { deep: true })) as { file: string }[]).map((found) => found.file),
    ).not.toContain("public/.well-known/security.txt");
    expect(await walk(root, "nowhere", { deep: true })).toBe("missing");
  });

  it("gives the build and the editor the same links: an editor's hidden lock link is in nobody's way", async () => {
    const root = await project();
    const tree = await listTree(root, "public");
    expect(tree.value).toEqual(["favicon.svg", "fonts/a.woff2"]);
    expect(tree.problems.map((problem) => problem.message)).toEqual([
      "public/fonts/b.woff2:1:1: This is a symbolic link; content is read only from plain files",
    ]);
    expect(await linksBelow(root, ["content", "public"])).toEqual(["public/fonts/b.woff2"]);
  });

  it("lists a page named '..', so that its name is refused at its place, and no swap file", async () => {
    const root = await project();
    const pages = await listFiles(root, "content/pages", ".md");
    expect(pages.value.files).toEqual(["content/pages/..en.md", "content/pages/about.en.md"]);
    expect(pages.problems).toEqual([]);
  });

  it("meets a linked folder as a link, where it stands, and enters nothing through it", async () => {
    const root = await project();
    await symlink("../outside", path.join(root, "content/testimonials"));
    const testimonials = await listFiles(root, "content/testimonials", ".md");
    expect(testimonials.value.files).toEqual([]);
    expect(testimonials.problems.map((problem) => [problem.message, problem.hint])).toEqual([
      [
        "content/testimonials:1:1: This is a symbolic link; content is read only from plain files",
        "Replace the link with a copy of the folder it points to.",
      ],
    ]);
    expect(await linksBelow(root, ["content"])).toEqual(["content/testimonials"]);
  });
});

describe("a listed name that is no plain file", () => {
  it("is refused as what it is: a named pipe is no folder", async () => {
    const root = await project();
    execFileSync("mkfifo", [path.join(root, "content/pages/pipe.en.md")]);
    const listed = await listFiles(root, "content/pages", ".md");
    expect(listed.value.refused).toEqual(["content/pages/pipe.en.md"]);
    expect(listed.problems.map((problem) => problem.message)).toEqual([
      "content/pages/pipe.en.md:1:1: This is no plain file (a named pipe, socket or device)",
    ]);
  });
});

describe("a file read by name", () => {
  it("is read only from a plain file: a link in its place, or on its way, is refused and not read", async () => {
    const root = await project();
    expect(await readText(root, "content/site.yaml")).toEqual({ text: "name: Ranch\n" });
    await symlink("../outside/secret.txt", path.join(root, "content/images.yaml"));
    const linked = await readText(root, "content/images.yaml");
    expect("error" in linked && linked.error.message).toBe(
      "content/images.yaml:1:1: This is a symbolic link; content is read only from plain files",
    );
    await symlink("../outside", path.join(root, "content/i18n"));
    await writeFile(path.join(root, "outside/en.yaml"), "hello: world\n");
    const through = await readText(root, "content/i18n/en.yaml");
    expect("error" in through && through.error.message).toBe(
      "content/i18n:1:1: This is a symbolic link; content is read only from plain files",
    );
  });

  it("reads a named pipe in its place as empty, and is not held until something writes to it", async () => {
    // Files are read at once, on the main thread (io/many-files.ts): a pipe without a writer would stop the
    // build, and watch's server with it, for good.
    const root = await project();
    await rm(path.join(root, "content/site.yaml"));
    execFileSync("mkfifo", [path.join(root, "content/site.yaml")]);
    const read = await readText(root, "content/site.yaml");
    expect("error" in read && read.error.message).toBe("content/site.yaml:1:1: The file is empty");
  });
});
