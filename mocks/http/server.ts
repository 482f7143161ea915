/**
 * The thin node:http adapter over the mock core: a request handler for `http.createServer`,
 * supertest, or any framework that takes one, and a `listen` helper for the CLI.
 *
 * What Node's HTTP parser refuses before a request exists (a malformed request line, headers
 * over the size limit, a client too slow to send its headers) and what never reaches a
 * request handler (`CONNECT`, `Upgrade`) is answered here, as problem details with the CORS
 * headers, where HTTP still allows an answer.
 *
 * Pipelined requests (issue 29): each connection has at most 16 answers or 1 MiB of answers
 * started and unfinished (`ConnectionGate`, contract/connections.ts); later requests of that
 * connection wait, parsed but unanswered, and it is not read meanwhile. They are answered in
 * order once the client reads.
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Socket } from 'node:net';
import { boundConnections, ConnectionGate, LISTENER_BOUNDS, listenerOptions, urlHost, type CountedSocket, type ProblemKind } from '../../contract/index.js';
import { readInputFile } from '../../contract/input-file.js';
import { OptionError, rateLimitStoreOf, type MockOptions } from '../options.js';
import { dataFileText, type DataFileSource } from '../data/products-file.js';
import { replayHeaders } from '../../traffic/har/replay.js';
import { createWritingCore, noneMatch, type MockCore } from './core.js';
import { createSharedLimiter, type SharedLimiter } from './limit-stores.js';
import { READ_HEADERS, type MockRequest, type MockResponse } from './response.js';
import { retainTickMaps } from './tick-maps.js';

const WANTED = new Set(READ_HEADERS);
/** The lengths of the names in {@link WANTED}: a name of another length is skipped without lower-casing it. */
const WANTED_LENGTHS = new Set(READ_HEADERS.map((name) => name.length));
const utf8 = new TextDecoder();
const encoder = new TextEncoder();
/** Errors of an answer's stream (a client gone): nothing to do, the connection closes. */
const ignore = (): void => undefined;

/**
 * UTF-8 bytes of a text as a `Buffer` over the encoder's own memory (not Node's shared pool, so a
 * cached body keeps only its own bytes): node:http writes a `Buffer` as it is, a plain
 * `Uint8Array` it wraps on every write.
 */
const bufferOf = (text: string): Uint8Array => {
  const u = encoder.encode(text);
  return Buffer.from(u.buffer, u.byteOffset, u.byteLength);
};

/**
 * The headers the core reads, taken from `rawHeaders` (name, value, name, value, ...): reading
 * `req.headers` would make Node build an object of every header on every request. The first
 * value of a repeated header wins.
 */
function pickHeaders(raw: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const given = raw[i] as string;
    if (!WANTED_LENGTHS.has(given.length)) continue;
    const name = given.toLowerCase();
    if (WANTED.has(name) && !Object.hasOwn(out, name)) out[name] = raw[i + 1] as string;
  }
  return out;
}

/**
 * Reads a data file (`--data`, `createMockServer({ data: 'products.yaml' })`).
 * @throws OptionError when the file cannot be read.
 */
function readDataFile(path: string): DataFileSource {
  let bytes: Buffer;
  try {
    // A regular file only (never a FIFO or a device), of at most 64 MiB.
    bytes = readInputFile(path, 64 * 1024 * 1024);
  } catch (err) {
    throw new OptionError(`--data ${path}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); check the path`);
  }
  // UTF-8 only (docs/threat-model.md D1): DataFileError naming the byte otherwise.
  return { name: path, text: dataFileText(path, bytes) };
}

