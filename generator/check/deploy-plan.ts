/**
 * What deploys the site (design.md §11 "The workflow follows site.yaml"): `ranch-site deploy-plan` reads the
 * settings the build reads and tells the deploy workflow (.github/workflows/deploy.yml) whether it publishes on
 * GitHub Pages, and whether it fetches the web editor's code first. Every other host deploys the site itself or
 * is given dist/ by hand; the README's "Deploying" says how, and the plan's last line points there.
 * It lives with the checks because it is one: it refuses site.yaml's problems before it answers, so the workflow
 * never publishes on a host the settings do not name.
 */
import { isHostingProvider, type HostingProvider } from "../../model/legal.ts";
import type { SiteConfig } from "../config.ts";
import { ContentErrors } from "../errors.ts";
import { loadSite } from "../load/site.ts";
import { refuseMissing } from "../load/unset-facts.ts";
import { hostingProblems } from "./legal-settings.ts";

/** The deploy workflow's decisions, as `key=value` lines for $GITHUB_OUTPUT. */
export interface DeployPlan {
  /** hosting.provider of site.yaml. */
  host: HostingProvider;
  /** "on" when site.yaml has `editor:`: the build ships /admin/ and needs the editor's code. */
  editor: "on" | "off";
  /** Who publishes the site for this host, in one line for the job summary. */
  deploys: string;
}

const deployedBy: Record<HostingProvider, string> = {
  "github-pages": "this workflow publishes dist/ on GitHub Pages.",
  netlify: "Netlify builds and publishes the site itself from the repository (README, Deploying).",
  "cloudflare-pages": "Cloudflare Pages builds and publishes the site itself from the repository (README, Deploying).",
  "own-server": "you copy dist/ onto your server (README, Deploying); this workflow checks and builds only.",
  "shared-hosting": "you upload dist/ to your web host (README, Deploying); this workflow checks and builds only.",
};

/** The plan for the project's site.yaml; its problems, and a host it does not name, are refused as `check` refuses them. */
export async function deployPlan(config: SiteConfig): Promise<DeployPlan> {
  const { value, problems } = await loadSite(config.root);
  const { site } = value;
  const host = site.hosting?.provider;
  if (problems.length > 0) throw new ContentErrors(problems);
  if (host === undefined) throw new ContentErrors(refuseMissing(site, [{ fact: "hosting.provider", quotes: [] }]));
  if (!isHostingProvider(host)) throw new ContentErrors(hostingProblems(site));
  return { host, editor: site.editor ? "on" : "off", deploys: `hosting.provider is ${host}: ${deployedBy[host]}` };
}
