/**
 * The one place that defines the mock server's options and their defaults. The CLI
 * (`npm start`, `resale-kit mock`) and the programmatic entry (`createMockServer`) both read
 * them from here.
 */
import { printableUrl, urlHost } from '../contract/index.js';
import { OptionError } from './errors.js';
import { seedNumber as seedNumberOf } from './world/world.js';
import type { ReplaySource } from './replay.js';
import type { DataFileSource } from './data/products-file.js';
import type { World } from './world/world.js';
import { calendarProblem } from './calendar.js';

/** API tiers (contract `x-tiers`, §5 decision): Free may not call premium operations. */
export type Tier = 'Free' | 'Starter' | 'Pro' | 'Enterprise';
/** Every tier name, Free first. */
export const TIERS: readonly Tier[] = ['Free', 'Starter', 'Pro', 'Enterprise'];

/** Options of the mock server. Every field has a default in {@link MOCK_DEFAULTS}. */
export interface MockOptions {
  /** Interface to listen on. Default `127.0.0.1`. */
  host: string;
  /**
   * TCP port. Default 0 for `createMockServer().listen()` (a free port, so a test never collides
   * with a running `npm start`); the CLI's default is {@link CLI_PORT}.
   */
  port: number;
  /** Seed of the data world (string or integer). Default `resale-kit`. */
  seed: string | number;
  /** The clock, ms since epoch (UTC). Default: the start of the current UTC day. */
  now: number;
  /** Products per marketplace, 1 to 2 000 000. Default 10 000. */
  products: number;
  /**
   * Origin written into `$schema` and image URLs (no trailing slash). Default
   * `http://<host>:<port>` (`http://127.0.0.1:4010` while the port is 0); `listen()` replaces it
   * with the address it got, so the URLs resolve against this server.
   */
  publicUrl: string;
  /** API keys and their tiers. Default: `demo-free` (Free) and `demo-premium` (Pro). */
  keys: Record<string, Tier>;
  /**
   * Operations announced as deprecated (issue 32; from a contract copy by `deprecationHeadersOf`
   * in contract/deprecation.ts, `mock --deprecations FILE`): their answers carry these headers
   * (`Deprecation` RFC 9745, `Sunset` RFC 8594, `Link` rel `successor-version`). Plain data, so it
   * reaches cluster workers. Default: none.
   */
  deprecations?: readonly { operationId: string; headers: Partial<Record<'deprecation' | 'sunset' | 'link', string>> }[];
  /** Name of a mutant (mocks/mutants.ts) to run: the mock with one rule broken. Default: none. */
  mutant?: string;
  /** Finished answers kept in the response cache (0: none). Default 10 000 (and at most 64 MiB). */
  responseCache: number;
  /** Processes serving the port (node:cluster), for the CLI. Default 1. */
  workers: number;
  /** `Access-Control-Allow-Origin` of every answer: `*` (default, any page may call) or one origin. */
  corsOrigin: string;
  /** Extra latency of every API answer, drawn uniformly from [min, max] ms by the seeded sequence. Default none. */
  latency?: { min: number; max: number };
  /** Share of API requests answered with an error drawn from `errorStatuses` (0 to 1). Default 0. */
  errorRate: number;
  /** Statuses the error rate draws from. Default 500 and 503. */
  errorStatuses: number[];
  /** Requests each key may make per window; over it, 429 with Retry-After. Default none. */
  rateLimit?: { count: number; windowMs: number };
  /**
   * Where `rateLimit` counts (`--rate-limit-store`, see {@link RateLimitStore}). Default: `cluster`
   * with `workers > 1`, else `memory`. The core itself (and MSW) always counts in memory; the
   * node:http adapter uses the cluster or Redis store (mocks/http/limit-stores.ts).
   */
  rateLimitStore?: RateLimitStore;
  /**
   * Serve recorded answers (`--replay FILE.har`, loaded with `loadHar` of resale-kit/conformance)
   * for recorded requests, matched by method, path, query and caller. Default none.
   */
  replay?: ReplaySource;
  /** With `replay`: answer unrecorded requests from the seeded world instead of a 404 problem. Default false. */
  replayFallback?: boolean;
  /**
   * Products you define (`--data products.yaml`, issue 24): a data file that adds or replaces
   * products (mocks/data/products-file.ts; its JSON Schema is `mocks/data/products-file.schema.json`).
   * A string is a file path, read by `createMockServer` and the CLI (Node); the core and the MSW
   * handlers take the file's `{ name, text }` (YAML or JSON) or its parsed `{ name, value }`.
   * Checked at start: a bad file throws `DataFileError` (an `OptionError`) and nothing starts.
   * Default none.
   */
  data?: string | DataFileSource;
  /**
   * Where the CLI keeps world snapshots between starts (`--world-cache`, issue 33; cli/world-cache.ts,
   * mocks/world/snapshot.ts): `auto` (default) keeps them in the user's cache folder
   * (`$XDG_CACHE_HOME/resale-kit`, else `~/.cache/resale-kit`) for worlds of at least
   * {@link WORLD_CACHE_MIN} products; a folder keeps them there at any size; `off` never. Never
   * with `data`. Read by the CLI only: the core and the MSW handlers build or take `world`.
   */
  worldCache: string;
  /**
   * A world already built (`createWorld`) or restored from a snapshot (`restoreWorld`) for these
   * `seed`, `now` and `products`, without a data file; the CLI passes the one its world cache gave.
   * Its image origin is set to `publicUrl`. Default: built from the options.
   */
  world?: World;
}

