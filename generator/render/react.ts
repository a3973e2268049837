/**
 * React and the renderer of the render stage, for pages.ts and shared.ts. Through require: importing CommonJS
 * from an ES module makes Node lex each of React's files for its export names first, 30–40 ms of CPU a build.
 * It is the same React instance the compiled templates require (load/templates.ts).
 *
 * Only the renderer a build runs: `react-dom/server` loads React's streaming renderer beside the one that
 * holds `renderToStaticMarkup` (its "legacy" build), 300 KB that Node compiles at every start and no build
 * uses. The legacy build alone, required by its file: a warm build of the real site runs 2.2 % fewer
 * instructions (2.058 → 2.013 billion, callgrind, medians of 4 and 3 runs). Should a React release move that
 * file, `react-dom/server` serves as before.
 */
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

export const { createElement, Fragment } = require("react") as typeof import("react");

type Renderer = Pick<typeof import("react-dom/server"), "renderToStaticMarkup">;

function renderer(): Renderer {
  // The build react-dom/server itself picks (server.node.js), by the same test.
  const build = process.env.NODE_ENV === "production" ? "production" : "development";
  const file = path.join(
    path.dirname(require.resolve("react-dom/server")),
    `cjs/react-dom-server-legacy.node.${build}.js`,
  );
  try {
    return require(file) as Renderer;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "MODULE_NOT_FOUND") throw error;
    return require("react-dom/server") as Renderer;
  }
}

export const { renderToStaticMarkup } = renderer();
