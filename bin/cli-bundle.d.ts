/** The types of bin/cli-bundle.js (plain JavaScript on purpose), for the TypeScript that imports it: the bench's profiles. */
export class CompileError extends Error {}
export function freshBundle(options?: { log?: (line: string) => void }): Promise<string>;
export function bundle(): Promise<void>;
export function sourceMapOfBundle(): Promise<{ file: string; map: string } | undefined>;
