#!/usr/bin/env node
// Launcher: runs the CLI precompiled to plain JavaScript (bin/cli-bundle.js), recompiling it first when a
// source file changed since, so an edit in generator/ takes effect on the next run; V8 compiles it from
// its code cache (bin/code-cache.js).
import { setFlagsFromString } from "node:v8";
import { CompileError, freshBundle } from "./cli-bundle.js";
import { runWithCodeCache } from "./code-cache.js";

// A build makes garbage fast (a page's markdown becomes thousands of short-lived objects) but keeps
// little: V8 lets its heap grow up to four times what survived the last collection. A fixed growth of
// 60 % keeps peak memory near what the build holds: a cold build of 2,000 pages peaks at 254 MiB, not
// 307, for the same CPU time (measured again in issue 25). It is set before the CLI is compiled, for every command, because V8
// keeps a code cache only for the flags it was made with; `watch` goes back to V8's own growth.
setFlagsFromString("--heap-growing-percent=60");

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
