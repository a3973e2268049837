#!/usr/bin/env node
// Launcher: lets Node 20 run the TypeScript CLI without a compile step or a global install.
import { register } from "tsx/esm/api";

register();
await import("./ranch-site.ts");
