/**
 * The one HAR reader of the kit: every recording it reads (`mock --replay`, `conformance
 * --from-har`, drift, compat) goes through this module, with one size cap ({@link HAR_MAX_BYTES},
 * checked before reading), one entry schema ({@link HAR_ENTRY_SCHEMA}, relaxed to judge), one normaliser and one set
 * of messages (`entry 3 skipped: /log/entries/3/response/status must be <= 599`).
 *
 * It reads HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) of any origin:
 * `resale-kit proxy --record`, Chrome's and Firefox's developer tools ("Save all as HAR"),
 * mitmproxy's HAR export. Every entry is normalised to one {@link HarEntry12} shape, tolerating
 * what those writers really produce: bodies as base64 (`content.encoding`), missing optional
 * members (`cookies`, `queryString`, `timings`, `content.text`), vendor members (`_resourceType`,
 * `_transferSize`, `_initiator`, `_error`, `_fromCache`), compressed sizes (`bodySize` smaller than
 * `content.size`, `content.compression`), HTTP/2 and HTTP/3 pseudo headers (`:status`,
 * `:authority`: dropped, they are not header fields), sizes of -1, statuses of 0 (a request the
 * browser cancelled or blocked) and version strings such as `h2` or `HTTP/2.0`.
 *
 * Two purposes, one schema: `judge` (offline judging, drift, compat) reads tolerantly;
 * `replay` (the mock serves the answers) is strict where serving needs it: a final status
 * (200-599), header fields node can send, a `content` object, an absolute http(s) URL, the kit's
 * caller tags only ({@link HAR_ENTRY_SCHEMA}; {@link OFFLINE_HAR_ENTRY_SCHEMA} is the same schema without those limits).
 *
 * Bad input never throws past this module as anything but a {@link HarReadError} for the file as
 * a whole (not a file, too large, not JSON, no `/log/entries`, no entry with an answer); a bad
 * entry is skipped and reported to `onProblem` with its index and the field at fault.
 */
import { compileStandalone } from '../../contract/index.js';
import { readInputText } from '../../contract/input-file.js';
import type { HarRedaction } from './har.js';
import { statSync } from 'node:fs';
import { validateHeaderName, validateHeaderValue } from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';

/** Largest recording read by default, in bytes (64 MiB; memory while loading is a few times the file's size); raise it with `maxBytes` (`--max-har-bytes`). */
export const HAR_MAX_BYTES = 64 * 1024 * 1024;
/** Most entries read from one recording; later ones are skipped with a message. */
export const HAR_MAX_ENTRIES = 1_000_000;

const TOKEN_PATTERN = "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$";
// Node's rule for header values: tab, visible ASCII, space and obs-text; no CR, LF or NUL.
const FIELD_VALUE = '^[\\t\\x20-\\x7e\\x80-\\xff]*$';
const HEADER = {
  type: 'object',
  required: ['name', 'value'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 256, pattern: TOKEN_PATTERN }, value: { type: 'string', maxLength: 16_384, pattern: FIELD_VALUE } },
};

/**
 * The JSON Schema (2020-12) of a HAR 1.2 entry the kit replays (`purpose: 'replay'`): the fields
 * it reads, and their limits. {@link OFFLINE_HAR_ENTRY_SCHEMA} is the same schema with what browser and
 * mitmproxy exports hold, and a judge can still read, allowed.
 */
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

/** A HAR 1.2 name/value pair (headers, query string). */
export interface HarPair12 {
  name: string;
  value: string;
}

