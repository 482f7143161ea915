/**
 * Replaying recordings (`mock --replay FILE.har`): a HAR file is untrusted input, read by the
 * kit's one HAR reader (traffic/har/read.ts) for the purpose `replay`, checked when it is loaded,
 * never while serving:
 *
 * - Size: a file over `maxBytes` ({@link HAR_MAX_BYTES}, 64 MiB by default; `--max-har-bytes`
 *   raises it) is refused before it is read, with a message naming the flag; at most
 *   {@link HAR_MAX_ENTRIES} entries are read. A file within the cap is parsed whole (V8's parser
 *   does not recurse, so deep nesting costs time in proportion to its size, never the stack).
 * - Shape: each entry is validated with {@link HAR_ENTRY_SCHEMA} (Ajv, through contract/'s one
 *   set-up) and with node's own header rules (`validateHeaderName`, `validateHeaderValue`). An
 *   entry that fails is skipped with a message naming it and the field
 *   (`entry 3 skipped: /log/entries/3/response/status must be >= 200`); the rest are served.
 *   A file that is not JSON, has no `log.entries` array, or has no usable entry is refused.
 * - What is served: a final status (200-599; 1xx are not answers), the recording's headers except
 *   framing, hop-by-hop and CORS ones ({@link NOT_REPLAYED}), the `Content-Type` of the recording
 *   (its header, else `content.mimeType`), and the body (`text`, UTF-8 or base64). The entries kept
 *   are fresh copies of those fields only: nothing else of the file stays in memory.
 * - Compressed bodies: a body some tool stored as sent (base64 bytes that are still gzip or deflate,
 *   as its `Content-Encoding` says) is inflated at load by the one reader's `inflatedBodyOf`, within
 *   the same caps as judging (8 MiB per entry, 64 MiB per file), and served decoded, as every other
 *   body (`Content-Encoding` is never replayed). An entry past the caps is skipped with a message:
 *   compressed bytes are never served as plain JSON (issue 29, finding 2).
 *
 * The mock imports this module (for {@link replayHeaders}); it imports nothing of the suite.
 */
import { callerTag, targetOf, type Har, type HarEntry, type Replay } from './har.js';
import { HAR_ENTRY_SCHEMA, HAR_MAX_BYTES, HAR_MAX_ENTRIES, HarReadError, inflateBudget, inflatedBodyOf, MAX_INFLATED_BYTES, MAX_INFLATED_FILE_BYTES, readHar, type HarEntry12 } from './read.js';

export { HAR_ENTRY_SCHEMA, HAR_MAX_BYTES, HAR_MAX_ENTRIES };

/** Messages kept about skipped entries (the count of skipped entries is always exact). */
const MAX_WARNINGS = 20;

/**
 * Response headers of a recording never replayed: framing, hop-by-hop, CORS (the mock sets its
 * own), the date, and `Content-Encoding` (a HAR's `content.text` is the decoded body).
 */
export const NOT_REPLAYED: ReadonlySet<string> = new Set([
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'proxy-connection',
  'proxy-authenticate',
  'te',
  'trailer',
  'date',
  'x-contract-violations',
]);

/** Options of {@link loadHar}. */
export interface HarLoadOptions {
  /** Refuse files larger than this many bytes. Default {@link HAR_MAX_BYTES}. */
  maxBytes?: number;
}

/** A loaded recording: {@link Replay}, plus what was skipped. */
export interface LoadedHar extends Replay {
  /** Entries skipped, one message each (the first 20), naming the entry and the field. */
  warnings: string[];
  /** Entries skipped in all. */
  skipped: number;
}

/**
 * The kit's HAR entry of a normalised one (fresh copies of the fields a replay serves).
 * @param body the body to serve when it differs from the stored one (inflated), else undefined.
 */
