/**
 * `--ready-file PATH` of `mock` and `proxy`: once the server listens, PATH is written with its URL
 * and a newline (so a script can `until [ -s PATH ]; do sleep 0.2; done` or read the port of
 * `--port 0`), and removed when the server stops. Written through the kit's one file writer
 * (conformance/files.ts): aside, exclusively, renamed into place (a reader never sees half a URL),
 * never through a link (a link, folder or special file at PATH is refused: exit 2).
 */
import { rmSync } from 'node:fs';
import { SHARED, writeFileSafely } from '../conformance/index.js';

/**
 * Writes `url` to `path` atomically, mode 0644 (a URL holds no secret: the mock's and proxy's
 * URLs carry no userinfo).
 * @throws Error (UsageError) naming the file when it cannot be written (the CLI exits 2).
 */
export function writeReadyFile(path: string, url: string): void {
  try {
    writeFileSafely(path, `${url}\n`, { mode: SHARED, flag: '--ready-file', mkdir: false, sync: false });
  } catch (err) {
    const message = (err as Error).message;
    throw new Error(message.startsWith('--ready-file') ? message : `--ready-file: cannot write ${path}: ${message}`);
  }
}

/** Removes the ready file (at stop); a file already gone is fine. */
export function removeReadyFile(path: string | undefined): void {
  if (path === undefined) return;
  try {
    rmSync(path, { force: true });
  } catch {
    // Nothing to do: the server is stopping.
  }
}
