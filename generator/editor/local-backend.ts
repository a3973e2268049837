/**
 * The web editor's local mode: `watch --admin` answers Decap CMS's proxy protocol (the one its
 * `decap-server` speaks) at /admin/api/v1 on the watch server itself, so the editor edits the working
 * tree with no account, from the same origin as the site (the admin page's policy allows
 * `connect-src 'self'` only), and `watch` rebuilds after each save. Only files below content/ and
 * public/media/ can be read, never through a link (editor/safe-paths.ts); only the collections' files
 * and photos can be written (editor/owned-paths.ts), and nothing while content/ or public/ holds a
 * link; a save changes only the values that changed (editor/content-edit.ts).
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { parse } from "yaml";
import { translationLockFile } from "../load/translation-lock.ts";
import { refusedDelete, unreadable } from "./guard.ts";
import { isPhotoOfItsKind, mediaLimitBytes, type EditorFiles } from "./owned-paths.ts";
import {
  editablePath,
  linkLine,
  linksIn,
  listInside,
  readInside,
  Refused,
  removeInside,
  writeInside,
} from "./safe-paths.ts";
import { isBlankVersion, mergeEdit } from "./content-edit.ts";

/** The path of the protocol below the base path. */
export const adminApiPath = "admin/api/v1";

/** The largest request the local mode reads: one photo at the limit, base64-encoded, and its JSON around it. */
const bodyLimitBytes = Math.ceil((mediaLimitBytes * 4) / 3) + 1024 * 1024;

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

async function entryOf(root: string, file: string) {
  const data = await readInside(root, file).catch((error: unknown) => {
    if (error instanceof Refused) throw error;
    return undefined;
  });
  if (data === undefined) return { data: null, file: { path: file, id: null } };
  return { data: data.toString("utf8"), file: { path: file, id: sha256(data) } };
}

async function listFolder(root: string, folder: string, extension: string, depth: number): Promise<string[]> {
  if (depth <= 0) return [];
  const entries = await listInside(root, folder);
  const found = await Promise.all(
    entries.map((entry) => {
      const child = path.posix.join(folder, entry.name);
      if (entry.isFolder) return listFolder(root, child, extension, depth - 1);
      return child.endsWith(extension) ? [child] : [];
    }),
  );
  return found.flat().sort();
}

/**
 * Refuses any write while content/ or public/ holds a symbolic link, as the build refuses it; asked
 * again on each write, so removing the link makes saving work without a restart.
 */
async function refuseOverLinks(root: string) {
  const links = await linksIn(root);
  if (links.length > 0) throw new Refused(linkLine(links[0]!));
}

/** Refuses a file that is not one the collections save. */
function ownEntry(files: EditorFiles, file: unknown): string {
  const relative = editablePath(file);
  if (!files.entry(relative))
    throw new Refused(
      `${relative}: the web editor saves only the files of its collections, and this is none of them (an entry's name is lowercase letters, digits and hyphens)`,
    );
  return relative;
}

/** Refuses a photo of another kind, size or name than the image pipeline takes. */
async function ownMedia(files: EditorFiles, file: unknown, data: Buffer): Promise<string> {
  const relative = editablePath(file);
  const size = data.length;
  if (!files.media(relative))
    throw new Refused(
      `${relative}: the web editor saves only photos (JPEG, PNG, WebP, AVIF or TIFF) named with letters, digits, - and _ in ${files.mediaFolders.join(", ")}/ (rename the photo on your computer, then upload it again)`,
    );
  if (size > mediaLimitBytes)
    throw new Refused(
      `${relative}: ${(size / 1024 / 1024).toFixed(1)} MB is more than the web editor takes (${mediaLimitBytes / 1024 / 1024} MB); save the photo smaller, then upload it again`,
    );
  if (!(await isPhotoOfItsKind(relative, data)))
    throw new Refused(
      `${relative}: this is no ${path.posix.extname(relative).slice(1).toUpperCase()} photo; upload the photo itself`,
    );
  return relative;
}

/**
 * Writes a file as the editor saved it, merged into what was there; atomically, so `watch` never reads
 * half of it. Returns what was there before, to put back if the save is refused.
 */
async function saveFile(root: string, file: string, contents: string | Buffer): Promise<string | undefined> {
  const old = (await readInside(root, file))?.toString("utf8");
  const text = typeof contents === "string" ? mergeEdit(file, old, contents) : contents;
  if (typeof text === "string" && text === old) return old;
  await writeInside(root, file, text);
  return old;
}

/** The names the review form lists as checked: its `reviewed` list, as Decap saves it in YAML. */
function reviewedIn(raw: string): string[] {
  const data = parse(raw) as { reviewed?: unknown } | null;
  const names: unknown = data?.reviewed;
  // Anything else sent for the lock is refused: only the review's ticks are recorded, never a file as sent.
  if (!Array.isArray(names) || !names.every((name): name is string => typeof name === "string"))
    throw new Refused(
      `${translationLockFile}: the web editor writes this file only through the translation review (tick the texts you checked), never as sent`,
    );
  return names;
}