/** Products per marketplace from which `--world-cache auto` keeps a snapshot (a build takes about 2 s at 100,000). */
export const WORLD_CACHE_MIN = 100_000;

/**
 * Where the rate limit counts:
 * - `memory`: in this process (one process; MSW; the default without `--workers`);
 * - `cluster`: in the node:cluster primary, for all `--workers` of one server (the default with them);
 * - `redis://HOST:PORT[/DB]` (or `rediss://`): in Redis, for replicas on several machines, exact
 *   across them. If Redis is away, each process counts alone in memory (it keeps answering; logs
 *   once) and goes back to Redis when it returns.
 */
export type RateLimitStore = 'memory' | 'cluster' | `redis://${string}` | `rediss://${string}`;

/** The port the CLI (`resale-kit mock`, `npm start`) listens on unless `--port` says otherwise. */
export const CLI_PORT = 4010;

/** The demo keys every mock accepts unless `keys` replaces them. */
export const DEMO_KEYS: Readonly<Record<string, Tier>> = { 'demo-free': 'Free', 'demo-premium': 'Pro' };

/** Milliseconds of the start of the UTC day that holds `ms`. */
export const startOfUtcDay = (ms: number): number => Math.floor(ms / 86_400_000) * 86_400_000;

/** Defaults of every option; `now` is read when called. */
export function mockDefaults(): Omit<MockOptions, 'publicUrl'> {
  return {
    host: '127.0.0.1',
    port: 0,
    seed: 'resale-kit',
    now: startOfUtcDay(Date.now()),
    products: 10_000,
    keys: { ...DEMO_KEYS },
    responseCache: 10_000,
    workers: 1,
    corsOrigin: '*',
    errorRate: 0,
    errorStatuses: [500, 503],
    worldCache: 'auto',
  };
}

export { OptionError };

/**
 * Why a `--cors-origin` value cannot be served as `Access-Control-Allow-Origin`, or undefined when
 * it can: `*`, or exactly one http(s) origin as a browser writes it in `Origin` (the RFC 6454 §6.2
 * serialization `new URL(value).origin` gives: scheme and host lower-case, a port in range and
 * only when not the scheme's default, no userinfo, path, query or fragment). Anything else would
 * start a mock every browser call to fails CORS on (outside attacker, finding 18). The message
 * prints the value through `printableUrl` (a password in it is never printed) and, when it parses,
 * the origin it means.
 */
export function corsOriginProblem(value: string): string | undefined {
  if (value === '*') return undefined;
  let u: URL | undefined;
  try {
    u = new URL(value);
  } catch {
    u = undefined;
  }
  const web = u !== undefined && (u.protocol === 'http:' || u.protocol === 'https:');
  if (web && u?.origin === value) return undefined;
  const means = !web || u === undefined ? '' : u.username || u.password ? ' (an origin holds no user or password)' : ` (the origin it names is written ${u.origin})`;
  return `--cors-origin must be * or an origin such as http://localhost:5173 (scheme://host or scheme://host:port, http or https, as a browser sends it in Origin), got ${JSON.stringify(printableUrl(value))}${means}`;
}