/** A node request handler: `(req, res) => void`. */
export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** The mock as a node request handler, with its core (options, world) at hand. */
export interface MockServer {
  readonly core: MockCore;
  readonly handler: RequestHandler;
  /**
   * Serves the mock on a node `Server` you created (for your own server options): adds the
   * request handler and the answers to parser errors, `CONNECT` and `Upgrade` requests.
   * @returns the same server.
   */
  attach(server: Server): Server;
  /**
   * Listens on `options.host:options.port` (port 0 picks a free one).
   * @returns the server and its base URL, such as `http://127.0.0.1:4010` (on `0.0.0.0` or `::`, the loopback address, which the server answers on too).
   * @throws Error when the port cannot be bound (in use, no permission).
   */
  listen(): Promise<{ server: Server; url: string }>;
  /**
   * The rate limit's shared store (`--rate-limit-store cluster` in a worker, or Redis), or
   * undefined when the core counts in memory. `listen()` waits (bounded) for it to answer and
   * closes it with the server; callers of `handler` alone close it themselves.
   */
  readonly limiter: SharedLimiter | undefined;
}

/** What the adapter does besides answering. */
export interface AdapterOptions {
  /** One line per state change of the rate-limit store (away, back). Default: stderr. */
  log?: (line: string) => void;
  /**
   * Connections `listen()` holds open at once from one remote address: 1 to 4096, default 256
   * (`LISTENER_BOUNDS.maxPerAddress`). Past it a new connection is answered a 503 problem
   * (`too-many-connections`, `Retry-After: 1`) and closed. A test suite whose every client is
   * 127.0.0.1 and that opens more connections at once may raise it.
   * @throws OptionError (from createMockServer) outside 1..4096.
   */
  maxConnectionsPerAddress?: number;
}

/**
 * Writes one answer. A header value node refuses (a control character in a `deprecations`
 * header given in code) is answered with `fallback` (the core's 500 problem) instead of throwing
 * out of the server.
 */
