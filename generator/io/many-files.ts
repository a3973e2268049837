/**
 * Reading the many small files of a site, and working through many items a few at a time. A file is read
 * at once, on the main thread: through node:fs's thread pool every open, stat, read and close is a hand-off
 * between threads, and its promise twin (node:fs/promises) adds a FileHandle and a promise for each. 1,018
 * markdown files on tmpfs took 107–144 ms of the process's CPU through fs.readFile's callbacks (279–306 ms
 * through fs/promises) and 31–46 ms read at once (three runs each).
 */
import fs from "node:fs";

/**
 * A whole file's bytes, read at once; `flag` is open(2)'s, O_RDONLY unless given. O_NONBLOCK is always
 * added: a named pipe put in a file's place reads as empty instead of holding the build (and `watch`'s
 * server) until something writes to it. A regular file ignores it.
 */
export async function readFile(
  file: string,
  { flag = fs.constants.O_RDONLY }: { flag?: number } = {},
): Promise<Buffer> {
  const descriptor = fs.openSync(file, flag | fs.constants.O_NONBLOCK);
  try {
    return fs.readFileSync(descriptor);
  } finally {
    fs.closeSync(descriptor);
  }
}

/** `map` over `items` with at most `slots` calls pending, results in the order of `items`. */
export async function mapLimited<T, R>(items: readonly T[], slots: number, map: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await map(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(slots, items.length) }, worker));
  return results;
}
