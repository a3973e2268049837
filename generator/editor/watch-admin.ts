/**
 * What `watch --admin` adds to the watch server: the web editor's local mode (its save protocol,
 * generator/editor/local-backend.ts) and its configuration, answered per request because Decap needs the
 * absolute address of the local mode, which only the request's Host names.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { adminApiPath, answerAdminApi } from "./local-backend.ts";
import { build } from "../build.ts";
import { createCmsConfig, loadCmsContent } from "./cms-config.ts";
import type { SiteConfig } from "../config.ts";
import { ContentError, ContentErrors } from "../errors.ts";
import { adminConfigText } from "./admin-files.ts";
import { MemoryWriter } from "../write/writer.ts";

/** Answers the local mode's requests and admin/config.yml; false for every other request. */
export function answerAdmin(
  config: SiteConfig,
  request: IncomingMessage,
  response: ServerResponse,
  log: (line: string) => void,
): boolean {
  if (answerAdminApi(config.root, config.basePath, request, response, log, (files) => problemsIn(config, files)))
    return true;
  const pathname = (request.url ?? "").split("?")[0];
  if (pathname !== `${config.basePath}admin/config.yml` || request.method !== "GET") return false;
  const origin = `http://${request.headers.host ?? "localhost"}`;
  const api = `${origin}${config.basePath}${adminApiPath}`;
  const hostname = new URL(origin).hostname;
  void loadCmsContent(
    config.root,
    config.locales.map((locale) => locale.code),
  )
    .then((content) => {
      const text = adminConfigText(
        createCmsConfig(content),
        { name: "proxy", proxy_url: api },
        {
          local_backend: { url: api, allowed_hosts: [hostname] },
          site_url: `${origin}${config.basePath}`,
          display_url: `${origin}${config.basePath}`,
        },
      );
      response.writeHead(200, { "content-type": "text/yaml; charset=utf-8", "cache-control": "no-store" }).end(text);
    })
    .catch((error: unknown) => {
      log(`Web editor: cannot make its configuration: ${error instanceof Error ? error.message : String(error)}`);
      response.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("No configuration\n");
    });
  return true;
}

/** `check` on the project as it is now: the located lines of its errors in the given files. */
async function problemsIn(config: SiteConfig, files: readonly string[]): Promise<string[]> {
  try {
    await build({ ...config, mode: "build" }, new MemoryWriter());
    return [];
  } catch (error) {
    const errors = error instanceof ContentErrors ? error.errors : error instanceof ContentError ? [error] : [];
    return errors
      .filter((problem) => files.includes(problem.place.file))
      .map((problem) => (problem.hint ? `${problem.message} ${problem.hint}` : problem.message));
  }
}
