import type { Writer } from "./writer.ts";
import type { OutputFile } from "../../model/output.ts";
import type { SiteOutput } from "./site-output.ts";

/**
 * The write stage: the pages as they pass the checks, then the rest of the output, each batch shipped
 * (meta policy, `.br` and `.gz`) and handed to the writer, which puts them in place only once the last
 * page has passed its checks and every file is written. A batch is compressed and written while the
 * next one is rendered; no more than those two are held. Returns how many files were written.
 */
export async function writeSite(writer: Writer, output: SiteOutput, pages: Iterable<OutputFile[]>): Promise<number> {
  const session = await writer.open();
  let written = 0;
  const send = async (files: readonly OutputFile[]) => {
    const shipped = await output.ship(files);
    written += shipped.length;
    await session.add(shipped);
  };
  let sending: Promise<void> = Promise.resolve();
  try {
    for (const batch of pages) {
      await sending;
      sending = send(batch);
    }
    await sending;
    await send(output.files);
  } catch (error) {
    await sending.catch(() => undefined);
    await session.abort();
    throw error;
  }
  await session.commit();
  return written;
}
