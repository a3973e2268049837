/**
 * The one way ranch-site replaces a file whole (output files in `watch`, cache entries, the files it writes
 * into content/): a temporary file beside it, created exclusively (never through an existing name or a
 * link), then renamed over the old one. A reader beside the writer, a parallel build or a server, sees the
 * old file or the new one, never half; a failure leaves the old one and no temporary file.
 *
 * The file gets the mode a plain `writeFile` would give it: an existing file keeps its own, a new one gets
 * 0666 less the user's umask. A temporary file's mode would otherwise travel with the rename.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

// node:fs's callback API, as io/many-files.ts explains: half the CPU of its promise twin per file.
const writeFile = promisify(fs.writeFile);
const stat = promisify(fs.stat);
const chmod = promisify(fs.chmod);
const rename = promisify(fs.rename);
const rm = promisify(fs.rm);

export async function replaceFile(file: string, contents: string | Uint8Array | readonly Uint8Array[]): Promise<void> {
  const temporary = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`,
  );
  const mode = await stat(file).then(
    (entry) => entry.mode & 0o7777,
    () => undefined,
  );
  const data = typeof contents === "string" || contents instanceof Uint8Array ? contents : Buffer.concat(contents);
  try {
    await writeFile(temporary, data, { flag: "wx", mode: 0o666 });
    if (mode !== undefined) await chmod(temporary, mode);
    await rename(temporary, file);
  } catch (error) {
    // EEXIST: the name is someone else's (it cannot be ours), so it stays.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") await rm(temporary, { force: true });
    throw error;
  }
}
