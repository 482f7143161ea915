/**
 * The one way the kit writes a file (issue 29, docs/threat-model.md class F "files the kit
 * writes"). Every output flag (`--report`, `--record`, `--certificate`, `--write-baseline`,
 * `--drift`, the proxy's recording and its spool) writes through this module:
 *
 * - a side file (`PATH.<random>.tmp`, a spool) is created exclusively (`O_CREAT|O_EXCL`) and
 *   never through a link (`O_NOFOLLOW`): a link or file planted at its name is never written
 *   through, whatever it points to;
 * - the content is written to the side file, which is then renamed over `PATH`: `rename(2)`
 *   replaces the name, it never follows a link standing there, so a planted link is replaced,
 *   and the file it pointed to is left untouched;
 * - the target is replaced only when it is absent or a regular file (the user named it, so
 *   re-running a command writes its outputs again); a link, a folder, a device or a FIFO at
 *   the target is refused with a {@link UsageError} naming it;
 * - files holding traffic, keys or signatures (HARs, spools, certificates) are created with
 *   mode 0600 ({@link PRIVATE}); reports, baselines and overlays, meant to be shared and
 *   already redacted, with 0644 less the umask ({@link SHARED}).
 *
 * Node only (`node:fs`): never reachable from the browser entries.
 */
import { randomBytes } from 'node:crypto';
import { accessSync, closeSync, constants, fsyncSync, lstatSync, mkdirSync, openSync, readlinkSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { UsageError } from './errors.js';

/** Mode of files holding traffic, keys or signatures: the owner only. */
export const PRIVATE = 0o600;
/** Mode of files meant to be shared (reports, baselines, overlays), less the umask. */
export const SHARED = 0o644;

/** System error codes that mean "this process may not write there" (not a bug of the kit, not a full disk). */
const DENIED = new Set(['EACCES', 'EPERM', 'EROFS']);

/**
 * The one line for a folder this process may not write in: which output, which folder, as which
 * user, and what to do (in a container: run as the caller, docs/container.md).
 */
export function notWritable(flag: string, path: string, folder: string, code: string): UsageError {
  const uid = typeof process.getuid === 'function' ? ` (this process runs as uid ${process.getuid()})` : '';
  const why = code === 'EROFS' ? 'it is on a read-only file system' : `permission denied${uid}`;
  return new UsageError(
    `${flag} ${path}: cannot write in ${folder}: ${why}; make the folder writable or name another one (in a container, run as yourself: --user "$(id -u):$(id -g)", or --userns=keep-id with rootless podman; docs/container.md)`,
  );
}

/** Flags of an exclusive create that never follows a link at the path. */
const EXCLUSIVE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/** What stands at a path, without following a link: `absent`, `file` (regular) or what else it is. */
export function entryAt(path: string): 'absent' | 'file' | 'link' | 'other' {
  try {
    const s = lstatSync(path);
    return s.isSymbolicLink() ? 'link' : s.isFile() ? 'file' : 'other';
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'absent';
    throw err;
  }
}

/**
 * Refuses a target that is not absent or a regular file.
 * @param flag the option that named it, for the message (`--report`).
 * @throws UsageError for a link, a folder or a special file at `path`.
 */
export function checkTarget(path: string, flag: string): void {
  checkFolderLinks(path, flag);
  const at = entryAt(path);
  if (at === 'link') throw new UsageError(`${flag} ${path}: a symbolic link stands there; the kit never writes through a link (remove it, or name another file)`);
  if (at === 'other') throw new UsageError(`${flag} ${path}: not a regular file (a folder, device or FIFO); name a file`);
}

/**
 * Creates `path` exclusively, never through a link, with `mode`.
 * @returns its file descriptor, open for writing.
 * @throws UsageError naming the flag when something already stands at `path` or the folder may
 *   not be written in (EACCES, EPERM, EROFS); the system error otherwise.
 */
export function createExclusive(path: string, mode: number, flag: string): number {
  checkFolderLinks(path, flag);
  try {
    return openSync(path, EXCLUSIVE, mode);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ELOOP')
      throw new UsageError(`${flag}: ${path} already exists (${entryAt(path) === 'link' ? 'a symbolic link' : 'a file'}); the kit creates its side files anew and never writes through one: remove it`);
    if (code !== undefined && DENIED.has(code)) throw notWritable(flag, path, dirname(resolve(path)), code);
    throw err;
  }
}

/** A side file's name next to `path`: `PATH.<12 hex>.tmp` (unguessable, so it cannot be planted in advance). */
export const sideFileOf = (path: string): string => join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);

/** Options of {@link writeFileSafely}. */
export interface WriteOptions {
  /** {@link PRIVATE} (traffic, keys, signatures) or {@link SHARED} (reports). */
  mode: number;
  /** The option that named the file, for messages (`--report`). */
  flag: string;
  /** Create the folder when it is missing. Default true (reports); the recorder's parts go where the recording already is. */
  mkdir?: boolean;
  /** Flush the file to disk before the rename (`fsync`). Default true; the recorder's part heads, written many times a second, skip it. */
  sync?: boolean;
}

/**
 * Writes a whole file the one safe way: its folder created (unless `mkdir: false`), the content
 * written to an exclusive side file (never through a link) with `mode`, flushed (unless
 * `sync: false`), then renamed over `path`. The target is
 * replaced only when absent or a regular file.
 * @throws UsageError for a link or non-regular file at `path` or a name taken, a folder this
 *   process may not write in ({@link notWritable}), or any other failure to write (the system's
 *   message, naming the file); the side file is removed then.
 */
