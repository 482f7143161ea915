/**
 * The streaming HAR recorder of the validation proxy (`proxy --record FILE.har`).
 *
 * - Constant cost per exchange: an exchange is redacted and serialised once, when it is recorded;
 *   entries are appended to the file, never the whole recording re-serialised.
 * - Always a valid HAR 1.2 file: the file is written as its head, the entries, and the closing
 *   `]}}`. Appending writes the new entries and the closing bytes over the old closing bytes, in
 *   one positional write, so before and after each write the file parses. The writes are made by
 *   a small writer process of the recorder's own, fed through a spool file (see {@link WRITER}):
 *   Linux can cut a write of several pages when the writing process gets SIGKILL (measured: 1
 *   file in 25 kills left invalid when this process wrote itself), and the writer is not the
 *   process a `kill -9` stops. A new part file is written aside and renamed, so it never appears
 *   empty (a kill at that moment can leave a `.FILE.N.har.<random>.tmp`). Every file is written
 *   through the one file writer (conformance/files.ts): side files and the spool created
 *   exclusively, never through a link, mode 0600; the writer process opens them `O_NOFOLLOW`.
 * - Nothing much lost: pending entries are sent at least every `flushMs` (200 ms by default)
 *   and whenever 1 MiB is pending; a `kill -9` loses at most the exchanges of that interval.
 * - Rotation by size (`maxBytes`, `--record-max-bytes`): when the next entries would take the
 *   file past the limit, it is left complete and the recording goes on in `FILE.1.har`,
 *   `FILE.2.har`, ... (each a valid HAR with the same salt; `log._resaleKit.part` numbers them).
 *   A single entry larger than the limit still goes whole into a file of its own.
 * - Closing writes what is pending and closes the file: O(1) in the length of the run.
 * - No usable secret: every part of an entry goes through the {@link Redactor}; each replacement
 *   is listed in the entry's `_resaleKit.redactions` (see {@link HarRedaction}). A compressed
 *   answer (gzip, deflate, br) is recorded decoded, as HAR 1.2's `content.text` is, so a key in it
 *   is found; offsets in the manifest are then of the decoded body.
 */
