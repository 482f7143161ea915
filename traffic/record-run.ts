/**
 * The HAR of a conformance run (`resale-kit conformance --record FILE.har`): every exchange
 * that got an answer, as HAR 1.2 in the form `proxy --record` writes (so `--from-har` and
 * `mock --replay` read it back). No secret is kept: `Authorization` is `[redacted]`, bodies and
 * headers pass through the run's redactor, and callers are told apart by the salted HMAC of
 * their key (`_resaleKitCaller`). With a certificate, the file's SHA-256 is the run's evidence.
 */
import { callerTag, newHar, type Har, type HarEntry } from './har/har.js';
import { HAR_MAX_BYTES } from './har/read.js';
import type { Redactor } from '../conformance/index.js';
import type { Exchange } from '../conformance/index.js';
import { mainKeyOf, PRIVATE, sha256, writeFileSafely } from '../conformance/index.js';

/** Bytes a run's HAR may reach: the readers' cap (`HAR_MAX_BYTES`) less room for the document around the entries. */
const RUN_HAR_BUDGET = HAR_MAX_BYTES - 1024 * 1024;

/**
 * A HAR document of a run's exchanges (those without an answer are left out: HAR needs a response).
 * Entries stop before the file would pass what `--from-har`, `compat` and `verify` read
 * (`HAR_MAX_BYTES`); `log._resaleKit.leftOut` counts the exchanges left out (attacker probe 8: a
 * server's huge answers made a 411 MB recording no reader would take).
 * @param keys the run's keys, only to compute caller tags (never written).
 * @param startedAt the run's start, milliseconds since the epoch (UTC): each entry's `startedDateTime` (exchanges keep no start time of their own).
 */
export function harOfRun(exchanges: readonly Exchange[], redactor: Redactor, keys: { apiKey?: string; freeKey?: string }, version: string, startedAt: number): Har {
  const har = newHar(version);
  const salt = har.log._resaleKit.salt;
  const clean = (text: string): string => redactor.text(text);
  let bytes = 0;
  for (const [i, ex] of exchanges.entries()) {
    if (ex.status === undefined) continue;
    // A first estimate from the raw sizes, before any copy is made of a huge body.
    if (bytes + ex.text.length + ex.request.url.length > RUN_HAR_BUDGET) {
      har.log._resaleKit.leftOut = exchanges.slice(i).filter((x) => x.status !== undefined).length;
      break;
    }
    // The main key, in any form (main, bare, bearer), is the paid key, or the free key when the run has none
    // (conformance/client.ts sends it so); auth-forms' bare and Bearer requests were tagged as no key and replayed as 401s.
    const key = ex.auth === 'main' || ex.auth === 'bare' || ex.auth === 'bearer' ? mainKeyOf(keys) : ex.auth === 'free' ? keys.freeKey : undefined;
    let query: { name: string; value: string }[] = [];
    try {
      query = [...new URL(ex.request.url).searchParams].map(([name, value]) => ({ name, value: clean(value) }));
    } catch {
      // Not a URL: no query pairs.
    }
    const text = clean(ex.text);
    const entry: HarEntry = {
      startedDateTime: new Date(startedAt).toISOString(),
      time: ex.ms,
      request: {
        method: ex.request.method,
        url: clean(ex.request.url),
        httpVersion: 'HTTP/1.1',
        headers: key ? [{ name: 'Authorization', value: '[redacted]' }] : [],
        queryString: query,
        cookies: [],
        headersSize: -1,
        bodySize: 0,
      },
      response: {
        status: ex.status,
        statusText: '',
        httpVersion: 'HTTP/1.1',
        headers: Object.entries(ex.headers).map(([name, value]) => ({ name, value: clean(String(value)) })),
        cookies: [],
        content: { size: Buffer.byteLength(text), mimeType: ex.headers['content-type'] ?? '', text },
        redirectURL: '',
        headersSize: -1,
        bodySize: Buffer.byteLength(text),
      },
      cache: {},
      timings: { send: 0, wait: ex.ms, receive: 0 },
      _resaleKitCaller: callerTag(salt, key ? `Bearer ${key}` : undefined),
    };
    const size = Buffer.byteLength(JSON.stringify(entry));
    if (bytes + size > RUN_HAR_BUDGET) {
      har.log._resaleKit.leftOut = exchanges.slice(i).filter((x) => x.status !== undefined).length;
      break;
    }
    bytes += size;
    har.log.entries.push(entry);
  }
  return har;
}

/**
 * Writes a run's HAR and gives its digest (SHA-256 of the file's bytes) and entry count.
 * @throws Error when the file cannot be written.
 */
export function writeRunHar(path: string, har: Har): { digest: string; entries: number } {
  const bytes = writeHar(path, har);
  return { digest: sha256(bytes), entries: har.log.entries.length };
}

/**
 * Writes a recording whole through the one file writer (conformance/files.ts): an exclusive side
 * file, mode 0600 (a HAR holds traffic), renamed over `path`; a link at `path` is refused.
 * @param flag the option that named the file, for messages.
 * @returns the bytes written (what a digest is taken of).
 * @throws UsageError for a link or non-regular file at `path`; Error when writing fails.
 */
export function writeHar(path: string, har: Har, flag = '--record'): Buffer {
  const bytes = Buffer.from(`${JSON.stringify(har, null, 2)}\n`, 'utf8');
  writeFileSafely(path, bytes, { mode: PRIVATE, flag });
  return bytes;
}
