/**
 * What a real server reads: a fresh build, copied with its modes kept (`cp -a`, as `rsync -a` and `tar`
 * deploy it), served by nginx whose workers run as an unprivileged user, as Debian's package runs them.
 * Each page answers 200 (the not-found pages 404 with their page), never 403: the build leaves its
 * folders and files with the modes plain mkdir and writeFile give under the user's umask.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNginx, type Nginx } from "../support/nginx.ts";
import { sitePages } from "../support/pages.ts";
import { buildSite } from "../support/site.ts";

const root = process.getuid?.() === 0;
const group = existsSync("/etc/group") && /^nogroup:/m.test(readFileSync("/etc/group", "utf8")) ? "nogroup" : "nobody";

describe.skipIf(!root)("a fresh build served by nginx workers running as nobody", () => {
  let built: string;
  let deploy: string;
  let nginx: Nginx;

  beforeAll(async () => {
    built = await buildSite();
    // The server's folder, as /var/www is: anyone may pass through it. What is inside keeps the build's modes.
    deploy = await mkdtemp("/dev/shm/ranch-deploy-");
    await chmod(deploy, 0o755);
    execFileSync("cp", ["-a", built, path.join(deploy, "site")]);
    const site = path.join(deploy, "site");
    nginx = await startNginx({ root: site, include: path.join(site, "nginx.conf"), user: `nobody ${group}` });
  });

  afterAll(async () => {
    await nginx?.stop();
    await rm(deploy, { recursive: true, force: true });
    await rm(built, { recursive: true, force: true });
  });

  it("answers every page, not 403", async () => {
    const statuses = await Promise.all(
      sitePages.map(async (page) => {
        const response = await fetch(nginx.origin + page.path, { redirect: "manual" });
        const body = await response.text();
        return `${page.path} ${response.status} ${body.includes("<html") ? "page" : "no page"}`;
      }),
    );
    expect(statuses).toEqual(
      sitePages.map((page) => `${page.path} ${page.file.endsWith("404.html") ? 404 : 200} page`),
    );
  });
});