import { isUtf8 } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { closeSync, existsSync, unlinkSync, writeSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { callerTag, type HarEntry, type HarPair, type HarRedaction } from './har/har.js';
import { isSecretQueryName } from '../contract/index.js';
import { createExclusive, PRIVATE, REDACTED, UsageError, writeFileSafely } from '../conformance/index.js';
import type { Redactor } from '../conformance/index.js';
import { pointersAt } from './json-locate.js';

/** One exchange as the proxy saw it, before redaction. */
export interface RecordedExchange {
  /** When the request arrived (UTC). */
  startedAt: Date;
  method: string;
  /** The absolute URL forwarded to the upstream. */
  url: string;
  /** The request's headers as received: name, value, name, value, ... (node's `rawHeaders`). */
  requestRawHeaders: string[];
  status: number;
  statusText: string;
  /** The answer's headers as received (node's `rawHeaders`). */
  responseRawHeaders: string[];
  /** The answer's body, as received (empty when {@link RecordedExchange.bodyLeftOut} is set, and for a HEAD). */
  body: Buffer;
  /** Milliseconds from the request to the end of the answer. */
  ms: number;
  /**
   * Set when the answer's body is not recorded: its size in bytes as received, and why (an answer
   * over the proxy's judging cap streams through unbuffered, so memory stays bounded; outside
   * attacker, finding 15). The entry still records the exchange (method, URL, status, headers),
   * with `content.size` the body's size, no `content.text` (HAR 1.2: left out when not
   * available) and `content.comment` saying why. The one HAR reader (traffic/har/read.ts) counts
   * such an entry "without a captured body" when judging, and skips it with a message when replaying.
   */
  bodyLeftOut?: { bytes: number; reason: string };
}

/** Options of {@link createRecorder}. */
export interface RecorderOptions {
  /** The recording's path (`run.har`); rotated parts are `run.1.har`, `run.2.har`, ... */
  path: string;
  /** Start a new file before one would pass this many bytes. Default: no rotation. */
  maxBytes?: number;
  /** Removes secrets from every part of an entry (the proxy's, which learns keys from traffic). */
  redactor: Redactor;
  /** Salt of the caller tags (hex). Default: 16 random bytes. */
  salt?: string;
  /** The `creator.version` written in the file. Default `0`. */
  version?: string;
  /** Longest time, in milliseconds, an exchange waits in memory before it is written. Default 200. */
  flushMs?: number;
  /** Told once when writing fails (disk full, file removed); recording then stops. */
  onError?: (message: string) => void;
}

/** A running recording. */
export interface Recorder {
  /** Redacts and queues one exchange; written within `flushMs`. Never throws. */
  record(x: RecordedExchange): void;
  /** Writes what is pending; resolves when it is on disk (in the files, as the writer process wrote it). */
  sync(): Promise<void>;
  /** Writes what is pending and closes the file; resolves when everything is on disk. Later `record` calls are ignored. */
  close(): Promise<void>;
  /** The files written so far, in order. */
  readonly files: readonly string[];
  /** Entries recorded, bytes written in all files, and exchanges not recorded because writing fell 16 MiB behind. */
  stats(): { entries: number; bytes: number; dropped: number };
}

/** The path of part `n` of a recording: `run.har`, `run.1.har`, `run.2.har` (`run`, `run.1`, ... without `.har`). */
export function partPath(path: string, n: number): string {
  if (n === 0) return path;
  const m = /^(.*)(\.har)$/i.exec(path);
  return m ? `${m[1]}.${n}${m[2]}` : `${path}.${n}`;
}

/** What a recording says about its redaction (`log._resaleKit.redaction`). */
export const REDACTION_NOTE = 'whole secrets only, in every encoding the redactor knows; see each entry _resaleKit.redactions';

const TAIL = Buffer.from('\n]}}\n');
const PENDING_MAX = 1024 * 1024;
/** Bytes waiting for the writer process past which exchanges are not recorded (counted in `dropped`). */
const MAX_BACKLOG = 16 * 1024 * 1024;

/** Largest body, in bytes, a compressed answer is decoded to for the recording. */
const MAX_DECODED = 64 * 1024 * 1024;

/**
 * The body as the client reads it: a HAR's `content.text` is the decoded body (HAR 1.2), and a
 * key is only found in decoded bytes. Codings are undone last first (`gzip, br`: br, then gzip).
 * @returns undefined when a coding is unknown or the body does not decode within 64 MiB.
 */
export function decodedBody(body: Buffer, contentEncoding: string): Buffer | undefined {
  let out = body;
  const codings = contentEncoding
    .toLowerCase()
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '' && c !== 'identity');
  try {
    for (const c of codings.reverse()) {
      if (c === 'gzip' || c === 'x-gzip') out = gunzipSync(out, { maxOutputLength: MAX_DECODED });
      else if (c === 'deflate') out = inflateSync(out, { maxOutputLength: MAX_DECODED });
      else if (c === 'br') out = brotliDecompressSync(out, { maxOutputLength: MAX_DECODED });
      else return undefined;
    }
  } catch {
    return undefined;
  }
  return out;
}

/** Caller tags already computed (an HMAC per exchange costs more than the rest of a small entry). */
const tags = new Map<string, string>();
const tagOf = (salt: string, authorization: string | undefined): string => {
  if (authorization === undefined) return 'none';
  const key = `${salt} ${authorization}`;
  let tag = tags.get(key);
  if (tag === undefined) {
    if (tags.size >= 1000) tags.clear();
    tag = callerTag(salt, authorization);
    tags.set(key, tag);
  }
  return tag;
};

/**
 * One HAR entry of an exchange, redacted, with its manifest of replacements.
 * @param salt the salt of caller tags.
 * @param index the exchange's number in the whole recording (0 first, across rotated files): `_resaleKit.index`.
 */
