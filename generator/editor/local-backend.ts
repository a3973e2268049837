/**
 * The web editor's local mode: `watch --admin` answers Decap CMS's proxy protocol (the one its
 * `decap-server` speaks) at /admin/api/v1 on the watch server itself, so the editor edits the working
 * tree with no account, from the same origin as the site (the admin page's policy allows
 * `connect-src 'self'` only), and `watch` rebuilds after each save. Only files below content/ and
 * public/media/ can be read or written; a save changes only the values that changed (write/content-edit.ts).
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, readdir, unlink } from "node:fs/promises";
import { replaceFile } from "../write/atomic.ts";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { mergeEdit } from "./content-edit.ts";

/** The path of the protocol below the base path. */
export const adminApiPath = "admin/api/v1";

/** The folders the editor may touch, relative to the project. */
const editable = ["content/", "public/media/"];

class Refused extends Error {}

/** A project-relative path the editor may use, as an absolute path; anything else is refused. */
function resolveEditable(root: string, file: unknown): string {
  if (typeof file !== "string" || file.includes("\0")) throw new Refused("not a path");
  const relative = path.posix.normalize(file.replace(/\\/g, "/"));
  if (relative.startsWith("/") || relative.split("/").includes("..")) throw new Refused(`outside the project: ${file}`);
  if (!editable.some((folder) => relative.startsWith(folder)))
    throw new Refused(`the editor may change only content/ and public/media/: ${file}`);
  return path.join(root, relative);
}

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

async function entryOf(root: string, file: string) {
  try {
    const data = await readFile(resolveEditable(root, file));
    return { data: data.toString("utf8"), file: { path: file, id: sha256(data) } };
  } catch (error) {
    if (error instanceof Refused) throw error;
    return { data: null, file: { path: file, id: null } };
  }
}

async function listFolder(root: string, folder: string, extension: string, depth: number): Promise<string[]> {
  if (depth <= 0) return [];
  const absolute = resolveEditable(root, folder.endsWith("/") ? folder : `${folder}/`);
  const entries = await readdir(absolute, { withFileTypes: true }).catch(() => []);
  const found = await Promise.all(
    entries.map((entry) => {
      const child = path.posix.join(folder, entry.name);
      if (entry.isDirectory()) return listFolder(root, child, extension, depth - 1);
      return child.endsWith(extension) ? [child] : [];
    }),
  );
  return found.flat().sort();
}

/**
 * Writes a file as the editor saved it, merged into what was there; atomically, so `watch` never reads
 * half of it. Returns what was there before, to put back if the save is refused.
 */
async function saveFile(root: string, file: string, contents: string | Buffer): Promise<string | undefined> {
  const absolute = resolveEditable(root, file);
  await mkdir(path.dirname(absolute), { recursive: true });
  const old = await readFile(absolute, "utf8").catch(() => undefined);
  const text = typeof contents === "string" ? mergeEdit(file, old, contents) : contents;
  if (typeof text === "string" && text === old) return old;
  await replaceFile(absolute, text);
  return old;
}

/** Puts a file back as it was before a refused save. */
async function restoreFile(root: string, file: string, old: string | undefined) {
  const absolute = resolveEditable(root, file);
  if (old === undefined) return void (await unlink(absolute).catch(() => undefined));
  await replaceFile(absolute, old);
}

/** What `check` finds wrong in the files just saved, one located line each; none when they are fine. */
export type VerifySave = (files: readonly string[]) => Promise<string[]>;

async function mediaFile(root: string, file: string) {
  const data = await readFile(resolveEditable(root, file));
  return {
    id: sha256(data),
    content: data.toString("base64"),
    encoding: "base64",
    path: file,
    name: path.basename(file),
  };
}

interface Asset {
  path: string;
  content: string;
  encoding: BufferEncoding;
}

