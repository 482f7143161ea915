/**
 * The one place that defines the mock server's options and their defaults. The CLI
 * (`npm start`, `resale-kit mock`) and the programmatic entry (`createMockServer`) both read
 * them from here.
 */
import { MUTANT_NAMES } from './mutants.js';

/** API tiers (contract `x-tiers`, §5 decision): Free may not call premium operations. */
export type Tier = 'Free' | 'Starter' | 'Pro' | 'Enterprise';
/** Every tier name, Free first. */
export const TIERS: readonly Tier[] = ['Free', 'Starter', 'Pro', 'Enterprise'];

/** Options of the mock server. Every field has a default in {@link MOCK_DEFAULTS}. */
export interface MockOptions {
  /** Interface to listen on. Default `127.0.0.1`. */
  host: string;
  /** TCP port. Default 4010. */
  port: number;
  /** Seed of the data world (string or integer). Default `resale-kit`. */
  seed: string | number;
  /** The clock, ms since epoch (UTC). Default: the start of the current UTC day. */
  now: number;
  /** Products per marketplace, 1 to 2 000 000. Default 10 000. */
  products: number;
  /**
   * Origin written into `$schema` and image URLs (no trailing slash). Default
   * `http://<host>:<port>`, so the URLs resolve against this server.
   */
  publicUrl: string;
  /** API keys and their tiers. Default: `demo-free` (Free) and `demo-premium` (Pro). */
  keys: Record<string, Tier>;
  /** Name of a mutant (mocks/mutants.ts) to run: the mock with one rule broken. Default: none. */
  mutant?: string;
  /** Finished answers kept in the response cache (0: none). Default 10 000 (and at most 64 MiB). */
  responseCache: number;
  /** Processes serving the port (node:cluster), for the CLI. Default 1. */
  workers: number;
}

/** The demo keys every mock accepts unless `keys` replaces them. */
export const DEMO_KEYS: Readonly<Record<string, Tier>> = { 'demo-free': 'Free', 'demo-premium': 'Pro' };

/** Milliseconds of the start of the UTC day that holds `ms`. */
export const startOfUtcDay = (ms: number): number => Math.floor(ms / 86_400_000) * 86_400_000;

/** Defaults of every option; `now` is read when called. */
export function mockDefaults(): Omit<MockOptions, 'publicUrl'> {
  return { host: '127.0.0.1', port: 4010, seed: 'resale-kit', now: startOfUtcDay(Date.now()), products: 10_000, keys: { ...DEMO_KEYS }, responseCache: 10_000, workers: 1 };
}

/** An option that cannot be used; the message says which and what to do. */
export class OptionError extends Error {
  override name = 'OptionError';
}

/**
 * Fills in defaults and checks every option.
 * @throws OptionError naming the option, the value and what is accepted.
 */
export function resolveMockOptions(partial: Partial<MockOptions> = {}): MockOptions {
  const o = { ...mockDefaults(), ...stripUndefined(partial) };
  if (!Number.isInteger(o.port) || o.port < 0 || o.port > 65535) throw new OptionError(`--port must be an integer from 0 to 65535, got ${o.port}`);
  if (!Number.isInteger(o.products) || o.products < 1 || o.products > 2_000_000) {
    throw new OptionError(`--products must be an integer from 1 to 2000000, got ${o.products}`);
  }
  if (!Number.isFinite(o.now)) throw new OptionError('--now must be an ISO 8601 UTC time such as 2026-01-15T00:00:00Z');
  if (!Number.isInteger(o.responseCache) || o.responseCache < 0) throw new OptionError(`--response-cache must be a whole number (0 turns the cache off), got ${o.responseCache}`);
  if (!Number.isInteger(o.workers) || o.workers < 1 || o.workers > 64) throw new OptionError(`--workers must be an integer from 1 to 64, got ${o.workers}`);
  if (typeof o.seed === 'string' && o.seed.length === 0) throw new OptionError('--seed must not be empty');
  for (const [key, tier] of Object.entries(o.keys)) {
    if (!TIERS.includes(tier)) throw new OptionError(`key ${JSON.stringify(key)} has tier ${JSON.stringify(tier)}; tiers are ${TIERS.join(', ')}`);
  }
  if (o.mutant !== undefined && !MUTANT_NAMES.includes(o.mutant)) {
    throw new OptionError(`--mutant ${JSON.stringify(o.mutant)} is unknown; mutants are: ${MUTANT_NAMES.join(', ')}`);
  }
  const publicUrl = (partial.publicUrl ?? `http://${o.host.includes(':') ? `[${o.host}]` : o.host}:${o.port}`).replace(/\/+$/, '');
  return { ...o, publicUrl };
}

/**
 * Parses `--now`: an ISO 8601 time with a zone (`2026-01-15T00:00:00Z`) or a date (`2026-01-15`, midnight UTC).
 * @throws OptionError when the text is not such a time.
 */
export function parseNow(text: string): number {
  const ok = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(text);
  const ms = ok ? Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text) : Number.NaN;
  if (!Number.isFinite(ms)) throw new OptionError(`--now must be an ISO 8601 UTC time such as 2026-01-15T00:00:00Z, got ${JSON.stringify(text)}`);
  return ms;
}

/**
 * Parses `--key KEY=TIER` (tier defaults to Pro).
 * @throws OptionError when the tier is unknown or the key is empty.
 */
export function parseKey(text: string): [string, Tier] {
  const at = text.lastIndexOf('=');
  const key = at < 0 ? text : text.slice(0, at);
  const tier = (at < 0 ? 'Pro' : text.slice(at + 1)) as Tier;
  if (key.length === 0) throw new OptionError(`--key needs KEY=TIER, such as my-key=Pro; got ${JSON.stringify(text)}`);
  if (!TIERS.includes(tier)) throw new OptionError(`--key ${key}: tier ${JSON.stringify(tier)} is unknown; tiers are ${TIERS.join(', ')}`);
  return [key, tier];
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
