/**
 * Loading recordings from other people (`mock --replay FILE.har`, `conformance --from-har FILE.har`):
 * a HAR file is untrusted input. It is checked when it is loaded, never while serving:
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
 */
import { readFileSync, statSync } from 'node:fs';
import { validateHeaderName, validateHeaderValue } from 'node:http';
import { compileStandalone } from '../../contract/index.js';
import { callerTag, targetOf, type Har, type HarEntry, type HarPair, type HarRedaction, type Replay } from '../har.js';

/** Largest recording read by default, in bytes (64 MiB; memory while loading is a few times the file's size); raise it with `maxBytes` (`--max-har-bytes`). */
export const HAR_MAX_BYTES = 64 * 1024 * 1024;
/** Most entries read from one recording; later ones are skipped with a message. */
export const HAR_MAX_ENTRIES = 1_000_000;
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

const TOKEN = "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$";
// Node's rule for header values: tab, visible ASCII, space and obs-text; no CR, LF or NUL.
const FIELD_VALUE = '^[\\t\\x20-\\x7e\\x80-\\xff]*$';
const HEADER = {
  type: 'object',
  required: ['name', 'value'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 256, pattern: TOKEN }, value: { type: 'string', maxLength: 16_384, pattern: FIELD_VALUE } },
};

/** The JSON Schema (2020-12) of a HAR 1.2 entry this kit replays: the fields it reads, and their limits. */
export const HAR_ENTRY_SCHEMA = {
  type: 'object',
  required: ['request', 'response'],
  properties: {
    startedDateTime: { type: 'string', maxLength: 64 },
    time: { type: 'number' },
    request: {
      type: 'object',
      required: ['method', 'url'],
      properties: {
        method: { type: 'string', pattern: '^[A-Za-z]{1,16}$' },
        url: { type: 'string', minLength: 1, maxLength: 16_384 },
      },
    },
    response: {
      type: 'object',
      required: ['status', 'headers', 'content'],
      properties: {
        status: { type: 'integer', minimum: 200, maximum: 599 },
        statusText: { type: 'string', maxLength: 1024, pattern: FIELD_VALUE },
        headers: { type: 'array', maxItems: 1000, items: HEADER },
        content: {
          type: 'object',
          properties: {
            text: { type: 'string' },
            encoding: { enum: ['base64'] },
            mimeType: { type: 'string', maxLength: 1024, pattern: FIELD_VALUE },
          },
        },
      },
    },
    _resaleKitCaller: { type: 'string', pattern: '^([0-9a-f]{16}|none)$' },
    _resaleKit: { type: 'object', properties: { caller: { type: 'string', pattern: '^([0-9a-f]{16}|none)$' } } },
  },
} as const;

const BASE64 = /^[A-Za-z0-9+/=_\-\r\n]*$/;

let validateEntry: ((value: unknown) => { pointer: string; message: string }[]) | undefined;

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

/** Text of a value for a message: short, one line. */
const shown = (v: unknown): string => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
};

