/**
 * In a watch session the link and legal checks keep their verdicts while their inputs stay the same
 * (check/unchanged.ts): a save of one page checks that page's links, a save that touches no legal input
 * skips the legal check. What an editor must never see is an old verdict: each test breaks a file, saves
 * something else, then mends it, and the session says what a fresh build says at every step.
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { build, check, resolveConfig, type SiteConfig } from "../../generator/index.ts";
import { formatError } from "../../generator/errors.ts";
import { BuildSession } from "../../generator/dev/rebuild-memo.ts";
import { IncrementalWriter } from "../../generator/write/incremental-writer.ts";
import { copyProject } from "../support/project.ts";

let root: string;
let config: SiteConfig;

beforeAll(async () => {
  root = await copyProject();
  config = resolveConfig({ root, outDir: path.join(root, "dist"), mode: "watch" });
});

const read = (file: string) => readFile(path.join(root, file), "utf8");

/** A watch session: each save is told to it before the build, as `watch` does. */
function session() {
  const memo = new BuildSession();
  const writer = new IncrementalWriter(config.outDir, root);
  const outcome = () =>
    build(config, writer, memo).then(
      () => "built",
      (error: unknown) => formatError(error),
    );
  return {
    /** Saves a file and rebuilds: "built", or the error lines. */
    async save(file: string, text: string | undefined): Promise<string> {
      if (text === undefined) await rm(path.join(root, file));
      else await writeFile(path.join(root, file), text);
      memo.notice([file]);
      return outcome();
    },
    outcome,
  };
}

/** What a one-off check of the same sources says: the session must say the same. */
const fresh = () =>
  check(resolveConfig({ root })).then(
    () => "built",
    (error: unknown) => formatError(error),
  );

describe("checks in a watch session", () => {
  it("report a broken link on every build until it is mended, though other pages are saved between", async () => {
    const watch = session();
    expect(await watch.outcome()).toBe("built");
    const pricing = "content/pages/pricing.de.md";
    const about = "content/pages/about-me.en.md";
    const [pricingText, aboutText] = [await read(pricing), await read(about)];
    const broken = await watch.save(pricing, `${pricingText}\nSiehe [die Weide](/de/weide/).\n`);
    expect(broken).toMatch(/pricing\.de\.md:\d+:\d+: The link "\/de\/weide\/" leads to no page/);
    expect(await watch.save(about, `${aboutText}\nOne more sentence.\n`)).toBe(broken);
    expect(await fresh()).toBe(broken);
    expect(await watch.save(pricing, pricingText)).toBe("built");
    expect(await watch.save(about, aboutText)).toBe("built");
  });

  it("find the links to a page that is deleted, though the files that link to it did not change", async () => {
    const watch = session();
    const about = "content/pages/about-me.en.md";
    const aboutText = await read(about);
    const page = (locale: string) => `content/pages/weide.${locale}.md`;
    const body = "---\ntitle: Weide\ndescription: The pasture.\nlead: Where the herd grazes.\n---\nGrass.\n";
    await writeFile(path.join(root, page("de")), body);
    await writeFile(path.join(root, page("en")), body);
    expect(await watch.save(about, `${aboutText}\nSee [the pasture](/weide/).\n`)).toBe("built");
    await rm(path.join(root, page("de")));
    const gone = await watch.save(page("en"), undefined);
    expect(gone).toMatch(/about-me\.en\.md:\d+:\d+: The link "\/weide\/" leads to no page/);
    expect(await fresh()).toBe(gone);
    expect(await watch.save(about, aboutText)).toBe("built");
  });

  it("report a legal text that a save of site.yaml, of a legal page or of a dictionary makes false", async () => {
    const watch = session();
    expect(await watch.outcome()).toBe("built");
    const site = "content/site.yaml";
    const cookies = "content/pages/cookie-policy.en.md";
    const german = "content/i18n/de.yaml";
    const [siteText, cookiesText, germanText] = [await read(site), await read(cookies), await read(german)];

    // site.yaml: Netlify Forms on a GitHub Pages site.
    const phone = /\n {2}phone: .*\n/.exec(siteText)![0];
    const netlifyForm = await watch.save(site, siteText.replace(phone, `${phone}  form:\n    netlify: true\n`));
    expect(netlifyForm).toMatch(/Netlify Forms only work on Netlify/);
    expect(await watch.save("content/pages/about-me.de.md", await read("content/pages/about-me.de.md"))).toBe(
      netlifyForm,
    );
    expect(await watch.save(site, siteText)).toBe("built");

    // A legal page that names another host than the configured one.
    const named = await watch.save(cookies, `${cookiesText}\nThe site is hosted by Netlify.\n`);
    expect(named).toMatch(/cookie-policy\.en\.md:\d+:\d+: The text names Netlify as the host/);
    expect(await watch.save(cookies, cookiesText)).toBe("built");

    // A save of the German dictionary that makes a word the English text quotes the German banner's button:
    // the English page is the same file as before, and its check must run again all the same.
    expect(await watch.save(cookies, `${cookiesText}\nPress “Decline” and nothing loads.\n`)).toBe("built");
    const renamed = await watch.save(german, germanText.replace("  reject: Ablehnen\n", "  reject: Decline\n"));
    expect(renamed).toMatch(/cookie-policy\.en\.md:\d+:\d+: The text names a button "Decline" that the en banner/);
    expect(await fresh()).toBe(renamed);
    expect(await watch.save(german, germanText)).toBe("built");
    expect(await watch.save(cookies, cookiesText)).toBe("built");
  });
});