/** One HAR 1.2 entry after normalisation: every member the spec requires is present. */
export interface HarEntry12 {
  /** Position of the entry in the file's `log.entries` (0-based), for messages. */
  index: number;
  /** ISO 8601 time the request started, as recorded (`''` when absent). */
  startedDateTime: string;
  /** Milliseconds from request to end of answer (`-1` when unknown). */
  time: number;
  request: {
    /** Upper-case method, such as `GET`. */
    method: string;
    /** Absolute URL as recorded. */
    url: string;
    httpVersion: string;
    /** Header fields in recorded order, pseudo headers (`:authority`) removed. */
    headers: HarPair12[];
    queryString: HarPair12[];
    bodySize: number;
  };
  response: {
    /** HTTP status; 0 when the recording holds no answer (cancelled, blocked, failed). */
    status: number;
    statusText: string;
    httpVersion: string;
    /** Header fields in recorded order, pseudo headers (`:status`) removed. */
    headers: HarPair12[];
    content: {
      /** Decoded size in bytes as recorded (`-1` when unknown). */
      size: number;
      mimeType: string;
      /** The body text, or base64 of the bytes when `encoding` is `base64`; undefined when not captured. */
      text?: string;
      encoding?: 'base64';
      /** Bytes saved by compression (Chrome, Firefox). */
      compression?: number;
    };
    redirectURL: string;
    /** Bytes on the wire (compressed), `-1` when unknown. */
    bodySize: number;
  };
  /** The kit's caller tag (HMAC of the key; `none` without one), when the kit recorded the entry. */
  callerTag?: string;
  /** The kit's extras of an entry it recorded: its number across rotated files, and where secrets were replaced. */
  kit?: { index?: number; redactions: HarRedaction[] };
  /** Chrome's `_resourceType` (`xhr`, `fetch`, `document`, `image`, ...), when given. */
  resourceType?: string;
  /** A writer's note why there is no answer (Chrome's `_error`, such as `net::ERR_ABORTED`). */
  error?: string;
}

/** A recording could not be read at all (the CLI exits 2 with this message). */
export class HarReadError extends Error {
  override name = 'HarReadError';
}

/** One entry skipped: which, which field, what was wrong. */
export interface HarProblem {
  index: number;
  field: string;
  message: string;
}

/** One bad member of an entry: thrown inside this module, turned into a {@link HarProblem}. */
class Bad extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const own = (o: Record<string, unknown>, k: string): unknown => (Object.hasOwn(o, k) ? o[k] : undefined);
const show = (x: unknown): string => {
  const s = JSON.stringify(x) ?? String(x);
  return s.length > 60 ? `${s.slice(0, 60)}...` : s;
};

function str(o: Record<string, unknown>, k: string, field: string, fallback?: string): string {
  const v = own(o, k);
  if (typeof v === 'string') return v;
  if (v === undefined || v === null) {
    if (fallback !== undefined) return fallback;
    throw new Bad(field, 'is missing');
  }
  if (typeof v === 'number' && fallback !== undefined) return String(v);
  throw new Bad(field, `must be text, got ${show(v)}`);
}

function num(o: Record<string, unknown>, k: string, fallback: number): number {
  const v = own(o, k);
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v);
  return fallback;
}

