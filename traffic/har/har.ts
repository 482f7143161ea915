/**
 * Recordings of API traffic as HAR 1.2 (`proxy --record`, `mock --replay`, `conformance
 * --from-har`). A recording keeps no usable secret: `Authorization` values are replaced by
 * `[redacted]`, and any key the upstream echoed is redacted from the bodies. To still tell
 * callers of different tiers apart, each entry carries `_resaleKitCaller`: an HMAC-SHA256 of the
 * caller's key under a random salt stored in the file (`log._resaleKit.salt`); a replay
 * computes the same tag from the key its caller sends and serves that caller's answers.
 * `writeHar` (traffic/record-run.ts) writes a file whole through the one file writer; the proxy
 * streams its recording instead (traffic/recorder.ts). Loading, with validation, is
 * traffic/har/replay.ts.
 */
import { createHmac, randomBytes } from 'node:crypto';

/** A HAR 1.2 name/value pair. */
export interface HarPair {
  name: string;
  value: string;
}

/** One recorded exchange (HAR 1.2 `entry`, with the caller tag). */
export interface HarEntry {
  startedDateTime: string;
  /** Milliseconds from the request to the end of the answer. */
  time: number;
  request: { method: string; url: string; httpVersion: string; headers: HarPair[]; queryString: HarPair[]; cookies: []; headersSize: -1; bodySize: number };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    headers: HarPair[];
    cookies: [];
    /**
     * The body as the client reads it (decoded when it was sent with a Content-Encoding: HAR 1.2); `compression`: bytes saved by it.
     * `text` is absent when the body was not recorded (HAR 1.2: "leave out this field if the
     * information is not available"): `size` is then the body's size and `comment` says why
     * (the proxy's answers over its judging cap stream through unbuffered).
     */
    content: { size: number; compression?: number; mimeType: string; text?: string; encoding?: 'base64'; comment?: string };
    redirectURL: string;
    headersSize: -1;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  /** HMAC of the caller's key (`none` without one): who asked, without the key. Same as `_resaleKit.caller` (kept for readers of earlier recordings). */
  _resaleKitCaller?: string;
  /** The kit's extras of this entry: the caller tag, its number in the recording (across rotated files), and where secrets were replaced. */
  _resaleKit?: { caller: string; index?: number; redactions: HarRedaction[] };
}

/**
 * One replacement of a secret by `[redacted]` in a recorded entry: where it was made, so a reader
 * knows which bytes differ from what the upstream sent.
 * - `in`: the part of the entry (`request.url`, `request.headers`, `request.queryString`,
 *   `response.headers`, `response.content`, `response.redirectURL`);
 * - `name`: the header or query parameter;
 * - `offset`, `length`: of the secret in the original (UTF-16 units in the URL, bytes in the body);
 * - `pointer`: the JSON Pointer of the value it stood in, when the body is JSON.
 */
export interface HarRedaction {
  in: 'request.url' | 'request.headers' | 'request.queryString' | 'response.headers' | 'response.content' | 'response.redirectURL';
  name?: string;
  offset?: number;
  length?: number;
  pointer?: string;
}

/** A HAR 1.2 document as this kit writes it. */
export interface Har {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    entries: HarEntry[];
    /** `salt` of the caller tags; `part` of a rotated recording (0 for the first file); `redaction` says what was searched for. */
    _resaleKit: { salt: string; part?: number; redaction?: string; /** Exchanges left out to keep the file within the readers' size cap (`conformance --record`). */ leftOut?: number };
  };
}

/** The key of an `Authorization` value, bare or after `Bearer`; undefined without one. */
export function keyOf(authorization: string | undefined): string | undefined {
  const value = authorization?.trim();
  if (!value) return undefined;
  const key = (/^bearer\s+(.+)$/i.exec(value)?.[1] ?? value).trim();
  return key.length > 0 ? key : undefined;
}

/** The caller tag of an `Authorization` value under a salt: 16 hex digits, or `none`. */
export function callerTag(salt: string, authorization: string | undefined): string {
  const key = keyOf(authorization);
  return key === undefined ? 'none' : createHmac('sha256', salt).update(key).digest('hex').slice(0, 16);
}

/** A new, empty recording with a fresh salt. */
export function newHar(version: string): Har {
  return { log: { version: '1.2', creator: { name: 'resale-kit', version }, entries: [], _resaleKit: { salt: randomBytes(16).toString('hex') } } };
}

/** Method, path and query of a URL: what a recorded answer is found by. */
export const targetOf = (url: string): string => {
  try {
    const u = new URL(url, 'http://recorded.invalid');
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
};

/** A loaded recording: find the answer recorded for a request and a caller. */
export interface Replay {
  /** The file it came from (for messages). */
  source: string;
  har: Har;
  /**
   * The entry recorded for this request, or undefined.
   * @param target path and query as sent (`/v3/market_b/products?query=dunk`).
   * @param authorization the `Authorization` value the caller sends now.
   */
  find(method: string, target: string, authorization: string | undefined): HarEntry | undefined;
  /** The body of an entry as bytes. */
  bodyOf(entry: HarEntry): Buffer;
}
