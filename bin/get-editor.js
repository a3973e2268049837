#!/usr/bin/env node
/**
 * Gets the web editor's code: Decap CMS's prebuilt bundle, the files of its npm package's dist/ that /admin/
 * serves (`decap-cms.js` and the chunks it loads from beside itself). Not its 670-package dependency tree,
 * which the bundle already contains and nothing here runs. The registry tarball of the exact version in
 * generator/editor/decap-cms.json is fetched with `npm pack` (npm's cache and configuration, so a proxy or a
 * mirror works as for `npm ci`), refused unless its sha512 is the one written there, and unpacked into the
 * project's cache folder, node_modules/.cache/ranch-site/editor/<package>-<version>/ (generator/editor/admin-bundle.ts
 * reads it). The folder appears whole or not at all: it is filled beside its place and renamed into it.
 *
 * `npm run get-editor`. Plain JavaScript on purpose: it runs before anything is compiled.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pin = JSON.parse(readFileSync(path.join(packageRoot, "generator/editor/decap-cms.json"), "utf8"));
const editorDir = path.join(packageRoot, "node_modules/.cache/ranch-site/editor");
const target = path.join(editorDir, `${pin.package}-${pin.version}`);
/** The bundle's files inside the tarball: the main file and its numbered chunks, no source maps. */
const bundleFile = /^package\/dist\/((\d+\.)?decap-cms\.js)$/;

/** The regular files of a tar archive (ustar, as npm packs it), by name. */
function* tarFiles(tar) {
  for (let offset = 0; offset + 512 <= tar.length;) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) return;
    const text = (start, length) =>
      header
        .subarray(start, start + length)
        .toString("utf8")
        .replace(/\0.*$/s, "");
    const size = parseInt(text(124, 12).trim() || "0", 8);
    const prefix = text(345, 155);
    const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
    const type = text(156, 1) || "0";
    const start = offset + 512;
    if (type === "0") yield { name, contents: tar.subarray(start, start + size) };
    offset = start + Math.ceil(size / 512) * 512;
  }
}

if (existsSync(target) && process.argv[2] !== "--force") {
  console.log(`The web editor's code is already in ${path.relative(process.cwd(), target) || "."}.`);
  process.exit(0);
}
mkdirSync(editorDir, { recursive: true, mode: 0o700 });
const work = mkdtempSync(path.join(editorDir, ".fetch-"));
try {
  const spec = `${pin.package}@${pin.version}`;
  console.log(`Fetching ${spec} from the npm registry (the web editor's bundle, about 16 MB)…`);
  const [packed] = JSON.parse(
    execFileSync("npm", ["pack", spec, "--json", "--pack-destination", work], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      shell: process.platform === "win32",
    }),
  );
  const tarball = readFileSync(path.join(work, packed.filename));
  const integrity = `sha512-${createHash("sha512").update(tarball).digest("base64")}`;
  if (integrity !== pin.integrity) {
    console.error(
      `${spec}: the registry's tarball has ${integrity}, not the ${pin.integrity} of generator/editor/decap-cms.json. Nothing was installed.`,
    );
    process.exit(1);
  }
  const unpacked = path.join(work, "bundle");
  mkdirSync(unpacked);
  let count = 0;
  for (const file of tarFiles(gunzipSync(tarball))) {
    const match = bundleFile.exec(file.name);
    if (!match) continue;
    writeFileSync(path.join(unpacked, match[1]), file.contents);
    count += 1;
  }
  if (!existsSync(path.join(unpacked, "decap-cms.js"))) {
    console.error(`${spec}: the tarball has no dist/decap-cms.js. Nothing was installed.`);
    process.exit(1);
  }
  rmSync(target, { recursive: true, force: true });
  renameSync(unpacked, target);
  console.log(
    `The web editor's code (${count} files, ${spec}, ${pin.integrity.slice(0, 19)}…) is in ${path.relative(process.cwd(), target)}.`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