function harEntryOf(e: HarEntry12, body?: Buffer): HarEntry {
  const caller = e.callerTag;
  return {
    startedDateTime: e.startedDateTime,
    time: e.time < 0 ? 0 : e.time,
    request: { method: e.request.method, url: e.request.url, httpVersion: 'HTTP/1.1', headers: e.request.headers.slice(0, 1000).map((h) => ({ name: h.name, value: h.value })), queryString: [], cookies: [], headersSize: -1, bodySize: 0 },
    response: {
      status: e.response.status,
      statusText: e.response.statusText,
      httpVersion: 'HTTP/1.1',
      headers: e.response.headers.map((h) => ({ name: h.name, value: h.value })),
      cookies: [],
      content: {
        size: e.response.content.size < 0 ? 0 : e.response.content.size,
        mimeType: e.response.content.mimeType,
        text: body ? body.toString('base64') : (e.response.content.text ?? ''),
        ...(body || e.response.content.encoding === 'base64' ? { encoding: 'base64' as const } : {}),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1 as number,
    },
    cache: {},
    timings: { send: 0, wait: 0, receive: 0 },
    ...(caller !== undefined ? { _resaleKitCaller: caller, _resaleKit: { caller, ...(e.kit?.index !== undefined ? { index: e.kit.index } : {}), redactions: e.kit?.redactions ?? [] } } : {}),
  };
}

/**
 * The headers to send for a recorded answer: the recording's, less {@link NOT_REPLAYED} and
 * every `access-control-*` header, names in lower case (the first of a repeated name wins), and a
 * `content-type` from `content.mimeType` when the recording has no such header.
 */
export function replayHeaders(entry: { response: { headers: readonly { name: string; value: string }[]; content?: { mimeType?: string } } }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const h of entry.response.headers) {
    const name = h.name.toLowerCase();
    if (NOT_REPLAYED.has(name) || name.startsWith('access-control-') || Object.hasOwn(out, name)) continue;
    Object.defineProperty(out, name, { value: h.value, enumerable: true, writable: true, configurable: true });
  }
  const mime = entry.response.content?.mimeType;
  if (!Object.hasOwn(out, 'content-type') && mime) out['content-type'] = mime;
  return out;
}

/**
 * Loads a HAR 1.2 recording to replay it (`mock --replay`; one written by `resale-kit proxy
 * --record`, or anyone's: entries without a caller tag are served to any caller), read by the
 * kit's one HAR reader (traffic/har/read.ts) for the purpose `replay`. Bad entries are skipped
 * (see `warnings`).
 * @throws HarReadError naming the file and what to do when it is too large, cannot be read, is
 *   not a HAR file, or has no entry that can be replayed (every body inflating past the caps included).
 */
export function loadHar(path: string, options: HarLoadOptions = {}): LoadedHar {
  const warnings: string[] = [];
  let skipped = 0;
  const read = readHar(path, {
    purpose: 'replay',
    ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
    onProblem: (p) => {
      skipped += p.field === '' && p.message.startsWith('entries from') ? Number(/\((\d+)\)/.exec(p.message)?.[1] ?? 1) : 1;
      if (warnings.length < MAX_WARNINGS) warnings.push(p.message);
    },
  });
  const salt = read.salt ?? '';
  const entries: HarEntry[] = [];
  const index = new Map<string, HarEntry>();
  const budget = inflateBudget(MAX_INFLATED_FILE_BYTES);
  for (const e12 of read.entries) {
    const stored = e12.response.content.text ?? '';
    const body = e12.response.content.encoding === 'base64' ? inflatedBodyOf(e12, budget) : undefined;
    if (e12.response.content.encoding === 'base64' && body === undefined) {
      skipped++;
      if (warnings.length < MAX_WARNINGS)
        warnings.push(
          `entry ${e12.index} skipped: /log/entries/${e12.index}/response/content/text inflates past ${MAX_INFLATED_BYTES / 1024 / 1024} MiB for the entry or ${MAX_INFLATED_FILE_BYTES / 1024 / 1024} MiB for the file (its Content-Encoding); it is not served compressed`,
        );
      continue;
    }
    const inflated = body !== undefined && !body.equals(Buffer.from(stored, 'base64')) ? body : undefined;
    const e = harEntryOf(e12, inflated);
    entries.push(e);
    const key = `${e.request.method} ${targetOf(e.request.url)} ${e._resaleKitCaller ?? '*'}`;
    if (!index.has(key)) index.set(key, e);
  }
  if (entries.length === 0 && read.entries.length > 0) throw new HarReadError(`${path} has no entry that can be replayed: ${warnings.slice(0, 3).join('; ')}`);
  const har: Har = { log: { version: '1.2', creator: { name: read.creator, version: read.creatorVersion }, entries, _resaleKit: { salt } } };
  const noBody = new Set([204, 205, 304]);
  return {
    source: path,
    har,
    warnings,
    skipped,
    find: (method, target, authorization) => index.get(`${method.toUpperCase()} ${targetOf(target)} ${callerTag(salt, authorization)}`) ?? index.get(`${method.toUpperCase()} ${targetOf(target)} *`),
    bodyOf: (e) => (noBody.has(e.response.status) ? Buffer.alloc(0) : Buffer.from(e.response.content.text ?? '', e.response.content.encoding === 'base64' ? 'base64' : 'utf8')),
  };
}