/** HTTP header field names (RFC 9110 token); values without CR, LF or NUL. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function pairs(o: Record<string, unknown>, k: string, field: string, headers: boolean): HarPair12[] {
  const v = own(o, k);
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new Bad(field, `must be an array of {name, value}, got ${show(v)}`);
  const out: HarPair12[] = [];
  for (let i = 0; i < v.length; i++) {
    const p: unknown = v[i];
    if (!isObj(p)) throw new Bad(`${field}[${i}]`, `must be {name, value}, got ${show(p)}`);
    const name = str(p, 'name', `${field}[${i}].name`);
    const value = str(p, 'value', `${field}[${i}].value`, '');
    if (headers) {
      if (name.startsWith(':')) continue; // HTTP/2 and HTTP/3 pseudo headers are not fields
      if (!TOKEN.test(name)) throw new Bad(`${field}[${i}].name`, `is not a header name: ${show(name)}`);
      if (/[\r\n\0]/.test(value)) throw new Bad(`${field}[${i}].value`, 'holds CR, LF or NUL');
    }
    out.push({ name, value });
  }
  return out;
}

/** One raw entry normalised. @throws Bad naming the field at fault. */
function entryOf(raw: unknown, index: number, purpose: HarPurpose = 'judge'): HarEntry12 {
  if (!isObj(raw)) throw new Bad('', `must be an object, got ${show(raw)}`);
  const req = own(raw, 'request');
  const res = own(raw, 'response');
  if (!isObj(req)) throw new Bad('request', 'is missing or not an object');
  if (!isObj(res)) throw new Bad('response', 'is missing or not an object');
  const method = str(req, 'method', 'request.method').toUpperCase();
  if (!TOKEN.test(method)) throw new Bad('request.method', `is not a method: ${show(method)}`);
  const url = str(req, 'url', 'request.url');
  try {
    new URL(url);
  } catch {
    throw new Bad('request.url', `must be an absolute URL, got ${show(url)}`);
  }
  if (purpose === 'replay' && !/^https?:\/\/[^\s/?#]/i.test(url)) throw new Bad('request.url', `must be an absolute http(s) URL, got ${show(url)}`);
  const status = num(res, 'status', Number.NaN);
  if (!Number.isInteger(status) || status < 0 || status > 999) throw new Bad('response.status', `must be an HTTP status (0 for none), got ${show(own(res, 'status'))}`);
  const content = own(res, 'content');
  const c = isObj(content) ? content : {};
  const rawText = own(c, 'text');
  let text: string | undefined;
  if (typeof rawText === 'string') text = rawText;
  else if (rawText !== undefined && rawText !== null) throw new Bad('response.content.text', `must be text, got ${show(rawText)}`);
  const encoding = own(c, 'encoding');
  let base64 = false;
  if (typeof encoding === 'string' && encoding !== '') {
    if (encoding.toLowerCase() !== 'base64') throw new Bad('response.content.encoding', `only base64 is known, got ${show(encoding)}`);
    base64 = true;
    if (text !== undefined && !/^[A-Za-z0-9+/\s_-]*=*\s*$/.test(text)) throw new Bad('response.content.text', 'is not base64 although content.encoding says so');
  }
  const kit = own(raw, '_resaleKit');
  const tag = isObj(kit) ? (own(kit, 'caller') ?? own(kit, 'callerTag') ?? own(kit, 'tag')) : undefined;
  const legacyTag = own(raw, '_resaleKitCaller');
  // A caller tag is printed and compared: kept only when it is a short token (the kit writes 16 hex digits).
  const rawTag = typeof tag === 'string' ? tag : typeof legacyTag === 'string' ? legacyTag : undefined;
  if (rawTag !== undefined && !/^[\w:.-]{1,80}$/.test(rawTag)) throw new Bad(isObj(kit) ? '_resaleKit.caller' : '_resaleKitCaller', `is not a caller tag (letters, digits, _.:- up to 80): ${show(rawTag)}`);
  const callerTag = rawTag;
  const kitIndex = isObj(kit) ? own(kit, 'index') : undefined;
  const extras = isObj(kit) || rawTag !== undefined ? { ...(typeof kitIndex === 'number' ? { index: kitIndex } : {}), redactions: redactionsOf(isObj(kit) ? own(kit, 'redactions') : undefined) } : undefined;
  const responseHeaders = pairs(res, 'headers', 'response.headers', true);
  if (purpose === 'replay') {
    for (let i = 0; i < responseHeaders.length; i++) {
      const h = responseHeaders[i] as HarPair12;
      try {
        validateHeaderName(h.name);
        validateHeaderValue(h.name, h.value);
      } catch (err) {
        throw new Bad(`response.headers[${i}]`, `cannot be sent: ${(err as Error).message}`);
      }
    }
  }
  // A body the recording left out (no `content.text`, a size above 0: a proxy answer over its
  // judging cap, or a browser export without bodies) is not replayed as an empty one (finding 15).
  const size = num(c, 'size', -1);
  if (purpose === 'replay' && text === undefined && size > 0 && method !== 'HEAD' && ![204, 205, 304].includes(status))
    throw new Bad('response.content.text', `is absent: the body (${size} bytes) was not recorded, and a replay would answer it empty`);
  const resourceType = own(raw, '_resourceType');
  const error = own(raw, '_error') ?? own(res, '_error');
  const compression = num(c, 'compression', Number.NaN);
  return {
    index,
    startedDateTime: str(raw, 'startedDateTime', 'startedDateTime', ''),
    time: num(raw, 'time', -1),
    request: {
      method,
      url,
      httpVersion: str(req, 'httpVersion', 'request.httpVersion', ''),
      headers: pairs(req, 'headers', 'request.headers', true),
      queryString: pairs(req, 'queryString', 'request.queryString', false),
      bodySize: num(req, 'bodySize', -1),
    },
    response: {
      status,
      statusText: str(res, 'statusText', 'response.statusText', ''),
      httpVersion: str(res, 'httpVersion', 'response.httpVersion', ''),
      headers: responseHeaders,
      content: {
        size,
        mimeType: str(c, 'mimeType', 'response.content.mimeType', ''),
        ...(text !== undefined ? { text } : {}),
        ...(base64 ? { encoding: 'base64' as const } : {}),
        ...(Number.isFinite(compression) ? { compression } : {}),
      },
      redirectURL: str(res, 'redirectURL', 'response.redirectURL', ''),
      bodySize: num(res, 'bodySize', -1),
    },
    ...(callerTag !== undefined ? { callerTag } : {}),
    ...(extras !== undefined ? { kit: extras } : {}),
    ...(typeof resourceType === 'string' ? { resourceType } : {}),
    ...(typeof error === 'string' && error !== '' ? { error } : {}),
  };
}

/**
 * The JSON Schema (2020-12) of an entry the kit reads to judge it (`purpose: 'judge'`):
 * {@link HAR_ENTRY_SCHEMA} with what browser and mitmproxy exports hold and a replay cannot serve allowed: status 0 (no
 * answer) and 1xx, HTTP/2 pseudo headers (`:status`, dropped later), header values of any
 * character but CR, LF and NUL, no `content`, URLs of any length; caller tags are checked by
 * {@link entryOf} (the kit's, and `key:HASH` names).
 */
export const OFFLINE_HAR_ENTRY_SCHEMA: object = (() => {
  type Loose = { required?: string[]; properties: Record<string, Loose | object> };
  const s = structuredClone(HAR_ENTRY_SCHEMA) as unknown as Loose;
  const req = s.properties.request as Loose;
  req.properties.url = { type: 'string', minLength: 1 };
  const res = s.properties.response as Loose;
  res.required = ['status'];
  res.properties.status = { type: 'integer', minimum: 0, maximum: 599 };
  const header = (res.properties.headers as { items: Loose }).items;
  header.properties.name = { type: 'string', minLength: 1, maxLength: 256, pattern: "^:?[!#$%&'*+.^_`|~0-9A-Za-z-]+$" };
  header.properties.value = { type: 'string', maxLength: 16_384 }; // CR, LF and NUL: refused by entryOf, with a plainer message
  delete s.properties._resaleKitCaller;
  delete s.properties._resaleKit;
  return s;
})();

/** What a recording is read for: judged (tolerant) or replayed (strict where serving needs it). */
export type HarPurpose = 'judge' | 'replay';

const validators: Partial<Record<HarPurpose, (value: unknown) => { pointer: string; message: string }[]>> = {};

/** The first schema violation of a raw entry as a message relative to the entry, or undefined. */
function schemaProblem(raw: unknown, purpose: HarPurpose): { pointer: string; message: string } | undefined {
  const validate = (validators[purpose] ??= compileStandalone(purpose === 'replay' ? HAR_ENTRY_SCHEMA : OFFLINE_HAR_ENTRY_SCHEMA));
  const [first] = validate(raw);
  if (!first) return undefined;
  let message = first.message;
  if (/^\/response\/status$/.test(first.pointer)) message += purpose === 'replay' ? ' (a replayed answer needs a final status, 200 to 599)' : ' (an HTTP status; 0 when the recording holds no answer)';
  return { pointer: first.pointer, message };
}

/**
 * Normalises the entries of a HAR document already parsed. Each entry is validated with the
 * schema of the purpose ({@link OFFLINE_HAR_ENTRY_SCHEMA} to judge, {@link HAR_ENTRY_SCHEMA} to
 * replay), then normalised; at most {@link HAR_MAX_ENTRIES} are read.
 * @param source the file name, for messages.
 * @param onProblem receives each entry skipped (index, JSON Pointer of the field inside the entry,
 *   and a message: `entry 3 skipped: /log/entries/3/response/status must be <= 599`).
 * @throws HarReadError when the document has no `log.entries` array.
 */
export function harEntriesOf(doc: unknown, source: string, onProblem: (p: HarProblem) => void = () => undefined, purpose: HarPurpose = 'judge'): HarEntry12[] {
  const log = isObj(doc) ? own(doc, 'log') : undefined;
  const entries = isObj(log) ? own(log, 'entries') : undefined;
  if (!Array.isArray(entries)) throw new HarReadError(`${source} is not a HAR file: /log/entries must be an array`);
  const out: HarEntry12[] = [];
  for (let i = 0; i < entries.length; i++) {
    if (i >= HAR_MAX_ENTRIES) {
      onProblem({ index: i, field: '', message: `entries from ${i} on skipped (${entries.length - i}): a recording holds at most ${HAR_MAX_ENTRIES} entries` });
      break;
    }
    const invalid = schemaProblem(entries[i], purpose);
    if (invalid) {
      onProblem({ index: i, field: invalid.pointer, message: `entry ${i} skipped: /log/entries/${i}${invalid.message.startsWith('/') ? invalid.message : ` ${invalid.message}`}` });
      continue;
    }
    try {
      out.push(entryOf(entries[i], i, purpose));
    } catch (err) {
      if (!(err instanceof Bad)) throw err;
      const pointer =
        err.field === ''
          ? ''
          : `/${err.field
              .replace(/\[(\d+)\]/g, '.$1')
              .split('.')
              .join('/')}`;
      onProblem({ index: i, field: pointer, message: `entry ${i} skipped: /log/entries/${i}${pointer} ${err.message}` });
    }
  }
  return out;
}

/** A recording read: its entries, and what the kit's own writer stores beside them. */
export interface HarRead {
  entries: HarEntry12[];
  /** `log._resaleKit.salt` of a kit recording: caller tags are HMACs of keys under it. */
  salt?: string;
  /** `log.creator.name` (`resale-kit`, `WebInspector`, `Firefox`, `mitmproxy`), `''` when absent. */
  creator: string;
  /** `log.creator.version`, `''` when absent. */
  creatorVersion: string;
}

/** Options of {@link readHar}. */
export interface HarReadOptions {
  /** Receives each entry skipped, with a message naming the entry and the field. */
  onProblem?: (p: HarProblem) => void;
  /** The largest file read, in bytes (`--max-har-bytes`; default {@link HAR_MAX_BYTES}). */
  maxBytes?: number;
  /** `judge` (default: tolerant) or `replay` (strict where serving needs it). */
  purpose?: HarPurpose;
}

/**
 * Reads a HAR 1.2 file (any writer): its entries normalised, in file order, and the kit's salt.
 * @param path the `.har` file (JSON, UTF-8, a BOM allowed).
 * @param options what to do with skipped entries, the size cap and the purpose; a function is
 *   taken as `onProblem`, and a third argument as `maxBytes` (the earlier signature).
 * @throws HarReadError naming the file when it is not a file or cannot be read, is larger than
 *   `maxBytes` (checked before reading), is not JSON, has no `/log/entries` array, or has entries
 *   of which none holds an answer to judge (or to replay).
 */
export function readHar(path: string, options: HarReadOptions | ((p: HarProblem) => void) = {}, maxBytes?: number): HarRead {
  const o: HarReadOptions = typeof options === 'function' ? { onProblem: options, ...(maxBytes !== undefined ? { maxBytes } : {}) } : options;
  const cap = o.maxBytes ?? HAR_MAX_BYTES;
  const purpose = o.purpose ?? 'judge';
  let text: string;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) throw new HarReadError(`${path} is not a file; --replay and --from-har read a HAR 1.2 file`);
    if (stat.size > cap) throw new HarReadError(`${path} is ${stat.size} bytes, over the limit of ${cap} bytes for a recording; split it (proxy --record-max-bytes) or raise the limit with --max-har-bytes`);
    text = readInputText(path, cap);
  } catch (err) {
    if (err instanceof HarReadError) throw err;
    throw new HarReadError(`cannot read the recording ${path}: ${(err as Error).message}`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new HarReadError(`${path} is not JSON (${(err as Error).message}); a recording is a HAR 1.2 file such as resale-kit proxy --record writes`);
  }
  text = '';
  const skipped: string[] = [];
  const entries = harEntriesOf(
    doc,
    path,
    (p) => {
      if (skipped.length < 3) skipped.push(p.message);
      o.onProblem?.(p);
    },
    purpose,
  );
  const answered = entries.filter((e) => e.response.status !== 0);
  if (answered.length === 0 && (skipped.length > 0 || entries.length > 0)) {
    const why = [...skipped, ...entries.slice(0, 3 - skipped.length).map((e) => `entry ${e.index} skipped: /log/entries/${e.index}/response/status is 0 (the recording holds no answer)`)];
    throw new HarReadError(`${path} has no entry that can be ${purpose === 'replay' ? 'replayed' : 'judged'}: ${why.join('; ')}`);
  }
  const log = own(doc as Record<string, unknown>, 'log') as Record<string, unknown>;
  const kit = own(log, '_resaleKit');
  const salt = isObj(kit) ? own(kit, 'salt') : undefined;
  const creator = own(log, 'creator');
  const name = isObj(creator) ? own(creator, 'name') : undefined;
  const version = isObj(creator) ? own(creator, 'version') : undefined;
  return { entries, ...(typeof salt === 'string' ? { salt } : {}), creator: typeof name === 'string' ? name : '', creatorVersion: typeof version === 'string' ? version : '' };
}

/**
 * Reads the entries of a HAR 1.2 file (any writer), normalised and in file order.
 * @throws HarReadError as {@link readHar}.
 */
export function readHarEntries(path: string, onProblem?: (p: HarProblem) => void): HarEntry12[] {
  return readHar(path, onProblem ? { onProblem } : {}).entries;
}

/** The redaction manifest of an entry, kept for readers: well-formed items only, at most 10,000. */
function redactionsOf(raw: unknown): HarRedaction[] {
  if (!Array.isArray(raw)) return [];
  const out: HarRedaction[] = [];
  for (const r of raw.slice(0, 10_000) as unknown[]) {
    if (!isObj(r)) continue;
    const where = own(r, 'in');
    if (typeof where !== 'string' || !WHERE.has(where)) continue;
    const item: HarRedaction = { in: where as HarRedaction['in'] };
    const name = own(r, 'name');
    const offset = own(r, 'offset');
    const length = own(r, 'length');
    const pointer = own(r, 'pointer');
    if (typeof name === 'string') item.name = name;
    if (typeof offset === 'number') item.offset = offset;
    if (typeof length === 'number') item.length = length;
    if (typeof pointer === 'string') item.pointer = pointer;
    out.push(item);
  }
  return out;
}
const WHERE = new Set(['request.url', 'request.headers', 'request.queryString', 'response.headers', 'response.content', 'response.redirectURL']);

/**
 * Bodies a recording stores still compressed are inflated up to this size per entry (bytes):
 * 8 MiB, above the suite's 5 MiB body cap (`maxBodyBytes`). A larger one is not inflated.
 */
export const MAX_INFLATED_BYTES = 8 * 1024 * 1024;
/**
 * Bytes inflated at most for all the entries of one file: 64 MiB (issue 29: a 685 KB HAR of gzip
 * bodies made `--from-har` use 816 MB). Entries past it are not inflated (and not judged).
 */
export const MAX_INFLATED_FILE_BYTES = 64 * 1024 * 1024;

/** What is left to inflate in one file, bytes (see {@link MAX_INFLATED_FILE_BYTES}); one per file read. */
export interface InflateBudget {
  left: number;
}

/** A new budget for one file: {@link MAX_INFLATED_FILE_BYTES}, or `bytes`. */
export const inflateBudget = (bytes = MAX_INFLATED_FILE_BYTES): InflateBudget => ({ left: bytes });

/**
 * The recorded body of an entry as bytes (base64 decoded); empty when none was captured. Tools
 * store the decoded body, but some store the bytes as sent: a base64 body that is still gzip
 * or deflate (its `Content-Encoding` says so, and the bytes agree) is inflated, within
 * {@link MAX_INFLATED_BYTES} and what `budget` has left (taken from it).
 * @returns the bytes; `undefined` when the body would inflate past either bound (not judged);
 *   the stored bytes when they do not inflate at all.
 */
export function inflatedBodyOf(entry: HarEntry12, budget: InflateBudget): Buffer | undefined {
  const text = entry.response.content.text ?? '';
  const base64 = entry.response.content.encoding === 'base64';
  const bytes = Buffer.from(text, base64 ? 'base64' : 'utf8');
  if (!base64) return bytes;
  const coding = headerMap(entry.response.headers)['content-encoding']?.trim().toLowerCase();
  const gzip = coding === 'gzip' && bytes[0] === 0x1f && bytes[1] === 0x8b;
  const deflate = coding === 'deflate' && (bytes[0] ?? 0) % 16 === 8;
  if (!gzip && !deflate) return bytes;
  const limit = Math.min(MAX_INFLATED_BYTES, budget.left);
  try {
    const out = gzip ? gunzipSync(bytes, { maxOutputLength: Math.max(1, limit) }) : inflateSync(bytes, { maxOutputLength: Math.max(1, limit) });
    if (out.length > limit) return undefined;
    budget.left -= out.length;
    return out;
  } catch (err) {
    // Past the bound (zlib stops at maxOutputLength): not inflated, and the entry is not judged.
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || /Cannot create a Buffer larger|maxOutputLength/i.test((err as Error).message)) return undefined;
    return bytes;
  }
}

/**
 * {@link inflatedBodyOf} with a budget of its own ({@link MAX_INFLATED_BYTES} for this entry):
 * a body that would inflate past it is returned as stored.
 */
export function bodyOf(entry: HarEntry12): Buffer {
  return inflatedBodyOf(entry, inflateBudget(MAX_INFLATED_BYTES)) ?? Buffer.from(entry.response.content.text ?? '', entry.response.content.encoding === 'base64' ? 'base64' : 'utf8');
}

/** Header values by lower-case name (repeated ones joined with `, `), in an object with no prototype. */
export function headerMap(list: readonly HarPair12[]): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  for (const { name, value } of list) {
    const k = name.toLowerCase();
    out[k] = Object.hasOwn(out, k) ? `${out[k]}, ${value}` : value;
  }
  return out;
}