export function entryOf(x: RecordedExchange, redactor: Redactor, salt: string, index?: number): HarEntry {
  const redactions: HarRedaction[] = [];
  const headers = (raw: string[], where: 'request.headers' | 'response.headers'): HarPair[] => {
    const out: HarPair[] = [];
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const name = raw[i] as string;
      const { value, redacted } = redactor.header(name, raw[i + 1] as string);
      if (redacted) redactions.push({ in: where, name });
      out.push({ name, value });
    }
    return out;
  };
  const text = (value: string, where: 'request.url' | 'response.redirectURL'): string => {
    const spans = redactor.spans(value);
    for (const [a, b] of spans) redactions.push({ in: where, offset: a, length: b - a });
    return spans.length === 0 ? value : redactor.text(value);
  };
  let authorization: string | undefined;
  let contentType = '';
  let contentEncoding = '';
  let location = '';
  for (let i = 0; i + 1 < x.requestRawHeaders.length; i += 2) if (authorization === undefined && /^authorization$/i.test(x.requestRawHeaders[i] as string)) authorization = x.requestRawHeaders[i + 1];
  for (let i = 0; i + 1 < x.responseRawHeaders.length; i += 2) {
    const name = (x.responseRawHeaders[i] as string).toLowerCase();
    if (name === 'content-type' && !contentType) contentType = x.responseRawHeaders[i + 1] as string;
    if (name === 'location' && !location) location = x.responseRawHeaders[i + 1] as string;
    if (name === 'content-encoding') contentEncoding += `${contentEncoding ? ',' : ''}${x.responseRawHeaders[i + 1] as string}`;
  }
  const requestHeaders = headers(x.requestRawHeaders, 'request.headers');
  const url = text(x.url, 'request.url');
  const queryString: HarPair[] = [];
  try {
    for (const [n, v] of new URL(x.url).searchParams) {
      const name = redactor.text(n);
      // A parameter named like a secret (token, api_key, ...) keeps its name, never its value, as in request.url.
      const value = isSecretQueryName(n) ? REDACTED : redactor.text(v);
      if (name !== n || value !== v) redactions.push({ in: 'request.queryString', name });
      queryString.push({ name, value });
    }
  } catch {
    // Not a URL: no query string.
  }
  const responseHeaders = headers(x.responseRawHeaders, 'response.headers');
  // A compressed answer is recorded decoded (HAR 1.2 `content.text`), so a key inside it is found;
  // one that does not decode is kept as sent. Offsets in the manifest are of the decoded body.
  const decoded = contentEncoding ? decodedBody(x.body, contentEncoding) : undefined;
  const plain = decoded ?? x.body;
  const { bytes, spans } = redactor.bytes(plain);
  if (spans.length > 0) {
    const json = /json/i.test(contentType) || /^\s*[[{]/.test(plain.subarray(0, 64).toString('latin1'));
    const pointers = json
      ? pointersAt(
          plain,
          spans.map((s) => s[0]),
        )
      : [];
    spans.forEach(([a, b], i) => {
      const pointer = pointers[i];
      redactions.push({ in: 'response.content', offset: a, length: b - a, ...(pointer !== undefined ? { pointer } : {}) });
    });
  }
  const utf8 = isUtf8(bytes);
  const mimeType = redactor.header('content-type', contentType).value;
  const caller = tagOf(salt, authorization);
  const started = Number.isFinite(x.startedAt.getTime()) ? x.startedAt : new Date();
  return {
    startedDateTime: started.toISOString(),
    time: x.ms,
    request: { method: x.method, url, httpVersion: 'HTTP/1.1', headers: requestHeaders, queryString, cookies: [], headersSize: -1, bodySize: 0 },
    response: {
      status: x.status,
      statusText: x.statusText,
      httpVersion: 'HTTP/1.1',
      headers: responseHeaders,
      cookies: [],
      content: x.bodyLeftOut
        ? { size: x.bodyLeftOut.bytes, mimeType, comment: `body not recorded: ${x.bodyLeftOut.reason}` }
        : {
            size: plain.length,
            ...(decoded ? { compression: plain.length - x.body.length } : {}),
            mimeType,
            ...(utf8 ? { text: bytes.toString('utf8') } : { text: bytes.toString('base64'), encoding: 'base64' as const }),
          },
      redirectURL: location ? text(location, 'response.redirectURL') : '',
      headersSize: -1,
      bodySize: x.bodyLeftOut ? x.bodyLeftOut.bytes : x.body.length,
    },
    cache: {},
    timings: { send: 0, wait: x.ms, receive: 0 },
    _resaleKitCaller: caller,
    _resaleKit: { caller, ...(index !== undefined ? { index } : {}), redactions },
  };
}

/**
 * The writer process: it alone writes entries to the HAR files, so a `kill -9` of the recording
 * process cannot stop a write half-way (a signal can cut a write of several pages; this process
 * is not the one killed). The recording process appends frames to a spool file (`FILE.spool`),
 * `[op u8][position f64][length u32][bytes]`, with plain synchronous writes: once written, a frame
 * is in the kernel's hands, whatever happens to the process. The writer reads the spool every
 * 20 ms and applies each complete frame: op 1 opens the file named by the bytes (closing the
 * previous one), op 2 writes the bytes at the position, op 3 ends the recording. It reports
 * `ok N` (bytes of the spool applied) on stdout. When its parent is gone (killed) it applies what
 * the spool holds, drops a cut frame, removes the spool and exits. A failed or short write puts
 * the closing bytes back at the position and truncates there, reports `error MESSAGE` and exits.
 */
const WRITER = `
const fs = require('node:fs');
const spool = process.argv[1];
const ppid = Number(process.argv[2]);
const TAIL = Buffer.from(${JSON.stringify(TAIL.toString())});
const chunk = Buffer.alloc(1 << 20);
const sfd = fs.openSync(spool, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW || 0));
let fd = -1;
let offset = 0;
let consumed = 0;
let buffered = Buffer.alloc(0);
let done = false;
const fail = (m) => { process.stdout.write('error ' + String(m).replace(/\\s+/g, ' ') + '\\n'); process.exit(1); };
const drain = () => {
  for (;;) {
    const n = fs.readSync(sfd, chunk, 0, chunk.length, offset);
    if (n <= 0) break;
    offset += n;
    buffered = buffered.length ? Buffer.concat([buffered, chunk.subarray(0, n)]) : Buffer.from(chunk.subarray(0, n));
  }
  const before = consumed;
  while (buffered.length >= 13) {
    const op = buffered[0];
    const position = buffered.readDoubleLE(1);
    const length = buffered.readUInt32LE(9);
    if (buffered.length < 13 + length) break;
    const body = buffered.subarray(13, 13 + length);
    buffered = buffered.subarray(13 + length);
    consumed += 13 + length;
    if (op === 1) {
      if (fd >= 0) fs.closeSync(fd);
      fd = fs.openSync(body.toString('utf8'), fs.constants.O_RDWR | (fs.constants.O_NOFOLLOW || 0));
    } else if (op === 2) {
      let done2 = -1;
      try { done2 = fs.writeSync(fd, body, 0, body.length, position); } catch (e) { done2 = -1; }
      if (done2 !== body.length) {
        try { fs.writeSync(fd, TAIL, 0, TAIL.length, position); fs.ftruncateSync(fd, position + TAIL.length); } catch {}
        fail('a write of ' + body.length + ' bytes failed; is the disk full?');
      }
    } else if (op === 3) done = true;
  }
  if (consumed > before) process.stdout.write('ok ' + consumed + '\\n');
};
const finish = () => {
  if (fd >= 0) fs.closeSync(fd);
  fs.closeSync(sfd);
  try { fs.unlinkSync(spool); } catch {}
  process.exit(0);
};
const tick = () => {
  try { drain(); } catch (e) { fail(e.message); }
  if (done) return finish();
  let alive = true;
  try { process.kill(ppid, 0); } catch (e) { alive = e.code === 'EPERM'; }
  if (!alive) {
    try { drain(); } catch (e) { fail(e.message); }
    return finish();
  }
  setTimeout(tick, 20);
};
process.stdout.on('error', () => undefined);
tick();
`;

/** One frame for the writer process. */
function frame(op: 1 | 2 | 3, position: number, body: Buffer): Buffer {
  const head = Buffer.alloc(13);
  head[0] = op;
  head.writeDoubleLE(position, 1);
  head.writeUInt32LE(body.length, 9);
  return Buffer.concat([head, body]);
}

/**
 * Starts a recording: creates (truncates) `path` at once as a valid, empty HAR 1.2 file, and
 * removes the rotated parts (`path.1.har`, ...) an earlier recording to the same path left.
 * Entries are written by a small writer process of its own (see {@link WRITER}): a `kill -9`
 * of this process lets it finish what it was sent, so every file stays valid.
 * @throws UsageError when the file cannot be created.
 */
export function createRecorder(opts: RecorderOptions): Recorder {
  const salt = opts.salt ?? randomBytes(16).toString('hex');
  const version = opts.version ?? '0';
  const maxBytes = opts.maxBytes !== undefined && opts.maxBytes > 0 ? opts.maxBytes : Infinity;
  const files: string[] = [];
  let position = 0;
  let fileEntries = 0;
  let fileBytes = 0;
  let entries = 0;
  let written = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let closed = false;
  let failed = false;
  let waiters: (() => void)[] = [];
  let dropped = 0;

  // Each file is created here, whole and small (head and closing bytes), so it is valid from the start.
  const create = (): void => {
    const part = files.length;
    const path = partPath(opts.path, part);
    const head = Buffer.from(`{"log":{"version":"1.2","creator":${JSON.stringify({ name: 'resale-kit', version })},"_resaleKit":${JSON.stringify({ salt, part, redaction: REDACTION_NOTE })},"entries":[`);
    try {
      // The one file writer (conformance/files.ts): an exclusive side file, mode 0600 (traffic),
      // renamed over the part, so the file appears whole, never empty, and no link is followed.
      writeFileSafely(path, Buffer.concat([head, TAIL]), { mode: PRIVATE, flag: '--record', mkdir: false, sync: false });
    } catch (err) {
      if (err instanceof UsageError) throw err;
      throw new UsageError(`cannot write the recording ${path}: ${(err as Error).message}; is the directory there and writable?`);
    }
    files.push(path);
    position = head.length;
    fileEntries = 0;
    fileBytes = head.length + TAIL.length;
    written += fileBytes;
  };
  create();
  // Parts of an earlier recording to the same path would read as part of this one: removed.
  for (let n = 1; n < 100_000 && existsSync(partPath(opts.path, n)); n++) {
    try {
      unlinkSync(partPath(opts.path, n));
    } catch {
      break;
    }
  }

  const spoolPath = `${opts.path}.spool`;
  let spool: number;
  try {
    // Created exclusively, never through a link planted at its name, readable by the owner only.
    spool = createExclusive(spoolPath, PRIVATE, '--record');
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`cannot write the recording's spool ${spoolPath}: ${(err as Error).message}; is the directory writable?`);
  }
  let spooled = 0;
  let applied = 0;
  const writer = spawn(process.execPath, ['-e', WRITER, spoolPath, String(process.pid)], { stdio: ['ignore', 'pipe', 'ignore'], detached: true });
  const stdout = writer.stdout as unknown as { ref?: () => void; unref?: () => void };
  writer.unref();
  stdout.unref?.();
  const settle = (): void => {
    if (applied >= spooled || failed) {
      const w = waiters;
      waiters = [];
      for (const f of w) f();
    }
  };
  let out = '';
  writer.stdout.setEncoding('utf8');
  writer.stdout.on('data', (d: string) => {
    out += d;
    let nl = out.indexOf('\n');
    while (nl >= 0) {
      const line = out.slice(0, nl);
      out = out.slice(nl + 1);
      if (line.startsWith('ok ')) applied = Number(line.slice(3));
      else if (line.startsWith('error ')) fail(new Error(line.slice(6)));
      nl = out.indexOf('\n');
    }
    settle();
  });
  const exited = new Promise<void>((resolve) =>
    writer.on('exit', () => {
      if (!closed) fail(new Error('the writer process ended'));
      failed = true;
      settle();
      resolve();
    }),
  );
  const send = (op: 1 | 2 | 3, at: number, body: Buffer): void => {
    const f = frame(op, at, body);
    writeSync(spool, f);
    spooled += f.length;
  };
  send(1, 0, Buffer.from(files[0] as string));

  /** Sends entries (already serialised) to be written at the end of the current file, then its closing bytes. */
  const append = (batch: Buffer[]): void => {
    if (batch.length === 0) return;
    const parts: Buffer[] = [];
    batch.forEach((e, i) => parts.push(Buffer.from(fileEntries + i === 0 ? '\n' : ',\n'), e));
    parts.push(TAIL);
    const buf = Buffer.concat(parts);
    send(2, position, buf);
    fileEntries += batch.length;
    position += buf.length - TAIL.length;
    written += position + TAIL.length - fileBytes;
    fileBytes = position + TAIL.length;
  };

  const flush = (): void => {
    if (pending.length === 0 || failed || closed) return;
    const queue = pending;
    pending = [];
    pendingBytes = 0;
    try {
      let batch: Buffer[] = [];
      let size = fileBytes;
      for (const e of queue) {
        if (fileEntries + batch.length > 0 && size + e.length + 2 > maxBytes) {
          append(batch);
          batch = [];
          create();
          send(1, 0, Buffer.from(files[files.length - 1] as string));
          size = fileBytes;
        }
        batch.push(e);
        size += e.length + 2;
      }
      append(batch);
    } catch (err) {
      fail(err as Error);
    }
  };

  function fail(err: Error): void {
    if (failed) return;
    failed = true;
    pending = [];
    opts.onError?.(`recording stopped: cannot write ${files[files.length - 1] ?? opts.path}: ${err.message}`);
    settle();
  }

  const timer = setInterval(flush, opts.flushMs ?? 200);
  timer.unref();

  return {
    files,
    stats: () => ({ entries, bytes: written, dropped }),
    record(x) {
      if (closed || failed) return;
      if (spooled - applied + pendingBytes > MAX_BACKLOG) {
        // The disk is slower than the traffic: memory and closing time stay bounded; the loss is counted and said.
        if (dropped++ === 0) opts.onError?.(`the recording falls behind the traffic (over ${MAX_BACKLOG / 1024 / 1024} MiB waiting to be written); exchanges are not recorded until it catches up`);
        return;
      }
      try {
        const e = Buffer.from(JSON.stringify(entryOf(x, opts.redactor, salt, entries)));
        pending.push(e);
        pendingBytes += e.length;
        entries++;
        if (pendingBytes >= PENDING_MAX) flush();
      } catch (err) {
        opts.onError?.(`an exchange was not recorded: ${(err as Error).message}`);
      }
    },
    async sync() {
      flush();
      // Held while waiting, so the process does not end before the writer answers.
      writer.ref();
      stdout.ref?.();
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        settle();
      });
      if (!closed) {
        writer.unref();
        stdout.unref?.();
      }
    },
    async close() {
      if (closed) return exited;
      clearInterval(timer);
      flush();
      closed = true;
      // Held while closing, so the process waits for the writer to finish.
      writer.ref();
      stdout.ref?.();
      try {
        send(3, 0, Buffer.alloc(0));
        closeSync(spool);
      } catch (err) {
        fail(err as Error);
        writer.kill();
      }
      await exited;
    },
  };
}
