/**
 * `mock --world-cache` (issue 33): keeps the start-up work of large worlds between starts. The
 * first start of a world (seed, clock, size, kit version) builds it from the seed and writes its
 * snapshot (mocks/world/snapshot.ts) here; later starts read the snapshot instead: at 1,000,000
 * products per marketplace, about 1 s instead of about 20 s (bench/startup.ts). A snapshot changes
 * no answer (test/mock/world-snapshot.test.ts).
 *
 * The file is an input surface (docs/threat-model.md, class D): it is read only when it is a
 * regular file (not a link) owned by the user (or root), not writable by others, in a folder
 * others cannot write in (or a sticky one), no larger than {@link MAX_SNAPSHOT_BYTES} (read by
 * the one reader of files, contract/input-file.ts), with an intact SHA-256 trailer; then
 * `restoreWorld` checks every value. A snapshot that fails any of these is named
 * in one warning and replaced by a fresh build. Writing goes through the one way to write a file
 * (conformance/files.ts); a folder that cannot be written is a warning, never a failure: the
 * cache only saves time.
 */
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, statSync, unlinkSync, utimesSync, type Stats } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHARED, writeFileSafely } from '../conformance/index.js';
import { InputFileError, readInputFile } from '../contract/input-file.js';
import { OptionError } from '../mocks/index.js';
import { withStopSignalsHeld } from './signals.js';
import { createWorld, encodeWorld, restoreWorld, snapshotKey, WORLD_CACHE_MIN, type World, type WorldOptions } from '../mocks/index.js';

/** Largest snapshot read at any size: 2,000,000 products per marketplace take about 200 MB. */
export const MAX_SNAPSHOT_BYTES = 1024 * 1024 * 1024;
/**
 * Largest snapshot read for a world of `products` per marketplace: 8 MiB plus 200 bytes per
 * product (a snapshot takes about 100), at most {@link MAX_SNAPSHOT_BYTES}; a snapshot padded
 * past its world's size is refused before it is read.
 */
export const snapshotCap = (products: number): number => Math.min(MAX_SNAPSHOT_BYTES, 8 * 1024 * 1024 + 200 * products);
/** Bytes of the SHA-256 trailer after the snapshot. */
const DIGEST = 32;
/** A snapshot not used for this long is removed when another one is written (ms). */
export const SNAPSHOT_UNUSED_MS = 7 * 86_400_000;
/** A side file older than this is left over from a killed write and removed (ms). */
const STALE_SIDE_FILE_MS = 10 * 60_000;
/** Words that read as "no cache" but are not `off`: refused, so that none becomes a folder of that name. */
const NOT_FOLDERS = new Set(['no', 'none', 'false', '0', 'disable', 'disabled', 'never']);

/**
 * Checks a `--world-cache` value: `auto`, `off` (any case) or a folder.
 * @returns the value, `auto` and `off` in lower case.
 * @throws OptionError for an empty value or a word that means "off" (`none`, `false`, `0`...).
 */
export function parseWorldCache(text: string): string {
  const lower = text.trim().toLowerCase();
  if (lower === 'auto' || lower === 'off') return lower;
  if (text.trim() === '') throw new OptionError('--world-cache must be auto, off or a folder, got an empty value');
  if (NOT_FOLDERS.has(lower)) throw new OptionError(`--world-cache ${JSON.stringify(text)}: to keep no world snapshot say off; a folder of that name would be ./${text}/ (write ./${text} to mean it)`);
  return text;
}

/**
 * The folder `--world-cache` names for a world of `products` per marketplace, or undefined for
 * none: `off` never; `auto` the user's cache folder (`$XDG_CACHE_HOME/resale-kit` when that is
 * absolute, else `$HOME/.cache/resale-kit` when that is absolute) from {@link WORLD_CACHE_MIN}
 * products, none below or without either; any other value is a folder, used at every size.
 */
export function worldCacheFolder(option: string, products: number, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (option === 'off') return undefined;
  if (option !== 'auto') return resolve(option);
  if (products < WORLD_CACHE_MIN) return undefined;
  const xdg = env.XDG_CACHE_HOME;
  if (xdg !== undefined && isAbsolute(xdg)) return join(xdg, 'resale-kit');
  let home: string;
  try {
    home = env.HOME ?? homedir();
  } catch {
    return undefined;
  }
  return home && isAbsolute(home) ? join(home, '.cache', 'resale-kit') : undefined;
}