/** One action of the protocol: what decap-server's local file system mode answers. */
async function act(
  root: string,
  action: string,
  params: Record<string, unknown>,
  log: (line: string) => void,
  verify: VerifySave,
) {
  switch (action) {
    case "info":
      return { repo: path.basename(root), publish_modes: ["simple"], type: "local_fs" };
    case "entriesByFolder": {
      const { folder, extension, depth } = params as { folder: string; extension: string; depth: number };
      const files = await listFolder(root, folder, extension ?? "", depth ?? 1);
      return Promise.all(files.map((file) => entryOf(root, file)));
    }
    case "entriesByFiles":
      return Promise.all((params["files"] as { path: string }[]).map((file) => entryOf(root, file.path)));
    case "getEntry":
      return entryOf(root, params["path"] as string);
    case "persistEntry": {
      const { entry, dataFiles, assets } = params as {
        entry?: { path: string; raw: string };
        dataFiles?: { path: string; raw: string }[];
        assets?: Asset[];
      };
      const files = dataFiles ?? (entry ? [entry] : []);
      for (const file of files) resolveEditable(root, file.path);
      const before = new Map<string, string | undefined>();
      for (const file of files) before.set(file.path, await saveFile(root, file.path, file.raw));
      // What the form cannot say (an offer that does not exist, a key in only one language) is
      // found by `check`; a save it refuses is put back, and the editor sees where and why.
      const problems = await verify(files.map((file) => file.path));
      if (problems.length > 0) {
        for (const [file, old] of before) await restoreFile(root, file, old);
        log(`Web editor: not saved, ${problems.length === 1 ? "a problem" : `${problems.length} problems`}:`);
        for (const problem of problems) log(`  ${problem}`);
        throw new Refused(`Not saved. ${problems.join(" ")}`);
      }
      for (const asset of assets ?? []) await saveFile(root, asset.path, Buffer.from(asset.content, asset.encoding));
      log(`Web editor saved ${files.map((file) => file.path).join(", ")}`);
      return { message: "entry persisted" };
    }
    case "getMedia": {
      const files = await listFolder(root, params["mediaFolder"] as string, "", 1);
      return Promise.all(files.map((file) => mediaFile(root, file)));
    }
    case "getMediaFile":
      return mediaFile(root, params["path"] as string);
    case "persistMedia": {
      const asset = params["asset"] as Asset;
      await saveFile(root, asset.path, Buffer.from(asset.content, asset.encoding));
      return mediaFile(root, asset.path);
    }
    case "deleteFile":
    case "deleteFiles": {
      const files = action === "deleteFile" ? [params["path"] as string] : (params["paths"] as string[]);
      for (const file of files) await unlink(resolveEditable(root, file)).catch(() => undefined);
      log(`Web editor deleted ${files.join(", ")}`);
      return { message: "deleted" };
    }
    case "getDeployPreview":
      return null;
    default:
      throw new Refused(`unknown action ${action}`);
  }
}

/**
 * Answers a request to the protocol's path; returns false for any other path. Only JSON POSTs from the
 * same origin: a page of another site cannot send one without a preflight, which this never allows.
 */
export function answerAdminApi(
  root: string,
  basePath: string,
  request: IncomingMessage,
  response: ServerResponse,
  log: (line: string) => void,
  verify: VerifySave = async () => [],
): boolean {
  const pathname = (request.url ?? "").split("?")[0];
  if (pathname !== `${basePath}${adminApiPath}`) return false;
  const send = (status: number, body: unknown) =>
    response
      .writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" })
      .end(JSON.stringify(body));
  const origin = request.headers.origin;
  const sameOrigin = origin === undefined || new URL(origin).host === request.headers.host;
  if (request.method !== "POST" || !/^application\/json\b/.test(request.headers["content-type"] ?? "") || !sameOrigin) {
    send(405, { error: "The web editor's local mode takes JSON POSTs from its own page only." });
    return true;
  }
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    void (async () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
          action: string;
          params?: Record<string, unknown>;
        };
        send(200, await act(root, body.action, body.params ?? {}, log, verify));
      } catch (error) {
        const refused = error instanceof Refused || error instanceof SyntaxError;
        if (!refused) log(`Web editor: ${error instanceof Error ? error.message : String(error)}`);
        send(refused ? 422 : 500, { error: error instanceof Error ? error.message : "failed" });
      }
    })();
  });
  return true;
}