/** Why an entry cannot be replayed (pointer relative to the entry, message), or undefined when it can. */
function problemOf(raw: unknown): { pointer: string; message: string } | undefined {
  validateEntry ??= compileStandalone(HAR_ENTRY_SCHEMA);
  const [first] = validateEntry(raw);
  if (first) {
    let message = first.message;
    if (/\/status$/.test(first.pointer)) message += ' (a replayed answer needs a final status, 200 to 599)';
    return { pointer: first.pointer, message };
  }
  const e = raw as HarEntry;
  if (!/^https?:\/\/[^\s/?#]/i.test(e.request.url) || !URL.canParse(e.request.url)) return { pointer: '/request/url', message: `/request/url must be an absolute http(s) URL, got ${shown(e.request.url)}` };
  const headers = e.response.headers;
  for (let i = 0; i < headers.length; i++) {
    const h = headers[i] as HarPair;
    try {
      validateHeaderName(h.name);
      validateHeaderValue(h.name, h.value);
    } catch (err) {
      return { pointer: `/response/headers/${i}`, message: `/response/headers/${i} cannot be sent: ${(err as Error).message}` };
    }
  }
  const c = e.response.content as HarEntry['response']['content'] | undefined;
  if (c?.encoding === 'base64' && typeof c.text === 'string' && !BASE64.test(c.text)) return { pointer: '/response/content/text', message: '/response/content/text must be base64 (content.encoding is base64)' };
  return undefined;
}

/** A fresh copy of the fields of a valid entry that the kit uses. */
function copyOf(raw: HarEntry): HarEntry {
  const c = raw.response.content as Partial<HarEntry['response']['content']> | undefined;
  const caller = raw._resaleKit?.caller ?? raw._resaleKitCaller;
  const requestHeaders = Array.isArray(raw.request.headers) ? raw.request.headers.filter((h) => typeof h?.name === 'string' && typeof h.value === 'string').slice(0, 1000) : [];
  const text = typeof c?.text === 'string' ? c.text : '';
  const base64 = c?.encoding === 'base64';
  return {
    startedDateTime: typeof raw.startedDateTime === 'string' ? raw.startedDateTime : '',
    time: typeof raw.time === 'number' && Number.isFinite(raw.time) ? raw.time : 0,
    request: { method: raw.request.method.toUpperCase(), url: raw.request.url, httpVersion: 'HTTP/1.1', headers: requestHeaders.map((h) => ({ name: h.name, value: h.value })), queryString: [], cookies: [], headersSize: -1, bodySize: 0 },
    response: {
      status: raw.response.status,
      statusText: typeof raw.response.statusText === 'string' ? raw.response.statusText : '',
      httpVersion: 'HTTP/1.1',
      headers: raw.response.headers.map((h) => ({ name: h.name, value: h.value })),
      cookies: [],
      content: { size: typeof c?.size === 'number' ? c.size : 0, mimeType: typeof c?.mimeType === 'string' ? c.mimeType : '', text, ...(base64 ? { encoding: 'base64' as const } : {}) },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1 as number,
    },
    cache: {},
    timings: { send: 0, wait: 0, receive: 0 },
    ...(caller !== undefined ? { _resaleKitCaller: caller, _resaleKit: { caller, ...(typeof raw._resaleKit?.index === 'number' ? { index: raw._resaleKit.index } : {}), redactions: redactionsOf(raw._resaleKit?.redactions) } } : {}),
  };
}

/** The redaction manifest of an entry, kept for readers: well-formed items only, at most 10,000. */
function redactionsOf(raw: unknown): HarRedaction[] {
  if (!Array.isArray(raw)) return [];
  const out: HarRedaction[] = [];
  for (const r of raw.slice(0, 10_000) as unknown[]) {
    if (r === null || typeof r !== 'object') continue;
    const x = r as Record<string, unknown>;
    if (typeof x.in !== 'string' || !WHERE.has(x.in)) continue;
    const item: HarRedaction = { in: x.in as HarRedaction['in'] };
    if (typeof x.name === 'string') item.name = x.name;
    if (typeof x.offset === 'number') item.offset = x.offset;
    if (typeof x.length === 'number') item.length = x.length;
    if (typeof x.pointer === 'string') item.pointer = x.pointer;
    out.push(item);
  }
  return out;
}
const WHERE = new Set(['request.url', 'request.headers', 'request.queryString', 'response.headers', 'response.content', 'response.redirectURL']);

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
 * Loads a HAR 1.2 recording (one written by `resale-kit proxy --record`, or anyone's: entries
 * without a caller tag are served to any caller). Bad entries are skipped (see `warnings`).
 * @throws Error naming the file and what to do when it is too large, cannot be read, is not a
 *   HAR file, or has no entry that can be replayed.
 */
export function loadHar(path: string, options: HarLoadOptions = {}): LoadedHar {
  const maxBytes = options.maxBytes ?? HAR_MAX_BYTES;
  let text: string;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) throw new Error(`${path} is not a file; --replay and --from-har read a HAR 1.2 file`);
    const size = stat.size;
    if (size > maxBytes) throw new Error(`${path} is ${size} bytes, over the limit of ${maxBytes} bytes for a recording; split it (proxy --record-max-bytes) or raise the limit with --max-har-bytes`);
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw new Error(e.code ? `cannot read the recording ${path}: ${e.message}` : e.message);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new Error(`${path} is not JSON (${(err as Error).message}); a recording is a HAR 1.2 file such as resale-kit proxy --record writes`);
  }
  text = '';
  const log = doc !== null && typeof doc === 'object' && !Array.isArray(doc) ? (doc as { log?: unknown }).log : undefined;
  const rawEntries = log !== null && typeof log === 'object' && !Array.isArray(log) ? (log as { entries?: unknown }).entries : undefined;
  if (!Array.isArray(rawEntries)) throw new Error(`${path} is not a HAR file: /log/entries must be an array`);
  const meta = (log as { _resaleKit?: unknown })._resaleKit;
  const salt = meta !== null && typeof meta === 'object' && typeof (meta as { salt?: unknown }).salt === 'string' ? (meta as { salt: string }).salt : '';
  const creator = (log as { creator?: { name?: unknown; version?: unknown } }).creator;

  const warnings: string[] = [];
  let skipped = 0;
  const skip = (message: string): void => {
    skipped++;
    if (warnings.length < MAX_WARNINGS) warnings.push(message);
  };
  const entries: HarEntry[] = [];
  const index = new Map<string, HarEntry>();
  for (let i = 0; i < rawEntries.length; i++) {
    if (i >= HAR_MAX_ENTRIES) {
      skip(`entries from ${i} on skipped: a recording holds at most ${HAR_MAX_ENTRIES} entries`);
      skipped += rawEntries.length - i - 1;
      break;
    }
    const problem = problemOf(rawEntries[i]);
    if (problem) {
      skip(`entry ${i} skipped: /log/entries/${i}${problem.message.startsWith('/') ? problem.message : ` ${problem.message}`}`);
      continue;
    }
    const e = copyOf(rawEntries[i] as HarEntry);
    entries.push(e);
    const key = `${e.request.method} ${targetOf(e.request.url)} ${e._resaleKitCaller ?? '*'}`;
    if (!index.has(key)) index.set(key, e);
  }
  if (entries.length === 0 && rawEntries.length > 0) throw new Error(`${path} has no entry that can be replayed: ${warnings.slice(0, 3).join('; ')}`);
  const har: Har = {
    log: {
      version: '1.2',
      creator: { name: typeof creator?.name === 'string' ? creator.name : '', version: typeof creator?.version === 'string' ? creator.version : '' },
      entries,
      _resaleKit: { salt },
    },
  };
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