/** Puts a file back as it was before a refused save. */
async function restoreFile(root: string, file: string, old: string | undefined) {
  if (old === undefined) return removeInside(root, file);
  await writeInside(root, file, old);
}

/** A problem `check` finds in a saved file: its located line for the terminal, and as the editor shows it. */
export interface SaveProblem {
  /** The generator's own line and hint (`content/site.yaml:99:15: The date ends … Write the last day …`). */
  terminal: string;
  /** The same in the words of the editor's interface language, with the field it is in. */
  shown: string;
}

/** What `check` finds wrong in the files just saved; none when they are fine. */
export type VerifySave = (files: readonly string[]) => Promise<SaveProblem[]>;

/**
 * The translation review's form (watch only): its save is never written as sent; the names it lists
 * are recorded as reviewed by the code of `translations reviewed`, which writes the lock file itself.
 */
export interface ReviewSave {
  file: string;
  mark: (names: readonly string[]) => Promise<void>;
}

async function mediaFile(root: string, file: string) {
  const data = await readInside(root, file);
  if (data === undefined) throw new Refused(`no such file: ${file}`);
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

/** The actions that change files: refused while content/ or public/ holds a link. */
const writes = new Set(["persistEntry", "persistMedia", "deleteFile", "deleteFiles"]);

/** What the local mode answers with: the project, how it logs, what it may save and how it checks a save. */
export interface AdminApiOptions {
  /** The project's root folder. */
  root: string;
  /** The site's base path ("/" or "/sub/"): the protocol answers at its admin/api/v1. */
  basePath: string;
  /** A line for the terminal. */
  log: (line: string) => void;
  /** The files the editor may save (editor/owned-paths.ts). */
  owned: EditorFiles;
  /** What `check` finds wrong in the files a save wrote; none by default. */
  verify?: VerifySave;
  /** Files the site cannot be built without: never deleted (editor/guard.ts). */
  required?: ReadonlySet<string>;
  /** The translation review's form, recorded by `translations reviewed` (watch only). */
  review?: ReviewSave;
  /**
   * A file that does not parse as the editor says it, in the interface language (its notice and Decap's
   * own); the terminal keeps the generator's located line. Without it, the editor shows that line too.
   */
  unreadableShown?: (file: string, line: number) => Promise<string | undefined>;
}

/** One action of the protocol: what decap-server's local file system mode answers. */
async function act(action: string, params: Record<string, unknown>, options: AdminApiOptions) {
  const { root, log, owned } = options;
  if (writes.has(action)) await refuseOverLinks(root);
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
    case "getEntry": {
      // A form over a file that does not parse would load empty: the editor says why instead.
      const entry = await entryOf(root, params["path"] as string);
      const problem = entry.data === null ? undefined : unreadable(entry.file.path, entry.data);
      if (!problem) return entry;
      log(`Web editor refused a request: ${problem.message}`);
      const shown = (await options.unreadableShown?.(entry.file.path, problem.line)) ?? problem.message;
      throw new Refused(shown, { line: problem.line, cause: "told" });
    }
    case "persistEntry":
      return persistEntry(params, options);
    case "getMedia": {
      const files = await listFolder(root, params["mediaFolder"] as string, "", 1);
      return Promise.all(files.map((file) => mediaFile(root, file)));
    }
    case "getMediaFile":
      return mediaFile(root, params["path"] as string);
    case "persistMedia": {
      const asset = params["asset"] as Asset;
      const data = Buffer.from(asset.content, asset.encoding);
      const file = await ownMedia(owned, asset.path, data);
      await saveFile(root, file, data);
      log(`Web editor saved ${file}`);
      return mediaFile(root, file);
    }
    case "deleteFile":
    case "deleteFiles":
      return deleteFiles(action === "deleteFile" ? [params["path"] as string] : (params["paths"] as string[]), options);
    case "getDeployPreview":
      return null;
    default:
      throw new Refused(`unknown action ${action}`);
  }
}

/**
 * Saves an entry: each language version the editor sent and the photos it brings, or, when `check` refuses the
 * save, none of them (each file put back as it was). The translation review's form is recorded, not written.
 */
