/** The host files a build writes beside the site, one module per file. */
import type { OutputFile } from "../../model/output.ts";
import { headersFile } from "./headers-file.ts";
import { hostConfigFiles, type HostConfigInput } from "./host-config.ts";
import { htaccess } from "./htaccess.ts";
import { nginxConf } from "./nginx.ts";
import { redirectsFile } from "./redirects-file.ts";

/**
 * The module that writes each host file, by its name in the one list of them (host-config.ts
 * `hostConfigFiles`): a name without its module, or a module without its name, does not compile.
 */
const writers: Record<(typeof hostConfigFiles)[number], (input: HostConfigInput) => string> = {
  _headers: headersFile,
  _redirects: redirectsFile,
  "nginx.conf": nginxConf,
  ".htaccess": htaccess,
};

/** Every host file, for the root of the output folder. */
export function createHostConfigs(input: HostConfigInput): OutputFile[] {
  return hostConfigFiles.map((name) => ({ path: name, contents: writers[name](input) }));
}