export function writeFileSafely(path: string, data: string | Uint8Array, options: WriteOptions): void {
  if (options.mkdir !== false) {
    checkFolder(path, options.flag);
    try {
      mkdirSync(dirname(path), { recursive: true });
    } catch (err) {
      throw new UsageError(`${options.flag} ${path}: cannot create its folder (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); name a file in a folder that exists or can be created`);
    }
  }
  checkTarget(path, options.flag);
  // Named by the file the user gave, not by its side file.
  writableFolder(dirname(resolve(path)), path, options.flag);
  const side = sideFileOf(path);
  const fd = createExclusive(side, options.mode, options.flag);
  try {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
    if (options.sync !== false) fsyncSync(fd);
    closeSync(fd);
    // Checked again just before the rename: a link planted meanwhile is refused, not replaced silently.
    checkTarget(path, options.flag);
    renameSync(side, path);
  } catch (err) {
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
    try {
      unlinkSync(side);
    } catch {
      // already renamed or gone
    }
    if (err instanceof UsageError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== undefined && DENIED.has(code)) throw notWritable(options.flag, path, dirname(resolve(path)), code);
    // Any other failure (a full disk, an I/O error) is one line too: the CLI exits 2 on it, never with a stack trace.
    throw new UsageError(`${options.flag} ${path}: cannot write it: ${(err as Error).message}`);
  }
}

/**
 * Whether an output's folder can hold it, before anything is written (a run checks its outputs
 * before its first request): the nearest existing ancestor of the file's folder must be a folder,
 * not a regular file or anything else (outside attacker, finding 20: a file where a folder is
 * needed crashed the run after all its requests), and this process must be allowed to write in
 * it (issue 31: a report folder mounted into a container, owned by another user, ended a passing
 * run with EACCES and a stack trace).
 * @throws UsageError naming the flag, the path and the ancestor that is not a folder, or the
 *   folder this process may not write in ({@link notWritable}).
 */
export function checkFolder(path: string, flag: string): void {
  checkFolderLinks(path, flag);
  let dir = dirname(resolve(path));
  for (;;) {
    let st: ReturnType<typeof lstatSync> | undefined;
    try {
      st = lstatSync(dir);
    } catch {
      st = undefined;
    }
    if (st) {
      if (st.isDirectory()) return writableFolder(dir, path, flag);
      if (st.isSymbolicLink()) {
        let target: ReturnType<typeof statSync> | undefined;
        try {
          target = statSync(dir);
        } catch {
          target = undefined;
        }
        if (target?.isDirectory()) return writableFolder(dir, path, flag);
      }
      throw new UsageError(`${flag} ${path}: ${dir} is not a folder, so the file cannot be written there; name a file in a folder`);
    }
    const up = dirname(dir);
    if (up === dir) return;
    dir = up;
  }
}

/** The user running the kit (`undefined` where the platform has no user ids). */
const ownUid = (): number | undefined => (typeof process.getuid === 'function' ? process.getuid() : undefined);

/**
 * Refuses an output whose folders are reached through a symbolic link somebody else could have
 * planted (outside attacker, finding 17: a link at `/tmp/ci/reports`, planted by a co-user, sent
 * `--report /tmp/ci/reports/report.json` into the victim's own folder, replacing a file there).
 * `O_NOFOLLOW` and `rename(2)` protect only the last component; this walks the others. A link
 * among the folders of `path` is followed only when
 * - it is owned by the user running the kit or by root (uid 0), and
 * - the folder holding it is not writable by others, or is sticky (`/tmp`: only a name's owner
 *   may replace it), so nobody else could have put it there or swapped it since.
 * The user's own links (`~/reports -> /data/reports`) and the system's (`/var/run -> /run`)
 * pass. Components that do not exist yet end the walk (they are created as plain folders).
 * @param depth links followed so far (internal).
 * @throws UsageError naming the flag, the path and the link.
 */
export function checkFolderLinks(path: string, flag: string, depth = 0): void {
  const uid = ownUid();
  // Past 40 links the system itself refuses the path (ELOOP) when it is written.
  if (uid === undefined || depth > 40) return;
  const parts = dirname(resolve(path))
    .split(sep)
    .filter((p) => p !== '');
  let real: string = sep;
  for (let i = 0; i < parts.length; i++) {
    const next = join(real, parts[i] as string);
    let st: ReturnType<typeof lstatSync>;
    try {
      st = lstatSync(next);
    } catch {
      return;
    }
    if (!st.isSymbolicLink()) {
      real = next;
      continue;
    }
    const holder = lstatSync(real);
    const othersWrite = (holder.mode & 0o002) !== 0 && (holder.mode & 0o1000) === 0;
    if ((st.uid !== uid && st.uid !== 0) || othersWrite) {
      const why = othersWrite ? `stands in ${real}, a folder anybody may write` : `is owned by another user (uid ${st.uid})`;
      throw new UsageError(`${flag} ${path}: the folder ${next} is a symbolic link that ${why}; the kit does not follow it. Name the folder it points to directly`);
    }
    // Continue from where the link points (a relative link is read from its folder); links in the
    // link's own target are walked too.
    let target = readlinkSync(next);
    if (!isAbsolute(target)) target = resolve(real, target);
    const rest = parts.slice(i + 1);
    checkFolderLinks(join(target, ...rest, basename(path)), flag, depth + 1);
    return;
  }
}

/** Throws {@link notWritable} when this process may not create files in the folder `dir` (write and search permission). */
function writableFolder(dir: string, path: string, flag: string): void {
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'EACCES';
    if (DENIED.has(code)) throw notWritable(flag, path, dir, code);
  }
}