/** The latest `now`: 9999-12-31T23:59:59.999Z, in milliseconds since 1970 (UTC). */
const MAX_NOW = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * What is wrong with a `--host` (a host name, an IPv4 address, or an IPv6 address with or without
 * brackets), in its own words: before, `--host 'a b'` was refused as a `--public-url` the user
 * never gave (attacker 8, M6).
 */
export function hostOptionProblem(host: string): string | undefined {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const ok = bare.includes(':') ? /^[0-9A-Fa-f:.]+$/.test(bare) : /^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})$/.test(bare);
  let parses = false;
  if (ok) {
    try {
      parses = new URL(`http://${bare.includes(':') ? `[${bare}]` : bare}/`).hostname !== '';
    } catch {
      parses = false;
    }
  }
  if (ok && parses) return undefined;
  return `--host must be a host name or an IP address to listen on, such as 127.0.0.1, 0.0.0.0, localhost or ::1, got ${JSON.stringify(host.length > 200 ? `${host.slice(0, 200)}…` : host)}`;
}

/**
 * Fills in defaults and checks every option.
 * @throws OptionError naming the option, the value and what is accepted.
 */
export function resolveMockOptions(partial: Partial<MockOptions> = {}): MockOptions {
  const o = { ...mockDefaults(), ...stripUndefined(partial) };
  checkTypes(o);
  if (!Number.isInteger(o.port) || o.port < 0 || o.port > 65535) throw new OptionError(`--port must be an integer from 0 to 65535, got ${o.port}`);
  if (!Number.isInteger(o.products) || o.products < 1 || o.products > 2_000_000) {
    throw new OptionError(`--products must be an integer from 1 to 2000000, got ${o.products}`);
  }
  if (!Number.isFinite(o.now) || o.now < 0 || o.now > MAX_NOW) throw new OptionError('--now must be an ISO 8601 UTC time from 1970 to 9999, such as 2026-01-15T00:00:00Z');
  if (!Number.isInteger(o.responseCache) || o.responseCache < 0 || o.responseCache > MAX_RESPONSE_CACHE)
    throw new OptionError(`--response-cache must be a whole number from 0 (the cache off) to ${MAX_RESPONSE_CACHE}, got ${o.responseCache}`);
  if (!Number.isInteger(o.workers) || o.workers < 1 || o.workers > 64) throw new OptionError(`--workers must be an integer from 1 to 64, got ${o.workers}`);
  if (!(o.errorRate >= 0 && o.errorRate <= 1)) throw new OptionError(`--error-rate must be a share from 0 to 1, such as 0.05; got ${o.errorRate}`);
  for (const st of o.errorStatuses) if (!Number.isInteger(st) || st < 400 || st > 599) throw new OptionError(`--error-statuses must be HTTP error statuses (400-599), got ${st}`);
  if (o.errorRate > 0 && o.errorStatuses.length === 0) throw new OptionError('--error-rate needs at least one status in --error-statuses (such as 500,503) to answer with');
  if (o.latency && !(o.latency.min >= 0 && o.latency.max >= o.latency.min && o.latency.max <= 60_000)) throw new OptionError('--latency must be MIN..MAX milliseconds with 0 <= MIN <= MAX <= 60000, such as 50..400');
  if (o.rateLimit && !(Number.isInteger(o.rateLimit.count) && o.rateLimit.count > 0 && Number.isInteger(o.rateLimit.windowMs) && o.rateLimit.windowMs > 0 && o.rateLimit.windowMs <= 2_147_483_647)) {
    throw new OptionError('--rate-limit must be N/min or N/s with N a positive integer, such as 640/min (in code: count a positive integer, windowMs an integer from 1 to 2147483647 milliseconds)');
  }
  for (const d of o.deprecations ?? []) {
    for (const [name, value] of Object.entries(d.headers ?? {})) {
      if (typeof value !== 'string' || value.length > 1024 || /[\u0000-\u0008\u000a-\u001f\u007f-\uffff]/.test(value)) {
        throw new OptionError(`deprecations: the ${JSON.stringify(name.slice(0, 40))} header of ${JSON.stringify(String(d.operationId).slice(0, 60))} must be a string of at most 1024 visible ASCII characters (no line breaks)`);
      }
    }
  }
  if (o.rateLimitStore !== undefined) {
    parseRateLimitStore(o.rateLimitStore);
    if (!o.rateLimit) throw new OptionError(`--rate-limit-store ${o.rateLimitStore.split('@').pop() ?? ''} needs --rate-limit N/unit (such as 640/min): without a limit there is nothing to count`);
  }
  const hostProblem = hostOptionProblem(o.host);
  if (hostProblem !== undefined) throw new OptionError(hostProblem);
  const corsProblem = corsOriginProblem(o.corsOrigin);
  if (corsProblem !== undefined) throw new OptionError(corsProblem);
  if (typeof o.seed === 'string' && o.seed.length === 0) throw new OptionError('--seed must not be empty');
  for (const [key, tier] of Object.entries(o.keys)) {
    if (key.length === 0) throw new OptionError('an API key must not be empty');
    const unsendable = keyProblem(key);
    if (unsendable) throw new OptionError(`the API key ${shownKey(key)} cannot be sent in an Authorization header: ${unsendable}; use visible ASCII characters without spaces (the key is never printed)`);
    if (!isTier(tier)) throw new OptionError(`the API key ${shownKey(key)} has tier ${JSON.stringify(tier)}; tiers are ${TIERS.join(', ')}`);
  }
  if (o.world !== undefined) {
    const w = o.world.options;
    if (o.data !== undefined || w.defined !== undefined || seedNumberOf(w.seed) !== seedNumberOf(o.seed) || w.now !== o.now || w.products !== o.products) {
      throw new OptionError('world was built for another seed, clock or size, or with a data file: pass the world of these options, or none');
    }
  }
  const publicUrl = checkedPublicUrl(partial.publicUrl ?? `http://${urlHost(o.host)}:${o.port || CLI_PORT}`);
  return { ...o, publicUrl };
}

