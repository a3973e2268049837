import { describe, expect, it } from "vitest";
import { cloudflareLimits, hostLimitProblems } from "../../generator/hosts/limits.ts";
import type { HeaderBlock } from "../../generator/hosts/headers-file.ts";
import type { RedirectRule } from "../../generator/hosts/redirects-file.ts";

const short = { "cache-control": "max-age=300" };
const block = (source: string): HeaderBlock => ({ pattern: `/${source}`, headers: short, source });
const redirect = (from: string, status = "301"): RedirectRule => ({ from, to: "/", status });
const lines = (problems: ReturnType<typeof hostLimitProblems>) => problems.map((problem) => problem.message);

describe("hostLimitProblems: Cloudflare Pages' limits, before a rule is ignored", () => {
  it("takes 100 header rules and refuses the 101st, at the public/ file that made it", () => {
    const files = Array.from({ length: 101 }, (_, index) => `file-${index}.txt`);
    expect(hostLimitProblems(files.slice(0, 100).map(block), [], files)).toEqual([]);
    expect(lines(hostLimitProblems(files.map(block), [], files))).toEqual([
      "public/file-100.txt: _headers would have 101 rules, and Cloudflare Pages reads only the first 100: " +
        "this one's rule (/file-100.txt) would be rule 101, its Cache-Control ignored",
    ]);
  });

  it("locates a rule of the site's own at the generator", () => {
    const blocks = Array.from({ length: 101 }, (_, index) => block(`page-${index}/`));
    expect(hostLimitProblems(blocks, [], [])[0]!.place.file).toBe("generator/hosts/host-config.ts");
  });

  it("takes 2,000 static and 100 dynamic redirects, and refuses one more of either", () => {
    const statics = Array.from({ length: cloudflareLimits.staticRedirects }, (_, index) => redirect(`/old-${index}`));
    const dynamic = Array.from({ length: cloudflareLimits.dynamicRedirects }, (_, index) => redirect(`/d${index}/*`));
    expect(hostLimitProblems([], [...statics, ...dynamic], [])).toEqual([]);
    expect(lines(hostLimitProblems([], [...statics, redirect("/one-more"), ...dynamic], []))).toEqual([
      "generator/hosts/host-config.ts: _redirects would have 2001 static and 100 dynamic rules, and Cloudflare Pages reads at most 2000 static and 100 dynamic ones",
    ]);
    expect(lines(hostLimitProblems([], [...dynamic, redirect("/:placeholder/x")], []))).toEqual([
      "generator/hosts/host-config.ts: _redirects would have 0 static and 101 dynamic rules, and Cloudflare Pages reads at most 2000 static and 100 dynamic ones",
    ]);
  });

  it("does not count the lines Cloudflare skips (status 404, forced 404!)", () => {
    const notFound = Array.from({ length: 150 }, (_, index) => redirect(`/x${index}/*`, "404"));
    const forced = Array.from({ length: 150 }, (_, index) => redirect(`/y${index}/*`, "404!"));
    expect(hostLimitProblems([], [...notFound, ...forced], [])).toEqual([]);
  });

  it("refuses a line over 2,000 characters, which Cloudflare skips", () => {
    const long: HeaderBlock = { pattern: "/*", headers: { "content-security-policy": "x".repeat(2000) } };
    expect(lines(hostLimitProblems([long], [], []))[0]).toMatch(
      /^generator\/hosts\/host-config\.ts: A line of the host files would be 2027 characters long, and Cloudflare Pages skips lines over 2000/,
    );
  });
});
