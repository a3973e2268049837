/**
 * A stand-in for GitHub's REST API on this machine, answering the calls Decap's GitHub backend makes to read
 * a repository and commit to it (users, the repository's permissions, trees by branch and folder, blobs,
 * new blobs, trees and commits, and moving the branch), over a repository held in memory. It accepts one
 * token, records every commit with its files, and answers 404 to anything else (listed in `unknown`).
 * Nothing leaves the machine: the editor reaches it through site.yaml's `editor: api_root`.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";

interface Blob {
  sha: string;
  data: Buffer;
}

/** One commit the editor made: its message and the files whose content it set. */
export interface StandInCommit {
  message: string;
  files: Map<string, string>;
}

export interface GitHubStandIn {
  /** The API's address, for `api_root`. */
  url: string;
  commits: StandInCommit[];
  unknown: string[];
  /** Resolves at the next commit on the branch. */
  nextCommit(): Promise<StandInCommit>;
  close(): Promise<void>;
}

const blobSha = (data: Buffer) =>
  createHash("sha1")
    .update(Buffer.concat([Buffer.from(`blob ${data.length}\0`), data]))
    .digest("hex");

/** Starts the stand-in for `repo` (owner/name) with `files` on branch `main`, for the one `token`. */
export async function startGitHubStandIn(
  repo: string,
  files: ReadonlyMap<string, Buffer>,
  token: string,
): Promise<GitHubStandIn> {
  const blobs = new Map<string, Blob>();
  const tree = new Map<string, string>(); // path → blob sha
  const put = (data: Buffer) => {
    const sha = blobSha(data);
    blobs.set(sha, { sha, data });
    return sha;
  };
  for (const [file, data] of files) tree.set(file, put(data));
  const trees = new Map<string, Map<string, string>>(); // tree sha → path → blob sha
  const treeSha = (entries: Map<string, string>) => {
    const sha = createHash("sha1")
      .update(JSON.stringify([...entries].sort()))
      .digest("hex");
    trees.set(sha, new Map(entries));
    return sha;
  };
  let head = { sha: "c0".padEnd(40, "0"), tree: treeSha(tree) };
  const commitsBySha = new Map<string, { tree: string; message: string }>([
    [head.sha, { tree: head.tree, message: "initial" }],
  ]);
  const commits: StandInCommit[] = [];
  const unknown: string[] = [];
  let waiting: ((commit: StandInCommit) => void)[] = [];
  const base = `/repos/${repo}`;

  /** The entries of a folder of the branch's tree, as GitHub lists a tree. */
  const folderOf = (folder: string) => {
    const current = trees.get(head.tree)!;
    const prefix = folder ? `${folder}/` : "";
    const seen = new Map<string, { path: string; mode: string; type: string; sha: string; size?: number }>();
    for (const [file, sha] of current) {
      if (!file.startsWith(prefix)) continue;
      const rest = file.slice(prefix.length);
      const [first, ...more] = rest.split("/");
      if (more.length > 0)
        seen.set(first!, { path: first!, mode: "040000", type: "tree", sha: `tree-${prefix}${first}` });
      else seen.set(first!, { path: first!, mode: "100644", type: "blob", sha, size: blobs.get(sha)!.data.length });
    }
    return [...seen.values()];
  };

  const body = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return chunks.length ? (JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>) : {};
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://stand-in");
      const send = (status: number, value: unknown, headers: Record<string, string> = {}) =>
        response
          .writeHead(status, {
            "content-type": "application/json; charset=utf-8",
            "access-control-allow-origin": "*",
            "access-control-allow-headers": "authorization, content-type, accept, cache-control, x-requested-with",
            "access-control-allow-methods": "GET, POST, PATCH, PUT, DELETE",
            "access-control-expose-headers": "link",
            ...headers,
          })
          .end(typeof value === "string" || Buffer.isBuffer(value) ? value : JSON.stringify(value));
      if (request.method === "OPTIONS") return send(204, "");
      // GitHub takes a token as `token …` or `Bearer …`.
      const sentToken = /^(?:token|bearer) (.+)$/i.exec(request.headers.authorization ?? "")?.[1];
      if (sentToken !== token) {
        if (process.env["DEBUG_EDITOR"]) console.log("401", request.method, request.url, request.headers.authorization);
        return send(401, { message: "Bad credentials" });
      }
      const path = decodeURIComponent(url.pathname);
      const method = request.method ?? "GET";
      if (method === "GET" && path === "/user")
        return send(200, { login: "deichhof", name: "Katrin", avatar_url: "", id: 1 });
      if (method === "GET" && path === base)
        return send(200, {
          full_name: repo,
          name: repo.split("/")[1],
          owner: { login: repo.split("/")[0] },
          default_branch: "main",
          permissions: { admin: false, push: true, pull: true },
        });
      if (method === "GET" && path === `${base}/branches/main`)
        return send(200, { name: "main", commit: { sha: head.sha, commit: { tree: { sha: head.tree } } } });
      const treeMatch = /^\/repos\/[^/]+\/[^/]+\/git\/trees\/(.+)$/.exec(path);
      if (method === "GET" && treeMatch) {
        const [ref, folder = ""] = treeMatch[1]!.split(":");
        if (ref !== "main" && ref !== head.sha && ref !== head.tree) return send(404, { message: "Not Found" });
        return send(200, { sha: head.tree, tree: folderOf(folder.replace(/\/$/, "")), truncated: false });
      }
      const blobMatch = /^\/repos\/[^/]+\/[^/]+\/git\/blobs\/([0-9a-f]+)$/.exec(path);
      if (method === "GET" && blobMatch) {
        const blob = blobs.get(blobMatch[1]!);
        if (!blob) return send(404, { message: "Not Found" });
        if (/raw/.test(request.headers.accept ?? ""))
          return send(200, blob.data, { "content-type": "application/octet-stream" });
        return send(200, {
          sha: blob.sha,
          size: blob.data.length,
          content: blob.data.toString("base64"),
          encoding: "base64",
        });
      }
      if (method === "GET" && path === `${base}/commits`) return send(200, []);
      if (method === "POST" && path === `${base}/git/blobs`) {
        const sent = await body(request);
        const data = Buffer.from(String(sent["content"]), sent["encoding"] === "base64" ? "base64" : "utf8");
        return send(201, { sha: put(data) });
      }
      if (method === "POST" && path === `${base}/git/trees`) {
        const sent = (await body(request)) as { base_tree?: string; tree: { path: string; sha: string | null }[] };
        const entries = new Map(trees.get(sent.base_tree ?? head.tree) ?? []);
        for (const entry of sent.tree) {
          if (entry.sha === null) entries.delete(entry.path);
          else entries.set(entry.path, entry.sha);
        }
        const sha = treeSha(entries);
        return send(201, { sha, tree: [] });
      }
      if (method === "POST" && path === `${base}/git/commits`) {
        const sent = (await body(request)) as { message: string; tree: string };
        const sha = createHash("sha1").update(`${sent.tree}${commitsBySha.size}`).digest("hex");
        commitsBySha.set(sha, { tree: sent.tree, message: sent.message });
        return send(201, { sha, tree: { sha: sent.tree }, message: sent.message, parents: [{ sha: head.sha }] });
      }
      if (method === "PATCH" && path === `${base}/git/refs/heads/main`) {
        const sent = (await body(request)) as { sha: string };
        const commit = commitsBySha.get(sent.sha);
        if (!commit) return send(422, { message: "Object does not exist" });
        const before = trees.get(head.tree)!;
        const after = trees.get(commit.tree)!;
        const changed = new Map<string, string>();
        for (const [file, sha] of after)
          if (before.get(file) !== sha) changed.set(file, blobs.get(sha)!.data.toString("utf8"));
        head = { sha: sent.sha, tree: commit.tree };
        const made = { message: commit.message, files: changed };
        commits.push(made);
        for (const resolve of waiting) resolve(made);
        waiting = [];
        return send(200, { ref: "refs/heads/main", object: { sha: sent.sha } });
      }
      unknown.push(`${method} ${url.pathname}${url.search}`);
      return send(404, { message: "Not Found" });
    })().catch((error: unknown) => {
      unknown.push(`error ${String(error)}`);
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    commits,
    unknown,
    nextCommit: () => new Promise((resolve) => waiting.push(resolve)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
