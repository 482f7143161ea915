/**
 * The one way the kit reads a file a user names (a certificate, a baseline, a key, a data file,
 * a recording, a contract): only a regular file, at most `maxBytes`, read from the descriptor it
 * checked (outside attacker, finding 8: a link to `/dev/zero` passed a `stat` size check of 0 and
 * was read until memory ran out; a FIFO hung the command). Plain Node, no layer above.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';

/** An input file refused: `code` says why in words (`not a regular file`, `larger than N bytes`) for the caller's message. */
export class InputFileError extends Error {
  readonly code: string;
  constructor(code: string) {
    super(code);
    this.code = code;
  }
}

/** Options of {@link readInputFile}. */
export interface ReadOptions {
  /** Refuse a symbolic link at the name (`O_NOFOLLOW`: the system's `ELOOP`) instead of following it. */
  noFollow?: boolean;
  /** More checks of the open file (owner, mode): a reason to refuse it, or undefined. */
  check?: (st: Stats) => string | undefined;
}

/**
 * Reads a whole regular file of at most `maxBytes` bytes.
 * @param path the file a user named (followed if a link: its target is what is judged).
 * @param maxBytes the most bytes the caller accepts.
 * @param options `noFollow`, and `check` of the open file (cli/world-cache.ts: owner and mode).
 * @returns the bytes.
 * @throws InputFileError when the path is not a regular file (a FIFO, device, socket or folder)
 *   or is larger than `maxBytes`; the system's error (with its `code`) when it cannot be opened.
 */
export function readInputFile(path: string, maxBytes: number, options: ReadOptions = {}): Buffer {
  // O_NONBLOCK: opening a FIFO never waits for a writer; it is then refused as not a regular file.
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | (options.noFollow ? (constants.O_NOFOLLOW ?? 0) : 0));
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new InputFileError('not a regular file');
    if (st.size > maxBytes) throw new InputFileError(`larger than ${maxBytes} bytes`);
    // Judged on the file opened, not on its name again (a name swapped since cannot pass).
    const refused = options.check?.(st);
    if (refused !== undefined) throw new InputFileError(refused);
    const buf = Buffer.alloc(st.size);
    let at = 0;
    while (at < st.size) {
      const n = readSync(fd, buf, at, st.size - at, at);
      if (n === 0) break;
      at += n;
    }
    return at === st.size ? buf : buf.subarray(0, at);
  } finally {
    closeSync(fd);
  }
}

/** {@link readInputFile} as UTF-8 text. */
export const readInputText = (path: string, maxBytes: number): string => readInputFile(path, maxBytes).toString('utf8');