let codeDigest: string | undefined;
/**
 * A digest of the world's code as this process runs it: every `.js` or `.ts` file under
 * mocks/world/ (declarations and maps left out), names and contents, in name order (SHA-256,
 * 24 hex). Part of every snapshot's key, so a build that draws differently (a changed line of
 * code under the same version number) never restores another build's snapshot.
 */
export function worldCodeDigest(): string {
  if (codeDigest !== undefined) return codeDigest;
  const root = fileURLToPath(new URL('../mocks/world/', import.meta.url));
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(js|ts)$/.test(name) && !name.endsWith('.d.ts'))
        hash
          .update(`${relative(root, path)}\0`)
          .update(readInputFile(path, 16 * 1024 * 1024))
          .update('\0');
    }
  };
  walk(root);
  codeDigest = hash.digest('hex').slice(0, 24);
  return codeDigest;
}

/** The snapshot file of a world in a cache folder: `world-<24 hex of SHA-256 of its key>.snapshot`. */
export function snapshotFile(folder: string, options: Pick<WorldOptions, 'seed' | 'products' | 'now'>): string {
  const key = createHash('sha256')
    .update(JSON.stringify(snapshotKey(options, worldCodeDigest())))
    .digest('hex')
    .slice(0, 24);
  return join(folder, `world-${key}.snapshot`);
}

/** How a world came to be: restored from its snapshot, or built (and whether its snapshot was written). */
export interface CachedWorld {
  world: World;
  /** `restored`: read from `file`; `built`: drawn from the seed (the snapshot written to `file` unless `warning` says why not). */
  how: 'restored' | 'built';
  file: string;
  /** Why a snapshot was not read or not written (one line), or undefined. */
  warning: string | undefined;
  /** True when `file` now holds this world's snapshot (restored from it, or written). */
  kept: boolean;
}

const ownUid = (): number | undefined => (typeof process.getuid === 'function' ? process.getuid() : undefined);
/** True for an owner the kit trusts: the user running it, or root. */
const trusted = (owner: number): boolean => {
  const uid = ownUid();
  return uid === undefined || owner === uid || owner === 0;
};

/** Why a cache folder may not be used (owner, others may write), or undefined; an absent folder is fine. */
function untrustedFolder(folder: string): string | undefined {
  let st: ReturnType<typeof statSync>;
  try {
    st = statSync(folder);
  } catch {
    return undefined;
  }
  if (!st.isDirectory()) return `${folder} is not a folder`;
  if (!trusted(st.uid)) return `the folder ${folder} belongs to another user`;
  if ((st.mode & 0o002) !== 0 && (st.mode & 0o1000) === 0) return `others may write in the folder ${folder}`;
  return undefined;
}

/** Why an open snapshot file may not be read (owner, mode), judged on the descriptor, or undefined. */
const untrustedFile = (st: Stats): string | undefined => (!trusted(st.uid) ? 'it belongs to another user' : (st.mode & 0o022) !== 0 ? 'others may write to it' : undefined);

/**
 * Reads a snapshot file and checks it: a regular file (no link at its name), owned by the user
 * or root, not writable by others (judged on the open descriptor), within {@link snapshotCap},
 * its SHA-256 trailer intact.
 * @returns the snapshot without its trailer.
 * @throws Error naming what did not hold.
 */
function readSnapshot(file: string, products: number): Uint8Array {
  let bytes: Buffer;
  try {
    bytes = readInputFile(file, snapshotCap(products), { noFollow: true, check: untrustedFile });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = err instanceof InputFileError ? (/^(not|larger)/.test(err.code) ? `it is ${err.code}` : err.code) : (err as Error).message;
    throw new Error(code === 'ELOOP' ? 'a symbolic link stands at its name' : why);
  }
  if (bytes.length < DIGEST) throw new Error('it is shorter than its digest');
  const body = bytes.subarray(0, bytes.length - DIGEST);
  if (
    !createHash('sha256')
      .update(body)
      .digest()
      .equals(bytes.subarray(bytes.length - DIGEST))
  )
    throw new Error('its SHA-256 digest does not match (a cut or changed file)');
  return body;
}

