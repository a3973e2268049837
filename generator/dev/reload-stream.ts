/**
 * The reload stream of `watch`: the event stream every open tab listens to (`/__ranch-site/events`), and
 * what it is told after each rebuild that stands. What a message holds, and what a tab does with it, is
 * live-reload.ts; this file keeps the open streams, the output files they have not heard of yet, and the
 * log a late tab catches up from.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { liveReloadClient, ReloadLog, reloadMessage } from "./live-reload.ts";

const eventsPath = "/__ranch-site/events";

/** The live-reload client (generator/dev/live-reload.ts), the same on every page: allowed by its hash. */
export const liveReloadScript = liveReloadClient(eventsPath);

/** The client's script element, with the rebuild the served page shows: its stream asks for what came after. */
export const liveReloadTag = (build: string) => `<script data-build="${build}">${liveReloadScript}</script>`;

/** What one rebuild that stands tells the tabs. */
export interface Told {
  /** The saved source files it was about (relative to the project). */
  sources: readonly string[];
  /** Every tab reloads: a failed build, or the first good one after it (the overlay comes or goes). */
  everyTab: boolean;
  /** With `--open-saved`: [locale prefix, page] pairs, where the tabs go. */
  pages?: [string, string][];
}

export class ReloadStream {
  readonly #basePath: string;
  readonly #clients = new Set<ServerResponse>();
  /** What the tabs were told after each rebuild: a tab that connects late hears what it missed. */
  readonly #told = new ReloadLog();
  /** Output files written since the tabs last heard of a rebuild: what they must reload. */
  readonly #unsent = new Set<string>();

  constructor(basePath: string) {
    this.#basePath = basePath;
  }

  /** The id of the last rebuild told: what a page served now shows. */
  get current(): string {
    return this.#told.current;
  }

  /** Output files a build wrote (relative to the output folder): told with the next rebuild that stands. */
  wrote(outputs: Iterable<string>) {
    for (const output of outputs) this.#unsent.add(output);
  }

  /** Tells every open tab of a rebuild, and keeps it for the tabs that connect late. */
  tell({ sources, everyTab, pages }: Told) {
    const outputs = [...this.#unsent];
    this.#unsent.clear();
    const changes = reloadMessage({ sources, outputs, basePath: this.#basePath, everyTab });
    const event = this.#told.record(pages ? { pages, ...changes } : changes);
    for (const client of this.#clients) client.write(event);
  }

  /** Answers a request for the stream (and nothing else: false): it starts with what the tab missed. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    const [pathname, query] = (request.url ?? "").split("?");
    if (pathname !== eventsPath) return false;
    const lastEventId = request.headers["last-event-id"];
    const since = typeof lastEventId === "string" ? lastEventId : new URLSearchParams(query).get("since");
    response.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-store",
      connection: "keep-alive",
    });
    response.write(": connected\n\n");
    const missed = this.#told.since(since ?? undefined);
    if (missed) response.write(missed);
    this.#clients.add(response);
    request.on("close", () => this.#clients.delete(response));
    return true;
  }

  /** Ends every open stream, so the server can close. */
  close() {
    for (const client of this.#clients) client.end();
  }
}
