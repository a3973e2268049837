#!/usr/bin/env node
// Launcher: lets Node 20 run the TypeScript CLI without a compile step or a global install.
import { register } from "tsx/esm/api";

// Stack traces of templates point at their .tsx lines (generator/load/templates.ts writes source maps).
process.setSourceMapsEnabled(true);
// React's production build renders faster; watch keeps the development build for its warnings.
process.env.NODE_ENV ??= process.argv[2] === "watch" ? "development" : "production";

register();
await import("./ranch-site.ts");
