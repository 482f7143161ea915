/**
 * Files a server writes for others to read while it runs (the `--ready-file` of `mock` and
 * `proxy`), removed however the process ends: a clean stop, an exit on an output error
 * (`> /dev/full`: exit 2), or a second stop signal that ends the mock at once. Attacker 9, findings
 * 4 and 6: each of those left a ready file that pointed at a dead port. A file is removed only while
 * it still holds what this process wrote (a second server given the same path replaced it: its file
 * stays), never through a link.
 *
 * In the mock's serving thread (cli/serving-thread.ts) the file is also told to the main thread,
 * which removes it when it ends the process itself (an output error, a second signal).
 * Node's own modules and the kit's one file reader (contract/input-file.ts, node's modules only):
 * the main thread imports this before anything else.
 */
import { rmSync } from 'node:fs';
import { readInputFile } from '../contract/input-file.js';
import { OWN_FILE_MESSAGE, servingThreadPort, type OwnFileMessage } from './thread-protocol.js';

/** The most an own file holds that is read back before removing it, in bytes. */
const OWN_FILE_MAX_BYTES = 4096;

/** What this process wrote to each of its own files, by path. */
const owned = new Map<string, string>();
let exitHooked = false;

/**
 * Records `path` as written by this process with `text`, to be removed when the process ends
 * (its `exit` event) unless {@link removeOwnFile} removed it before. Call it after the write.
 */
export function ownFile(path: string, text: string): void {
  owned.set(path, text);
  servingThreadPort()?.postMessage({ type: OWN_FILE_MESSAGE, path, text } satisfies OwnFileMessage);
  if (!exitHooked) {
    exitHooked = true;
    process.on('exit', removeOwnFiles);
  }
}

/** What an own file at `path` holds now, or undefined when it is gone, not a regular file (a link is never followed), too large or unreadable. */
function contentOf(path: string): string | undefined {
  try {
    return readInputFile(path, OWN_FILE_MAX_BYTES, { noFollow: true }).toString('utf8');
  } catch {
    return undefined;
  }
}

/** Removes `path` now when it still holds what this process wrote there; a file already gone, replaced or unreadable is left. Never throws. */
export function removeOwnFile(path: string): void {
  const ours = owned.get(path);
  if (ours === undefined) return;
  owned.delete(path);
  try {
    if (contentOf(path) === ours) rmSync(path, { force: true });
  } catch {
    // Nothing to do: the process is ending.
  }
}

/** Removes every own file this process still has ({@link removeOwnFile}); synchronous, for an `exit` handler. Never throws. */
export function removeOwnFiles(): void {
  for (const path of [...owned.keys()]) removeOwnFile(path);
}
