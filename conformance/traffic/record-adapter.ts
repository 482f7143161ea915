/**
 * A stand-in recorder over today's `conformance/har.ts` (whole-file HAR writes every 250 ms and
 * on close), behind the interface of the recordings layer (`conformance/traffic/recorder.ts`,
 * issue 21's recordings half), so the proxy has exactly one call site for recording. The lead
 * swaps this file for the streaming recorder at merge; behaviour is today's.
 */
import { callerTag, newHar, writeHar, type HarPair } from '../har.js';
import type { Redactor } from '../redact.js';

/** One exchange as the proxy saw it, before redaction. */
export interface RecordedExchange {
  /** When the request arrived (UTC). */
  startedAt: Date;
  method: string;
  /** The absolute upstream URL the request went to. */
  url: string;
  /** The client's request headers as node's `rawHeaders` (name, value, name, value...). */
  requestRawHeaders: string[];
  status: number;
  statusText: string;
  /** The upstream's response headers as `rawHeaders`. */
  responseRawHeaders: string[];
  /** The whole response body. */
  body: Buffer;
  /** Milliseconds from the request to the end of the answer. */
  ms: number;
}

/** Options of {@link createRecorder}. */
export interface RecorderOptions {
  /** The HAR file to write. */
  path: string;
  /** The redactor every recorded text passes through (keys seen so far). */
  redactor: Redactor;
  /** Written as `log.creator.version`. */
  toolVersion: string;
}

/** A recorder: `record` each exchange, `close` writes what is left. */
export interface Recorder {
  record(x: RecordedExchange): void;
  close(): Promise<void>;
}

const SECRET_HEADER = /^(authorization|cookie|proxy-authorization)$/i;

/** Creates a recorder writing a HAR 1.2 file (whole, at most every 250 ms, and on close). */
export function createRecorder(o: RecorderOptions): Recorder {
  const har = newHar(o.toolVersion);
  const salt = har.log._resaleKit.salt;
  const headers = (raw: string[]): HarPair[] => {
    const out: HarPair[] = [];
    for (let i = 0; i + 1 < raw.length; i += 2) out.push({ name: raw[i] as string, value: SECRET_HEADER.test(raw[i] as string) ? '[redacted]' : o.redactor.text(raw[i + 1] as string) });
    return out;
  };
  const headerOf = (raw: string[], name: string): string | undefined => {
    for (let i = 0; i + 1 < raw.length; i += 2) if ((raw[i] as string).toLowerCase() === name) return raw[i + 1];
    return undefined;
  };
  let timer: NodeJS.Timeout | undefined;
  const flush = (): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    writeHar(o.path, har);
  };
  return {
    record(x) {
      const text = x.body.toString('utf8');
      const utf8 = Buffer.from(text, 'utf8').equals(x.body);
      const mimeType = headerOf(x.responseRawHeaders, 'content-type') ?? '';
      const u = new URL(x.url);
      har.log.entries.push({
        startedDateTime: x.startedAt.toISOString(),
        time: x.ms,
        request: {
          method: x.method,
          url: o.redactor.text(x.url),
          httpVersion: 'HTTP/1.1',
          headers: headers(x.requestRawHeaders),
          queryString: [...u.searchParams].map(([name, value]) => ({ name, value: o.redactor.text(value) })),
          cookies: [],
          headersSize: -1,
          bodySize: 0,
        },
        response: {
          status: x.status,
          statusText: x.statusText,
          httpVersion: 'HTTP/1.1',
          headers: headers(x.responseRawHeaders),
          cookies: [],
          content: utf8 ? { size: x.body.length, mimeType, text: o.redactor.text(text) } : { size: x.body.length, mimeType, text: x.body.toString('base64'), encoding: 'base64' },
          redirectURL: headerOf(x.responseRawHeaders, 'location') ?? '',
          headersSize: -1,
          bodySize: x.body.length,
        },
        cache: {},
        timings: { send: 0, wait: x.ms, receive: 0 },
        _resaleKitCaller: callerTag(salt, headerOf(x.requestRawHeaders, 'authorization')),
      });
      timer ??= setTimeout(flush, 250);
    },
    close: () => {
      flush();
      return Promise.resolve();
    },
  };
}
