/**
 * sharp, loaded on first use: importing it (and its native libvips) costs a build 60–130 ms of CPU,
 * and a build whose images and Open Graph cards are all in the cache never needs it. Cache keys name
 * the encoder by sharp's version, read from its package file; each sharp release pins its libvips.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type SharpModule from "sharp";

let loading: Promise<typeof SharpModule> | undefined;

/** The sharp module, imported once, when an image must really be measured or encoded. */
export function loadSharp(): Promise<typeof SharpModule> {
  loading ??= import("sharp").then((module) => module.default);
  return loading;
}

let version: string | undefined;

/** `sharp 0.35.5`: the encoder's name in cache keys and hashed file names. */
export function encoderVersion(): string {
  if (version) return version;
  const entry = createRequire(import.meta.url).resolve("sharp");
  let folder = path.dirname(entry);
  while (path.basename(folder) !== "sharp" && path.dirname(folder) !== folder) folder = path.dirname(folder);
  const manifest = JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8")) as { version: string };
  version = `sharp ${manifest.version}`;
  return version;
}
