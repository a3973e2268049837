/** The host files a build writes beside the site, one module per file. */
import type { OutputFile } from "../../model/output.ts";
import { headersFile } from "./headers-file.ts";
import type { HostConfigInput } from "./host-config.ts";
import { nginxConf } from "./nginx.ts";
import { redirectsFile } from "./redirects-file.ts";

/** The three host files, for the root of the output folder. */
export function createHostConfigs(input: HostConfigInput): OutputFile[] {
  return [
    { path: "_headers", contents: headersFile(input) },
    { path: "_redirects", contents: redirectsFile(input) },
    { path: "nginx.conf", contents: nginxConf(input) },
  ];
}
