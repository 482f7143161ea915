/**
 * `--ready-file PATH` of `mock` and `proxy`: once the server listens, PATH is written with its URL
 * and a newline (so a script can `until [ -s PATH ]; do sleep 0.2; done` or read the port of
 * `--port 0`), and removed when the server stops. Written aside (`PATH.<pid>.tmp`, created
 * exclusively, never through a link) and renamed into place, so a reader never sees half a URL.
 */
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';

/**
 * Writes `url` to `path` atomically.
 * @throws Error naming the file when it cannot be written (the CLI exits 2).
 */
export function writeReadyFile(path: string, url: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    const fd = openSync(tmp, 'wx', 0o644);
    try {
      writeSync(fd, `${url}\n`);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw new Error(`--ready-file: cannot write ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
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
