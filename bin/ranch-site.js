#!/usr/bin/env node
// Launcher: runs the CLI precompiled to plain JavaScript (bin/cli-bundle.js), recompiling it first when a
// source file changed since, so an edit in generator/ takes effect on the next run; V8 compiles it from
// its code cache (bin/code-cache.js).
import { CompileError, freshBundle } from "./cli-bundle.js";
import { runWithCodeCache } from "./code-cache.js";

// Stack traces of templates point at their .tsx lines (generator/load/templates.ts writes source maps).
process.setSourceMapsEnabled(true);
// React's production build wherever output is written: it renders faster, and the bytes are the same.
process.env.NODE_ENV ??= "production";

try {
  runWithCodeCache(await freshBundle());
} catch (error) {
  if (!(error instanceof CompileError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