function write(req: IncomingMessage, res: ServerResponse, out: MockResponse, body: Uint8Array, fallback: (code: string) => MockResponse): void {
  try {
    res.writeHead(out.status, out.headers);
  } catch (err) {
    const failed = fallback((err as NodeJS.ErrnoException).code ?? 'invalid header');
    const text = Buffer.from(failed.body);
    res.removeHeader('content-length');
    res.writeHead(failed.status, { ...failed.headers, 'content-length': String(text.length) });
    res.end(req.method === 'HEAD' ? undefined : text);
    return;
  }
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Status and detail of a parser error (`clientError`): Node's error code decides. */
function clientErrorProblem(code: string | undefined): [ProblemKind, string] {
  if (code === 'HPE_HEADER_OVERFLOW') return ['headers-too-large', 'The request headers are larger than this server accepts (16 KiB in all by default); send fewer or shorter headers'];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return ['request-timeout', 'The request did not arrive in time; send the request line and headers without pausing'];
  return ['malformed-request', `The request is not valid HTTP/1.1 (${code ?? 'parse error'}); check the request line, the header syntax and the framing`];
}

/** Writes a whole HTTP/1.1 answer on a raw socket and closes it (no `ServerResponse` exists). */
function writeRaw(socket: Duplex, res: MockResponse, withBody: boolean): void {
  const body = Buffer.from(res.body);
  const headers = { ...res.headers, 'content-length': String(body.length), connection: 'close' };
  const head = [`HTTP/1.1 ${res.status} ${STATUS_CODES[res.status] ?? 'Error'}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', ''].join('\r\n');
  socket.end(withBody ? Buffer.concat([Buffer.from(head, 'latin1'), body]) : Buffer.from(head, 'latin1'));
}

/** A socket whose current answer has already begun cannot take another one. */
const answering = (socket: Duplex): boolean => (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;

/**
 * Builds the mock server (§4 operations over the seeded data world). Nothing listens until
 * `listen()`; tests pass `handler` to supertest instead.
 * @throws OptionError when an option is invalid.
 */
export function createMockServer(options: Partial<MockOptions> = {}, adapter: AdapterOptions = {}): MockServer {
  const core = createWritingCore(typeof options.data === 'string' ? { ...options, data: readDataFile(options.data) } : options, { encode: bufferOf });
  const log = adapter.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
  // A shared store (the cluster primary, Redis) decides here; the decision goes to the core (limit-stores.ts).
  const limit = core.options.rateLimit;
  const shared = limit ? createSharedLimiter(rateLimitStoreOf(core.options), limit, log) : undefined;

  const perAddress = adapter.maxConnectionsPerAddress ?? LISTENER_BOUNDS.maxPerAddress;
  if (!Number.isInteger(perAddress) || perAddress < 1 || perAddress > LISTENER_BOUNDS.maxConnections) throw new OptionError(`maxConnectionsPerAddress must be an integer from 1 to ${LISTENER_BOUNDS.maxConnections}`);
  /** A connection past the per-address bound: a 503 problem, then closed (never held: destroyed after 2 s). */
  const refuseConnection = (counted: CountedSocket): void => {
    const socket = counted as unknown as Socket;
    socket.on('error', () => undefined);
    socket.setTimeout(2_000, () => socket.destroy());
    const detail = `This address holds ${perAddress} connections to the mock already; reuse them (keep-alive) or open fewer at once`;
    writeRaw(socket, core.problem('too-many-connections', detail, { headers: { 'retry-after': '1' } }), true);
  };

  /** The 500 problem of an answer node cannot send (the problem templates' one place: the core). */
  const unsendable = (code: string): MockResponse => core.problem('internal-error', `The mock could not send this answer: ${code} (a header value from the options is not valid HTTP)`);

  // Pipelined answers a client does not read are bounded per connection (contract/connections.ts).
  const gate = new ConnectionGate();
  const send = (req: IncomingMessage, res: ServerResponse, out: MockResponse): void => {
    const body = out.bytes ?? Buffer.from(out.body);
    gate.charge(res, body.length);
    if (out.headers['content-length'] === undefined && out.status !== 304 && out.status !== 204) out.headers['content-length'] = String(body.length);
    if (out.delayMs) {
      // A client that leaves before a delayed answer (`Prefer: delay`) frees it at once.
      const timer = setTimeout(() => !res.destroyed && write(req, res, out, body, unsendable), out.delayMs);
      res.once('close', () => clearTimeout(timer));
    } else if (!res.destroyed) write(req, res, out, body, unsendable);
  };

  const replay = core.options.replay;
  /** A recorded answer (`--replay`), a 404 problem for an unrecorded request, or undefined to build one. */
  const replayed = (request: MockRequest): MockResponse | undefined => {
    if (!replay || request.method === 'OPTIONS') return undefined;
    const auth = request.headers.authorization;
    const caller = Array.isArray(auth) ? auth[0] : auth;
    // HEAD is GET without a body (RFC 9110 §9.3.2): a recorded GET answers it when no HEAD was recorded.
    const entry = replay.find(request.method, request.url, caller) ?? (request.method.toUpperCase() === 'HEAD' ? replay.find('GET', request.url, caller) : undefined);
    if (entry) {
      // The loader validated the entry (final status, headers node accepts); the recording's
      // Content-Type is served as recorded, its framing and CORS headers never (traffic/har/replay.ts), and
      // the browser is told not to sniff another type. CORS is the mock's own: an origin, no credentials.
      const bytes = replay.bodyOf(entry);
      const headers: Record<string, string> = { ...replayHeaders(entry), 'x-content-type-options': 'nosniff', 'access-control-allow-origin': core.options.corsOrigin };
      // A recorded 200 with an ETag revalidates as the mock's own answers do (RFC 9110 §13.1.2).
      const etag = headers.etag;
      if (entry.response.status === 200 && etag !== undefined && noneMatch(request.headers['if-none-match'], etag)) {
        const { 'content-type': _type, ...rest } = headers;
        return { status: 304, headers: rest, body: '' };
      }
      return { status: entry.response.status, headers, body: utf8.decode(bytes), bytes };
    }
    if (core.options.replayFallback) return undefined;
    const path = request.url.split('?')[0] ?? '/';
    return core.problem(
      'not-recorded',
      `No answer is recorded for ${request.method} ${path} (this query, this caller) in ${replay.source}; record it with resale-kit proxy --record, or start the mock with --replay-fallback to answer from the seeded world`,
    );
  };

  const handler: RequestHandler = (req, res) => {
    res.on('error', ignore);
    gate.admit(req.socket, res, () => answer(req, res));
  };

  /** Answers one request whose turn has come (see `gate`). */
  const answer = (req: IncomingMessage, res: ServerResponse): void => {
    // No `req.resume()`: the mock never reads a body, and node:http drains an unread one itself
    // once the answer is finished (`resOnFinish` calls `req._dump()`), as for any server.
    const request: MockRequest = { method: req.method ?? 'GET', url: req.url ?? '/', headers: pickHeaders(req.rawHeaders) };
    const recorded = replayed(request);
    if (recorded) {
      send(req, res, recorded);
      return;
    }
    const caller = shared ? core.limitCaller(request) : undefined;
    if (shared && caller !== undefined) {
      // `send` writes a fast hit at once (a fast hit has no delay), so the core may hand out a cache entry's own headers.
      void shared.take(caller).then((decision) => send(req, res, core.respondToWrite({ ...request, limit: decision })));
    } else send(req, res, core.respondToWrite(request));
  };

  /** Requests that never reach `handler`: answered on the socket, then closed. */
  const onClientError = (err: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex): void => {
    if (err.code === 'ECONNRESET' || !socket.writable || answering(socket)) {
      socket.destroy();
      return;
    }
    const [kind, detail] = clientErrorProblem(err.code);
    // An answer to HEAD has no body, even when the rest of the request could not be read.
    const head = err.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
    writeRaw(socket, core.problem(kind, detail), !head);
  };
  const onConnect = (req: IncomingMessage, socket: Duplex): void => {
    socket.on('error', () => undefined);
    writeRaw(socket, core.respond({ method: req.method ?? 'CONNECT', url: '/', headers: pickHeaders(req.rawHeaders) }), true);
  };
  const onUpgrade = (req: IncomingMessage, socket: Duplex): void => {
    socket.on('error', () => undefined);
    // No protocol switch: answer as to the same request without Upgrade.
    const out = core.respond({ method: req.method ?? 'GET', url: req.url ?? '/', headers: pickHeaders(req.rawHeaders) });
    writeRaw(socket, out, req.method !== 'HEAD');
  };

  const attach = (server: Server): Server => server.on('request', handler).on('clientError', onClientError).on('connect', onConnect).on('upgrade', onUpgrade);

  return {
    core,
    handler,
    attach,
    limiter: shared,
    listen: async () => {
      await shared?.ready();
      return new Promise((resolve, reject) => {
        // Connections are capped in all and per address, slow request heads dropped (contract/connections.ts).
        const server = attach(createServer(listenerOptions()));
        boundConnections(server, { maxPerAddress: perAddress }, refuseConnection);
        server.once('close', () => void shared?.close());
        server.keepAliveTimeout = 65_000;
        server.once('error', reject);
        server.listen(core.options.port, core.options.host, () => {
          const addr = server.address();
          const port = typeof addr === 'object' && addr ? addr.port : core.options.port;
          // A wildcard address is where the server listens, not an address to call: name the loopback one.
          const bound = core.options.host;
          const host = urlHost(bound === '0.0.0.0' ? '127.0.0.1' : bound === '::' || bound === '[::]' ? '::1' : bound);
          const url = `http://${host}:${port}`;
          if (options.publicUrl === undefined) core.setPublicUrl(url);
          // node's nextTick records stay alive while the server listens, so V8's memory reducer cannot drop their maps (tick-maps.ts).
          server.once('close', retainTickMaps());
          resolve({ server, url });
        });
      });
    },
  };
}
