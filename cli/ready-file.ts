/**
 * `--ready-file PATH` of `mock` and `proxy`: once the server listens, PATH is written with its URL
 * and a newline (so a script can `until [ -s PATH ]; do sleep 0.2; done` or read the port of
 * `--port 0`), and removed when the server stops. Written through the kit's one file writer
 * (conformance/files.ts): aside, exclusively, renamed into place (a reader never sees half a URL),
 * never through a link (a link, folder or special file at PATH is refused: exit 2). A file already
 * at PATH is replaced only when it is a ready file (one URL line, as a previous run left it);
 * anything else there is refused at start ({@link checkReadyFile}), before the server starts. At stop
 * the file is removed only while it holds the URL this process wrote: a second server given the
 * same path replaces it, and its stop then leaves it be (attacker 8: the first server's file was lost).
 */
import { lstatSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { InputFileError, readInputFile } from '../contract/input-file.js';
import { SHARED, UsageError, writeFileSafely } from '../conformance/index.js';
import { ownFile, removeOwnFile } from './own-files.js';

/** The most a ready file holds: one URL and a newline. */
const READY_MAX_BYTES = 2048;
/** What a ready file holds: one http(s) URL line. */
const READY_TEXT = /^https?:\/\/[^\s]+\n?$/;

/**
 * Refuses, before the server starts, a `--ready-file` path that holds something other than a
 * ready file: the server would replace it once listening and remove it at stop, so an unrelated
 * file there (a config, a report) would be lost. A missing path, or a regular file holding one
 * URL line (a previous run's ready file), is fine.
 * @throws UsageError naming `--ready-file` and the path, saying what to do (the CLI exits 2).
 */
export function checkReadyFile(path: string | undefined): void {
  if (path === undefined) return;
  let st;
  try {
    st = lstatSync(path);
  } catch {
    // Nothing there: its folder must be one, or the write would fail only once the server listens (attacker 9, finding 3).
    const folder = dirname(path);
    let isFolder = false;
    try {
      isFolder = statSync(folder).isDirectory();
    } catch {
      // Missing or unreadable: refused below.
    }
    if (!isFolder) throw new UsageError(`--ready-file: the folder ${folder} does not exist or is not a folder; create it first, or choose a path in an existing folder`);
    return;
  }
  const refuse = (what: string): never => {
    throw new UsageError(`--ready-file: ${path} ${what}; the server replaces this file once listening and removes it at stop, so it refuses to start: remove it, or choose a path of its own`);
  };
  if (!st.isFile()) refuse('exists and is not a regular file');
  let text: string;
  try {
    text = readInputFile(path, READY_MAX_BYTES, { noFollow: true }).toString('utf8');
  } catch (err) {
    if (err instanceof InputFileError) return refuse(`exists and ${err.message.includes('larger') ? "holds more than a ready file's one URL line" : 'is not a regular file'}`);
    return refuse(`exists and cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  if (text !== '' && !READY_TEXT.test(text)) refuse("exists and holds something other than a ready file's one URL line");
}

/**
 * Writes `url` to `path` atomically, mode 0644 (a URL holds no secret: the mock's and proxy's
 * URLs carry no userinfo).
 * @throws Error (UsageError) naming the file when it cannot be written (the CLI exits 2).
 */
export function writeReadyFile(path: string, url: string): void {
  try {
    writeFileSafely(path, `${url}\n`, { mode: SHARED, flag: '--ready-file', mkdir: false, sync: false });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    // The writer's own refusals name the flag; a system error names the file given, not the side file written first.
    throw new Error(e.message.startsWith('--ready-file') ? e.message : `--ready-file: cannot write ${path} (${e.code ?? e.message})`);
  }
  // Removed at stop, and however else the process ends (cli/own-files.ts).
  ownFile(path, `${url}\n`);
}

/** Removes the ready file (at stop) when it still holds what this process wrote; a file already gone is fine. */
export function removeReadyFile(path: string | undefined): void {
  if (path !== undefined) removeOwnFile(path);
}