/**
 * A public URL as the mock writes it into every `$schema` and image URL: without trailing slashes.
 * Used by {@link resolveMockOptions} and the core's `setPublicUrl`.
 * @throws OptionError unless it is an absolute http(s) URL without a user, password or secret query
 *   (it would be served to every caller).
 */
export function checkedPublicUrl(url: unknown): string {
  if (typeof url !== 'string') throw new OptionError(`--public-url must be a string such as https://mock.example.test, got a ${kindOf(url)}`);
  const given = url.replace(/\/+$/, '');
  if (!isHttpUrl(given)) throw new OptionError(`--public-url must be an absolute http:// or https:// URL (for example https://mock.example.test), got ${JSON.stringify(printableUrl(given))}`);
  // As a URL parser writes it (the scheme in lower case, no default port: `--port 80` gave http://127.0.0.1:80, which
  // printableUrl wrote without `:80` and so took for one holding a secret; attacker 9, finding 2), then compared.
  const publicUrl = new URL(given).href.replace(/\/+$/, '');
  if (printableUrl(publicUrl) !== publicUrl) throw new OptionError(`--public-url must hold no user, password or secret query, got ${JSON.stringify(printableUrl(publicUrl))}`);
  return publicUrl;
}

/** What a value is, for an error message: `string`, `number`, `null`, `array`, `Map`, `object`. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null ? 'object' : ((value as object).constructor?.name ?? 'object');
  return typeof value;
}

/** True for an object literal (or one without a prototype): not an array, a Map or a class instance. */
const isPlainObject = (value: unknown): value is Record<string, unknown> => kindOf(value) === 'object';

/** Header names a deprecation may set (RFC 9745 Deprecation, RFC 8594 Sunset, RFC 8288 Link). */
const DEPRECATION_HEADERS: ReadonlySet<string> = new Set(['deprecation', 'sunset', 'link']);

/** The largest response cache: far beyond any catalogue's distinct answers, and far below what an array can hold. */
export const MAX_RESPONSE_CACHE = 10_000_000;

/**
 * The types of options given in code (a JavaScript caller has no compiler to tell them): each
 * string, number, list and table is what {@link MockOptions} says, so a wrong one is an
 * {@link OptionError} naming the option instead of a TypeError from deep inside (attacker probe 7).
 * @throws OptionError naming the first option of the wrong type.
 */
