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
import { lstatSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { SHARED, writeFileSafely } from '../conformance/index.js';
import { readInputFile } from '../contract/input-file.js';
import { createWorld, encodeWorld, restoreWorld, snapshotKey, WORLD_CACHE_MIN, type World, type WorldOptions } from '../mocks/index.js';

/** Largest snapshot read: 2,000,000 products per marketplace take about 200 MB. */
export const MAX_SNAPSHOT_BYTES = 1024 * 1024 * 1024;
/** Bytes of the SHA-256 trailer after the snapshot. */
const DIGEST = 32;

/**
 * The folder `--world-cache` names for a world of `products` per marketplace, or undefined for
 * none: `off` never; `auto` the user's cache folder (`$XDG_CACHE_HOME/resale-kit` when that is
 * absolute, else `~/.cache/resale-kit`) from {@link WORLD_CACHE_MIN} products, none below or
 * without a home folder; any other value is a folder, used at every size.
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

/** The snapshot file of a world in a cache folder: `world-<24 hex of SHA-256 of its key>.snapshot`. */
export function snapshotFile(folder: string, options: Pick<WorldOptions, 'seed' | 'products' | 'now'>): string {
  const key = createHash('sha256')
    .update(JSON.stringify(snapshotKey(options)))
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
}

/** Why a snapshot file may not be trusted (owner, mode, folder), or undefined when it may be read. */
function untrusted(file: string): string | undefined {
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  const mine = (owner: number): boolean => uid === undefined || owner === uid || owner === 0;
  const folder = statSync(dirname(file));
  if (!mine(folder.uid) || ((folder.mode & 0o002) !== 0 && (folder.mode & 0o1000) === 0)) return 'its folder belongs to another user or others may write in it';
  const st = lstatSync(file);
  if (!st.isFile()) return 'it is not a regular file';
  if (!mine(st.uid)) return 'it belongs to another user';
  if ((st.mode & 0o022) !== 0) return 'others may write to it';
  if (st.size > MAX_SNAPSHOT_BYTES) return `it is larger than ${MAX_SNAPSHOT_BYTES} bytes`;
  return undefined;
}

/**
 * The world of `options` (no data file) from its snapshot in `folder`, or built from the seed
 * and its snapshot written there for the next start.
 * @param write false to build without writing (a cluster worker: the primary writes it first).
 * @returns the world, how it came, and a warning when a snapshot was refused or could not be written.
 * @throws RangeError for options `createWorld` refuses (checked before by `resolveMockOptions`).
 */
export function cachedWorld(options: WorldOptions, folder: string, write = true): CachedWorld {
  const file = snapshotFile(folder, options);
  let warning: string | undefined;
  let exists = false;
  try {
    exists = lstatSync(file) !== undefined;
  } catch {
    exists = false;
  }
  if (exists) {
    try {
      const why = untrusted(file);
      if (why !== undefined) throw new Error(why);
      // Judged on the descriptor it reads (a regular file, within the cap); a link was refused above.
      const bytes = readInputFile(file, MAX_SNAPSHOT_BYTES);
      if (bytes.length < DIGEST) throw new Error('it is shorter than its digest');
      const body = bytes.subarray(0, bytes.length - DIGEST);
      const digest = createHash('sha256').update(body).digest();
      if (!digest.equals(bytes.subarray(bytes.length - DIGEST))) throw new Error('its SHA-256 digest does not match (a cut or changed file)');
      return { world: restoreWorld(body, options), how: 'restored', file, warning: undefined };
    } catch (err) {
      warning = `the world snapshot ${file} was not used: ${(err as Error).message}; building the world instead`;
    }
  }
  const world = createWorld(options);
  if (!write) return { world, how: 'built', file, warning };
  try {
    const out = encodeWorld(world, DIGEST);
    const body = out.subarray(0, out.length - DIGEST);
    out.set(createHash('sha256').update(body).digest(), body.length);
    writeFileSafely(file, out, { mode: SHARED, flag: '--world-cache', sync: false });
  } catch (err) {
    const why = `the world snapshot could not be written (${(err as Error).message}); the next start builds the world again (--world-cache off: never keep one)`;
    warning = warning === undefined ? why : `${warning}; ${why}`;
  }
  return { world, how: 'built', file, warning };
}
