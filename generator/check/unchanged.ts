/**
 * How the checks skip, in `watch`, the work a save did not touch: a check's result is kept, one per key,
 * while its inputs stay the values they were (cache/render.ts `RenderCache.rememberWhile`); a one-off build
 * runs every check. Inputs are compared with `===`: texts, or objects the loader keeps in a session because
 * their file did not change (a page's origin).
 */
export type RememberCheck = <T>(key: string, inputs: readonly unknown[], compute: () => T) => T;

/** Every check, every time: `build` and `check`. */
export const everyTime: RememberCheck = (_key, _inputs, compute) => compute();