/**
 * Whether the snapshot of these options in `folder` can be read (trusted, intact), without
 * restoring it: the cluster primary asks, and draws the world once when it cannot.
 */
export function snapshotReadable(options: WorldOptions, folder: string): boolean {
  if (untrustedFolder(folder) !== undefined) return false;
  try {
    readSnapshot(snapshotFile(folder, options), options.products);
    return true;
  } catch {
    return false;
  }
}

/** Removes left-over side files of killed writes and snapshots not used for {@link SNAPSHOT_UNUSED_MS}; best effort. */
function sweep(folder: string, keep: string): void {
  const now = Date.now();
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    const side = /^\.world-[0-9a-f]{24}\.snapshot\.[0-9a-f]+\.tmp$/.test(name);
    const old = /^world-[0-9a-f]{24}\.snapshot$/.test(name) && name !== basename(keep);
    if (!side && !old) continue;
    try {
      const st = lstatSync(join(folder, name));
      if (st.isFile() && trusted(st.uid) && now - st.mtimeMs > (side ? STALE_SIDE_FILE_MS : SNAPSHOT_UNUSED_MS)) unlinkSync(join(folder, name));
    } catch {
      // gone meanwhile, or not ours to remove
    }
  }
}

/** True when something stands at `path` (a file, a link, anything); false when nothing does or its folder cannot be read. */
function present(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes a world's snapshot with its SHA-256 trailer through the one way to write a file; a stop
 * signal that arrives meanwhile is acted on once the file is whole (the write is synchronous), so
 * no side file is left (cli/signals.ts `withStopSignalsHeld`).
 * @throws UsageError (conformance/files.ts) when it cannot be written.
 */
function writeSnapshot(world: World, file: string): void {
  withStopSignalsHeld(() => {
    // A folder of the user's only (the umask cannot make it writable by others, which would refuse it next time).
    mkdirSync(dirname(file), { recursive: true, mode: 0o755 });
    const out = encodeWorld(world, DIGEST, worldCodeDigest());
    const body = out.subarray(0, out.length - DIGEST);
    out.set(createHash('sha256').update(body).digest(), body.length);
    writeFileSafely(file, out, { mode: SHARED, flag: '--world-cache', sync: false });
  });
}

/**
 * The world of `options` (no data file) from its snapshot in `folder`, or built from the seed
 * and its snapshot written there for the next start (and snapshots unused for 7 days removed).
 * A folder that belongs to another user, or that others may write in, is neither read nor written.
 * @param write false to build without writing (a cluster worker: the primary writes it first).
 * @returns the world, how it came, and a warning when a snapshot was refused or could not be written.
 * @throws RangeError for options `createWorld` refuses (checked before by `resolveMockOptions`).
 */
export function cachedWorld(options: WorldOptions, folder: string, write = true): CachedWorld {
  const file = snapshotFile(folder, options);
  const badFolder = untrustedFolder(folder);
  if (badFolder !== undefined) {
    return { world: createWorld(options), how: 'built', file, kept: false, warning: `no world snapshot is read or kept: ${badFolder} (name a folder of yours with --world-cache DIR, or off)` };
  }
  let warning: string | undefined;
  if (present(file)) {
    try {
      const world = restoreWorld(readSnapshot(file, options.products), options, worldCodeDigest());
      try {
        // Used now: kept by the sweep for another 7 days.
        const now = new Date();
        utimesSync(file, now, now);
      } catch {
        // a read-only folder: the snapshot is still good
      }
      return { world, how: 'restored', file, warning: undefined, kept: true };
    } catch (err) {
      warning = `the world snapshot ${file} was not used: ${(err as Error).message}; building the world instead`;
    }
  }
  const world = createWorld(options);
  if (!write) return { world, how: 'built', file, warning, kept: false };
  try {
    writeSnapshot(world, file);
    sweep(folder, file);
    return { world, how: 'built', file, warning, kept: true };
  } catch (err) {
    const why = `the world snapshot could not be written (${(err as Error).message}); the next start builds the world again (--world-cache off: never keep one)`;
    return { world, how: 'built', file, warning: warning === undefined ? why : `${warning}; ${why}`, kept: false };
  }
}
