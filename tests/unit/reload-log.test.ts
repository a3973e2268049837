/**
 * What a `watch` tab hears when its live-reload stream connects (generator/dev/live-reload.ts): the
 * rebuilds since the page it shows, so a save between its load and its connection is not lost.
 */
import { describe, expect, it } from "vitest";
import { ReloadLog, reloadMessage } from "../../generator/dev/live-reload.ts";
import { hostConfigFiles } from "../../generator/hosts/host-config.ts";

/** The message in a server-sent event. */
const message = (event: string | undefined) => JSON.parse(/^data: (.*)$/m.exec(event ?? "")![1]!);

describe("ReloadLog", () => {
  it("tells a tab that is up to date nothing", () => {
    const log = new ReloadLog();
    log.record({ all: true });
    expect(log.since(log.current)).toBeUndefined();
  });

  it("replays the rebuild after the one the page was served with", () => {
    const log = new ReloadLog();
    log.record({ all: true });
    const served = log.current;
    log.record({ changed: ["/about-me/"], notFound: false });
    expect(message(log.since(served))).toEqual({ changed: ["/about-me/"], notFound: false });
  });

  it("tells a tab that missed several rebuilds what all of them would have made it do, in one message", () => {
    const log = new ReloadLog();
    const served = log.current;
    log.record({ changed: ["/about-me/"], notFound: false });
    log.record({ changed: ["/de/"], notFound: true });
    expect(message(log.since(served))).toEqual({ changed: ["/about-me/", "/de/"], notFound: true });
    // Only stylesheet swaps: the last stylesheet, and no reload.
    const styled = log.current;
    log.record({ css: "/assets/pages.1.css" });
    log.record({ css: "/assets/pages.2.css" });
    expect(message(log.since(styled))).toEqual({ css: "/assets/pages.2.css" });
    // A swap among other changes: a swap alone would miss them, so the tab reloads.
    expect(message(log.since(served))).toEqual({ all: true });
  });

  it("keeps the page of the last save for --open-saved, though a later rebuild changed the tab's page", () => {
    const log = new ReloadLog();
    const served = log.current;
    log.record({ pages: [["/de/", "/de/about-me/"]], changed: ["/de/about-me/"], notFound: false });
    log.record({ changed: ["/de/"], notFound: false });
    expect(message(log.since(served))).toEqual({
      pages: [["/de/", "/de/about-me/"]],
      changed: ["/de/about-me/", "/de/"],
      notFound: false,
    });
  });

  it("gives each event the id EventSource sends back as Last-Event-ID on a reconnect", () => {
    const log = new ReloadLog();
    const served = log.current;
    const event = log.record({ changed: ["/"] });
    expect(event).toBe(`id: ${log.current}\ndata: {"changed":["/"]}\n\n`);
    expect(log.since(served)).toBe(event);
  });

  it("reloads a tab from another watch session, or from further back than it keeps", () => {
    const log = new ReloadLog(2);
    const served = log.current;
    for (const path of ["/a/", "/b/", "/c/"]) log.record({ changed: [path] });
    expect(message(log.since(served))).toEqual({ all: true });
    expect(message(new ReloadLog().since(log.current))).toEqual({ all: true });
    expect(message(log.since("not an id"))).toEqual({ all: true });
  });

  it("replays nothing to a stream that names no build", () => {
    const log = new ReloadLog();
    log.record({ all: true });
    expect(log.since(undefined)).toBeUndefined();
  });
});

describe("reloadMessage", () => {
  const after = (outputs: string[]) =>
    reloadMessage({ sources: ["content/site.yaml"], outputs, basePath: "/", everyTab: false });

  it("reloads no tab for a host file or the sitemap, which are on no page", () => {
    for (const file of [...hostConfigFiles, "sitemap.xml", "robots.txt"])
      expect(after([file]), file).toEqual({ changed: [], notFound: false });
  });

  it("reloads every tab for another file that may be on any page, and only its own for a page", () => {
    expect(after(["favicon.svg"])).toEqual({ all: true });
    expect(after(["de/index.html"])).toEqual({ changed: ["/de/"], notFound: false });
  });
});