function checkTypes(o: Record<string, unknown>): void {
  const want = (name: string, ok: boolean, what: string): void => {
    if (!ok) throw new OptionError(`${name} must be ${what}, got a ${kindOf(o[name])}`);
  };
  for (const name of ['host', 'corsOrigin', 'worldCache']) want(name, typeof o[name] === 'string', 'a string');
  for (const name of ['mutant', 'rateLimitStore']) want(name, o[name] === undefined || typeof o[name] === 'string', 'a string');
  for (const name of ['port', 'products', 'now', 'responseCache', 'workers', 'errorRate']) want(name, typeof o[name] === 'number', 'a number');
  want('seed', typeof o.seed === 'string' || (typeof o.seed === 'number' && Number.isFinite(o.seed)), 'a string or a finite number');
  want('errorStatuses', Array.isArray(o.errorStatuses), 'an array of HTTP statuses');
  want('keys', isPlainObject(o.keys), "an object of key → tier, such as { 'my-key': 'Pro' } (a Map is not read)");
  for (const name of ['latency', 'rateLimit']) want(name, o[name] === undefined || isPlainObject(o[name]), 'an object');
  want('data', o.data === undefined || typeof o.data === 'string' || isPlainObject(o.data), 'an object { name, text } or { name, value }');
  want('world', o.world === undefined || (isPlainObject(o.world) && isPlainObject((o.world as { options?: unknown }).options)), 'a world from createWorld');
  want('deprecations', o.deprecations === undefined || Array.isArray(o.deprecations), 'an array of { operationId, headers }');
  for (const d of (o.deprecations as unknown[] | undefined) ?? []) {
    if (!isPlainObject(d) || typeof d.operationId !== 'string' || !isPlainObject(d.headers)) throw new OptionError('deprecations: each entry must be { operationId: string, headers: { deprecation?, sunset?, link? } }');
    for (const name of Object.keys(d.headers)) {
      if (!DEPRECATION_HEADERS.has(name))
        throw new OptionError(`deprecations: the header ${JSON.stringify(name.slice(0, 40))} of ${JSON.stringify(d.operationId.slice(0, 60))} is not one a deprecation sets; use deprecation, sunset or link (lower case)`);
    }
  }
}

/**
 * Parses `--now`: an ISO 8601 time with a zone (`2026-01-15T00:00:00Z`) or a date (`2026-01-15`, midnight UTC).
 * @throws OptionError when the text is not such a time.
 */
export function parseNow(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(T(\d{2}):(\d{2})(:(\d{2})(\.\d+)?)?(Z|[+-](\d{2}):(\d{2})))?$/.exec(text);
  const ms = m ? Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text) : Number.NaN;
  if (!m) throw new OptionError(`--now must be an ISO 8601 UTC time such as 2026-01-15T00:00:00Z, got ${JSON.stringify(text)}`);
  // Date.parse moves a day or time that does not exist (2026-02-30 is taken as 2026-03-02): refused instead.
  const [h, mi, se, oh, om] = [m[5], m[6], m[8], m[11], m[12]].map((x) => Number(x ?? 0)) as number[];
  const wrong = (oh as number) > 23 || (om as number) > 59 ? 'that time does not exist' : calendarProblem([m[1] as string, m[2] as string, m[3] as string], h, mi, se, 59);
  if (wrong) throw new OptionError(`--now must be a date and time that exist (${wrong}), such as 2026-01-15T00:00:00Z, got ${JSON.stringify(text)}`);
  if (!Number.isFinite(ms)) throw new OptionError(`--now must be an ISO 8601 UTC time such as 2026-01-15T00:00:00Z, got ${JSON.stringify(text)}`);
  return ms;
}

/**
 * Parses `--key KEY=TIER`. The tier is required: a key without one is refused rather than
 * silently made paid.
 * @throws OptionError when there is no `=TIER`, the tier is unknown, or the key is empty.
 */
export function parseKey(text: string): [string, Tier] {
  const at = text.lastIndexOf('=');
  const key = at < 0 ? text : text.slice(0, at);
  // The value is a key: never quoted back (docs/threat-model.md, secrets in output).
  if (at < 0 || key.length === 0) throw new OptionError(`--key needs KEY=TIER with TIER one of ${TIERS.join(', ')}, such as my-key=Pro; got a value of ${text.length} characters ${at < 0 ? 'without =' : 'with nothing before ='}`);
  const tier = text.slice(at + 1);
  if (!isTier(tier)) throw new OptionError(`--key KEY=${JSON.stringify(tier)}: tier ${JSON.stringify(tier)} is unknown; tiers are ${TIERS.join(', ')} (the key is never printed)`);
  return [key, tier];
}

