import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { startBin, type BinProcess } from "../support/bin-process.ts";
import { fixedSecurityHeaders } from "../support/security-headers.ts";
import { builtSite } from "../support/site.ts";
import { hostConfigFiles } from "../../generator/hosts/host-config.ts";
import { address } from "../support/addresses.ts";

let serve: BinProcess;
let origin: string;
let dir: string;

beforeAll(async () => {
  dir = builtSite();
  serve = startBin(["serve", "--out", dir, "--port", "0"]);
  // The line with the address, whole: a chunk of output may end in the middle of it.
  const line = await serve.waitFor(/at http:\/\/localhost:\d+\//);
  origin = /at (http:\/\/localhost:\d+)\//.exec(serve.lines[line]!)![1]!;
});

afterAll(() => serve?.stop());

const get = (url: string) => fetch(origin + url, { redirect: "manual" });

describe("ranch-site serve", () => {
  it("answers pages with the shipped cache and security headers", async () => {
    const response = await get(address("pricing", "de"));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("max-age=300, stale-while-revalidate=1800");
    expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self' 'sha256-/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("serves hashed assets as immutable", async () => {
    const html = await (await get("/")).text();
    // The script is inline (generator/bundle/assets.ts); the stylesheet is the hashed asset every page loads.
    const stylesheet = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(html)![1]!;
    expect((await get(stylesheet)).headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("redirects to the trailing slash and answers unknown paths with the locale's 404 page", async () => {
    const redirect = await get(address("contact", "de").slice(0, -1));
    expect([redirect.status, redirect.headers.get("location")]).toEqual([301, address("contact", "de")]);
    const german = await get("/de/gibt-es-nicht/");
    expect([german.status, /<html lang="de"/.test(await german.text())]).toEqual([404, true]);
    const english = await get("/prices/");
    expect([english.status, /<html lang="en"/.test(await english.text())]).toEqual([404, true]);
    expect(english.headers.get("content-security-policy")).toBeTruthy();
  });

  it("serves the calendar file a date card links to as text/calendar in UTF-8", async () => {
    const html = await (await get(address("pricing", "de"))).text();
    const href = /<a class="text-link" href="(\/calendar\/[^"]+\.de\.ics)" download="">/.exec(html)![1]!;
    const response = await get(href);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("max-age=300, stale-while-revalidate=1800");
    expect(await response.text()).toMatch(/^BEGIN:VCALENDAR\r\n[^]*\r\nEND:VCALENDAR\r\n$/);
  });

  it("never serves the host configuration itself", async () => {
    for (const file of hostConfigFiles) expect((await get(`/${file}`)).status, file).toBe(404);
  });

  it("answers with exactly the headers the build wrote for the hosts, without reading them back", async () => {
    const written = await readFile(path.join(dir, "_headers"), "utf8");
    const nginx = await readFile(path.join(dir, "nginx.conf"), "utf8");
    for (const pathname of ["/", address("pricing", "de"), "/nope/"]) {
      const response = await get(pathname);
      const csp = response.headers.get("content-security-policy")!;
      expect(written).toContain(`  Content-Security-Policy: ${csp}\n`);
      expect(nginx).toContain(`add_header content-security-policy "${csp}" always;`);
      for (const name of Object.keys(fixedSecurityHeaders))
        expect(nginx, name).toContain(`add_header ${name} "${response.headers.get(name)}" always;`);
    }
  });
});