async function persistEntry(params: Record<string, unknown>, options: AdminApiOptions) {
  const { root, log, owned, verify = async () => [], review } = options;
  const { entry, dataFiles, assets } = params as {
    entry?: { path: string; raw: string };
    dataFiles?: { path: string; raw: string }[];
    assets?: Asset[];
  };
  const sent = dataFiles ?? (entry ? [entry] : []);
  if (review && sent.length === 1 && sent[0]!.path === review.file) {
    const names = reviewedIn(sent[0]!.raw);
    await review.mark(names);
    log(`Web editor marked reviewed: ${names.join(", ") || "nothing"}`);
    return { message: "entry persisted" };
  }
  for (const file of sent) file.path = ownEntry(owned, file.path);
  const photos = (assets ?? []).map((asset) => ({ ...asset, data: Buffer.from(asset.content, asset.encoding) }));
  for (const photo of photos) photo.path = await ownMedia(owned, photo.path, photo.data);
  // A language version of a new entry the editor left empty is not written (a German-only testimonial).
  const files: typeof sent = [];
  for (const file of sent) {
    const old = (await readInside(root, file.path))?.toString("utf8");
    if (old === undefined && isBlankVersion(file.path, file.raw)) continue;
    const problem = old === undefined ? undefined : unreadable(file.path, old);
    if (problem) throw new Refused(`Not saved. ${problem.message}`);
    files.push(file);
  }
  // Photos first: the check reads them (a slot's photo must exist and be wide enough).
  const added: string[] = [];
  for (const photo of photos) if ((await saveFile(root, photo.path, photo.data)) === undefined) added.push(photo.path);
  const before = new Map<string, string | undefined>();
  for (const file of files) before.set(file.path, await saveFile(root, file.path, file.raw));
  // What the form cannot say (an offer that does not exist, a key in only one language) is
  // found by `check`; a save it refuses is put back, and the editor sees where and why.
  const problems = await verify(files.map((file) => file.path));
  if (problems.length > 0) {
    for (const [file, old] of before) await restoreFile(root, file, old);
    for (const photo of added) await removeInside(root, photo);
    log(`Web editor: not saved, ${problems.length === 1 ? "a problem" : `${problems.length} problems`}:`);
    for (const problem of problems) log(`  ${problem.terminal}`);
    // The editor heads its notice "Not saved" in the owner's language; the answer is the problems alone.
    throw new Refused(problems.map((problem) => problem.shown).join(" "), { cause: "told" });
  }
  log(`Web editor saved ${files.map((file) => file.path).join(", ")}`);
  return { message: "entry persisted" };
}

/** Deletes the files asked for, each one the editor owns, or none when the site needs one of them (editor/guard.ts). */
async function deleteFiles(asked: string[], options: AdminApiOptions) {
  const { root, log, owned, required = new Set<string>() } = options;
  const files = asked.map((file) => {
    const relative = editablePath(file);
    return owned.media(relative) ? relative : ownEntry(owned, relative);
  });
  const refusal = refusedDelete(files, required);
  if (refusal) throw new Refused(refusal);
  for (const file of files) await removeInside(root, file);
  log(`Web editor deleted ${files.join(", ")}`);
  return { message: "deleted" };
}

/**
 * Answers a request to the protocol's path; returns false for any other path. Only JSON POSTs from the
 * same origin: a page of another site cannot send one without a preflight, which this never allows.
 */
export function answerAdminApi(request: IncomingMessage, response: ServerResponse, options: AdminApiOptions): boolean {
  const { basePath, log } = options;
  const pathname = (request.url ?? "").split("?")[0];
  if (pathname !== `${basePath}${adminApiPath}`) return false;
  let answered = false;
  const send = (status: number, body: unknown) => {
    answered = true;
    response
      .writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" })
      .end(JSON.stringify(body));
  };
  const origin = request.headers.origin;
  const sameOrigin = origin === undefined || hostOf(origin) === request.headers.host;
  if (request.method !== "POST" || !/^application\/json\b/.test(request.headers["content-type"] ?? "") || !sameOrigin) {
    send(405, { error: "The web editor's local mode takes JSON POSTs from its own page only." });
    return true;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  request.on("data", (chunk: Buffer) => {
    if (answered) return;
    size += chunk.length;
    if (size <= bodyLimitBytes) return void chunks.push(chunk);
    // The rest of the request is read and dropped: the answer arrives, and nothing piles up in memory.
    chunks.length = 0;
    log(`Web editor refused a request of more than ${bodyLimitBytes / 1024 / 1024} MB`);
    send(413, { error: `The web editor takes requests of up to ${bodyLimitBytes / 1024 / 1024} MB.` });
  });
  request.on("end", () => {
    if (answered) return;
    void (async () => {
      let action = "";
      try {
        const body = (JSON.parse(Buffer.concat(chunks).toString("utf8")) ?? {}) as {
          action?: unknown;
          params?: Record<string, unknown>;
        };
        action = String(body.action);
        send(200, await act(action, body.params ?? {}, options));
      } catch (error) {
        const refused = error instanceof Refused || error instanceof SyntaxError;
        const message = error instanceof Error ? error.message : String(error);
        // One line in the terminal for each refusal the editor shows (the check's own refusal has said more).
        if (!refused) log(`Web editor: ${message}`);
        else if (error instanceof Refused && error.cause !== "told")
          log(`Web editor refused ${writes.has(action) ? "a save" : "a request"}: ${message}`);
        // The line of a file that does not parse travels too: the editor says where in the owner's language.
        const line = error instanceof Refused ? error.line : undefined;
        send(refused ? 422 : 500, { error: message, ...(line !== undefined && { line }) });
      }
    })();
  });
  return true;
}

/** The `host:port` of an Origin header; undefined for `null` or anything that is no URL. */
function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