/**
 * Why a key could not be sent by a client, or undefined when it can: HTTP strips leading and
 * trailing white space from a field value (RFC 9110 §5.5), so such a key would never match; a
 * space inside makes `Bearer KEY` ambiguous; control and non-ASCII characters are not sendable
 * by every client. Keys are 1 to 1024 visible ASCII characters.
 */
export function keyProblem(key: string): string | undefined {
  if (/^\s|\s$/.test(key)) return 'it starts or ends with white space, which HTTP strips';
  if (/\s/.test(key)) return 'it holds white space';
  if (!/^[\x21-\x7e]+$/.test(key)) return 'it holds a control or non-ASCII character';
  if (key.length > 1024) return 'it is longer than 1024 characters';
  return undefined;
}

/** True when `text` is one of the four tier names (exact case). */
export const isTier = (text: unknown): text is Tier => typeof text === 'string' && (TIERS as readonly string[]).includes(text);

/**
 * A key as the mock prints it: the demo keys (public, documented) whole; any other key as its
 * first 4 characters, `…` and its length, so the banner tells keys apart without printing one.
 */
export const shownKey = (key: string): string => (Object.hasOwn(DEMO_KEYS, key) ? key : `${key.slice(0, Math.min(4, key.length >> 2))}… (${key.length} characters)`);

/**
 * The key table as a `Map` (own entries of `keys` only): request text is looked up in it, never
 * used to index a plain object, so `constructor` or `__proto__` are unknown keys like any other.
 */
export function keyTable(keys: Readonly<Record<string, Tier>> | ReadonlyMap<string, Tier>): ReadonlyMap<string, Tier> {
  return new Map(keys instanceof Map ? keys : Object.entries(keys));
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Parses `--latency MIN..MAX` (milliseconds) or a single `MS`.
 * @throws OptionError on any other text.
 */
export function parseLatency(text: string): { min: number; max: number } {
  const m = /^(\d+)(?:\.\.(\d+))?$/.exec(text.trim());
  if (!m) throw new OptionError(`--latency must be MIN..MAX milliseconds such as 50..400, got ${JSON.stringify(text)}`);
  const min = Number(m[1]);
  return { min, max: m[2] === undefined ? min : Number(m[2]) };
}

/**
 * Parses `--rate-limit N/min` (also `N/s`, `N/h`).
 * @throws OptionError on any other text.
 */
export function parseRateLimit(text: string): { count: number; windowMs: number } {
  const m = /^(\d+)\/(s|sec|min|h)$/.exec(text.trim());
  if (!m) throw new OptionError(`--rate-limit must be N/min, N/s or N/h such as 640/min, got ${JSON.stringify(text)}`);
  const unit: Record<string, number> = { s: 1000, sec: 1000, min: 60_000, h: 3_600_000 };
  return { count: Number(m[1]), windowMs: unit[m[2] as string] as number };
}

/**
 * Parses `--rate-limit-store memory|cluster|redis://HOST:PORT[/DB]` (see {@link RateLimitStore}).
 * @throws OptionError on any other text (a Redis URL needs a host; a port, when given, is 1 to 65535).
 */
export function parseRateLimitStore(text: string): RateLimitStore {
  const t = text.trim();
  if (t === 'memory' || t === 'cluster') return t;
  const usage = `--rate-limit-store must be memory, cluster or redis://HOST:PORT (such as redis://127.0.0.1:6379), got ${JSON.stringify(printableUrl(text))}`;
  if (!/^rediss?:\/\//.test(t)) throw new OptionError(usage);
  let url: URL;
  try {
    url = new URL(t);
  } catch {
    throw new OptionError(usage);
  }
  if (url.hostname === '' || (url.pathname !== '' && !/^\/\d{0,2}$/.test(url.pathname))) throw new OptionError(usage);
  return t as RateLimitStore;
}

/** The store the limit counts in for these options: the given one, else `cluster` with workers, else `memory`. */
export function rateLimitStoreOf(options: Pick<MockOptions, 'rateLimitStore' | 'workers'>): RateLimitStore {
  return options.rateLimitStore ?? (options.workers > 1 ? 'cluster' : 'memory');
}

/** Whether text is an absolute http(s) URL that parses (a `--public-url` that does not is refused at start: it would be served in every `$schema` and image URL). */
function isHttpUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}
