/**
 * Bounded memory per connection for the kit's two HTTP listeners, the mock
 * (mocks/http/server.ts) and the validation proxy (traffic/proxy.ts) (issue 29, class C of
 * docs/threat-model.md). HTTP/1.1 lets a client pipeline: send many requests before reading any
 * answer (RFC 9112 §9.3.2). Node's server parses every request of a chunk it has read and hands
 * each to the request handler at once; a handler that builds every answer then holds them all in
 * memory while the client does not read (6 clients × 2,000 pipelined requests: +749 MB, and a
 * legitimate request on another connection starved).
 *
 * The gate: an answer is started only while its connection has fewer than `maxInFlight`
 * started-but-unfinished answers and fewer than `maxUnreadBytes` bytes charged to them; a request
 * that finds the connection over either bound waits in the connection's queue (only the parsed
 * request is kept, no answer), and the connection stops reading until the queue is empty. Every
 * request is still answered, in order (node:http writes answers in request order). A connection
 * whose queue passes `maxWaiting` (one read of pipelined requests is at most about 3,600) is
 * destroyed: no client needs that many requests waiting; so is one whose requests wait while no
 * answer finishes for `stallMs` (its client reads nothing).
 *
 * No Node API is called here (the sockets are structural), so the file sits with the contract,
 * below both the mock and the traffic tools that use it.
 */

/** The part of a `net.Socket` the gate uses. */
export interface GatedSocket {
  pause(): unknown;
  resume(): unknown;
  destroy(): unknown;
  once(event: 'close', listener: () => void): unknown;
}

/**
 * The part of a `ServerResponse` the gate uses: its end ('close' follows 'finish', or an abort;
 * emitted once). The listener is called with the answer as `this`, as an EventEmitter does, so
 * one listener serves every answer.
 */
export interface GatedAnswer {
  on(event: 'close', listener: (this: GatedAnswer) => void): unknown;
}

/** Bounds of one connection. */
export interface ConnectionBounds {
  /** Answers started and not yet finished (written to the kernel) or aborted. */
  maxInFlight: number;
  /** Bytes charged (with {@link ConnectionGate.charge}) to those answers, in bytes. */
  maxUnreadBytes: number;
  /** Parsed requests waiting for their turn; past it the connection is destroyed. */
  maxWaiting: number;
  /**
   * Milliseconds a connection with waiting requests may go without finishing an answer (its
   * client reads nothing) before it is destroyed, so held connections do not live for ever.
   */
  stallMs: number;
}

/** The mock's and the proxy's defaults: 16 answers or 1 MiB in flight, 10,000 waiting requests, 2 minutes stalled. */
export const CONNECTION_BOUNDS: Readonly<ConnectionBounds> = { maxInFlight: 16, maxUnreadBytes: 1024 * 1024, maxWaiting: 10_000, stallMs: 120_000 };

interface Connection {
  socket: GatedSocket;
  inFlight: number;
  bytes: number;
  /** Starts of waiting requests, oldest first from `head` (a queue without O(n) shifts). */
  waiting: (() => void)[];
  head: number;
  /** The socket's own `resume`, before the gate wrapped it. */
  resume: () => unknown;
  /** The gate paused the socket. */
  held: boolean;
  /** Destroys the connection when it stalls while requests wait (armed only then). */
  stall: ReturnType<typeof setTimeout> | undefined;
  closed: boolean;
}

/** Where a started answer keeps its connection (until its end) and the bytes charged to it: fields on the answer, not a map entry per request (issue 33). */
const CONNECTION = Symbol('ConnectionGate connection');
const CHARGED = Symbol('ConnectionGate charged bytes');

/** An answer as the gate marks it: a started one has its connection, an ended one `undefined`. */
type Marked = GatedAnswer & { [CONNECTION]?: Connection | undefined; [CHARGED]?: number };

/** Requests waiting on a connection. */
const waitingOn = (c: Connection): number => c.waiting.length - c.head;

/**
 * One gate per listener; it keeps per-connection state in a `WeakMap`, so a closed connection
 * leaves nothing behind.
 */
export class ConnectionGate {
  private readonly connections = new WeakMap<GatedSocket, Connection>();
  private readonly bounds: ConnectionBounds;
  private waitingNow = 0;
  /** The one 'close' listener of every started answer (no closure per answer): ends its turn. */
  private readonly ended: (this: GatedAnswer) => void;

  /** @param bounds defaults: {@link CONNECTION_BOUNDS}. */
  constructor(bounds: Partial<ConnectionBounds> = {}) {
    this.bounds = { ...CONNECTION_BOUNDS, ...bounds };
    const end = (answer: GatedAnswer): void => this.end(answer);
    this.ended = function (this: GatedAnswer) {
      end(this);
    };
  }

  /**
   * Starts the answer to one request now, or once the connection's earlier answers are under
   * the bounds. `start` must begin the answer on `answer` (whose 'close' ends its turn); it is
   * never called for a connection that closed meanwhile.
   */
  admit(socket: GatedSocket, answer: GatedAnswer, start: () => void): void {
    const c = this.connectionOf(socket);
    // Requests parsed from the same read after the connection closed: nobody is there to answer.
    if (c.closed) return;
    if (waitingOn(c) === 0 && this.hasRoom(c)) {
      // The common case (nothing waits, room left): no closure, no queue.
      this.begin(c, answer);
      start();
      return;
    }
    const run = (): void => {
      this.begin(c, answer);
      start();
    };
    if (waitingOn(c) >= this.bounds.maxWaiting) {
      socket.destroy();
      return;
    }
    c.waiting.push(run);
    this.waitingNow++;
    if (!c.held) {
      c.held = true;
      socket.pause();
    }
    if (c.stall === undefined) this.arm(socket, c);
  }

  /** An answer starts: it counts in flight until its 'close'. */
  private begin(c: Connection, answer: GatedAnswer): void {
    c.inFlight++;
    const marked = answer as Marked;
    marked[CONNECTION] = c;
    marked[CHARGED] = 0;
    answer.on('close', this.ended);
  }

  /** An answer ended (its 'close'): its bytes and its place are freed, and waiting requests may start. */
  private end(answer: GatedAnswer): void {
    const marked = answer as Marked;
    const c = marked[CONNECTION];
    if (c === undefined) return;
    marked[CONNECTION] = undefined;
    c.inFlight--;
    c.bytes -= marked[CHARGED] ?? 0;
    this.next(c.socket, c);
  }

  /** Charges `bytes` (an answer's body, held until it is written) to the connection of `answer`; nothing once it ended. */
  charge(answer: GatedAnswer, bytes: number): void {
    const marked = answer as Marked;
    const c = marked[CONNECTION];
    if (c === undefined) return;
    marked[CHARGED] = (marked[CHARGED] ?? 0) + bytes;
    c.bytes += bytes;
  }

  /** Requests waiting for their turn on every connection now (for tests and benchmarks). */
  get waiting(): number {
    return this.waitingNow;
  }

  private hasRoom(c: Connection): boolean {
    return c.inFlight < this.bounds.maxInFlight && c.bytes < this.bounds.maxUnreadBytes;
  }

  /** Starts (or restarts) the stall timer of a connection with waiting requests. */
  private arm(socket: GatedSocket, c: Connection): void {
    if (c.stall !== undefined) clearTimeout(c.stall);
    c.stall = setTimeout(() => {
      c.stall = undefined;
      if (!c.closed && waitingOn(c) > 0) socket.destroy();
    }, this.bounds.stallMs);
    // In Node, a timer of a held connection must not keep the process alive.
    (c.stall as { unref?: () => void }).unref?.();
  }

  private next(socket: GatedSocket, c: Connection): void {
    if (c.closed) return;
    // An answer finished: the client reads. The stall timer restarts while requests still wait.
    if (c.stall !== undefined) {
      clearTimeout(c.stall);
      c.stall = undefined;
    }
    while (waitingOn(c) > 0 && this.hasRoom(c)) {
      const run = c.waiting[c.head] as () => void;
      c.head++;
      this.waitingNow--;
      run();
    }
    if (c.head > 1024 && c.head * 2 > c.waiting.length) {
      c.waiting.splice(0, c.head);
      c.head = 0;
    }
    // Reading again only once nothing waits: node's own resumes (after each answer) are held until then.
    if (waitingOn(c) === 0 && c.held) {
      c.held = false;
      c.resume();
    }
    if (waitingOn(c) > 0) this.arm(socket, c);
  }

  private connectionOf(socket: GatedSocket): Connection {
    let c = this.connections.get(socket);
    if (c) return c;
    const own = socket.resume.bind(socket);
    const conn: Connection = { socket, inFlight: 0, bytes: 0, waiting: [], head: 0, resume: own, held: false, stall: undefined, closed: false };
    c = conn;
    this.connections.set(socket, conn);
    // node:http resumes a paused socket after each answer and when a request body is read; while
    // requests wait here, the connection must not read more.
    socket.resume = () => (waitingOn(conn) > 0 ? socket : own());
    socket.once('close', () => {
      conn.closed = true;
      if (conn.stall !== undefined) clearTimeout(conn.stall);
      conn.stall = undefined;
      this.waitingNow -= waitingOn(conn);
      conn.waiting = [];
      conn.head = 0;
    });
    return conn;
  }
}

/**
 * Bounds of one listener on the connections it holds (finding 19 of test/outside/attack-findings.md:
 * one client holding 20,000 half-sent requests took every file descriptor of the proxy and the
 * mock, and every other request was reset).
 */
export interface ListenerBounds {
  /** Connections open at once on the listener; past it node:http drops the new one. */
  maxConnections: number;
  /** Connections open at once from one remote address; past it the new one is destroyed. */
  maxPerAddress: number;
  /** Milliseconds a client may take to send a request's head (node:http `headersTimeout`): slow clients are dropped (408). */
  headersTimeoutMs: number;
  /** Milliseconds between node:http's checks of those timeouts (`connectionsCheckingInterval`). */
  checkIntervalMs: number;
}

/**
 * The mock's and the proxy's defaults: 4,096 connections (each may need an upstream socket through
 * the proxy: about 8,200 descriptors, within the 20,000 a process gets here, with a reserve for
 * files), 256 per remote address (a load generator's 100–200 connections fit), 10 s to send a
 * request's head, checked every second.
 */
export const LISTENER_BOUNDS: Readonly<ListenerBounds> = { maxConnections: 4096, maxPerAddress: 256, headersTimeoutMs: 10_000, checkIntervalMs: 1_000 };

/** The options of `node:http` `createServer` that carry {@link ListenerBounds}' timeouts. */
export function listenerOptions(bounds: Partial<ListenerBounds> = {}): { headersTimeout: number; requestTimeout: number; connectionsCheckingInterval: number } {
  const b = { ...LISTENER_BOUNDS, ...bounds };
  return { headersTimeout: b.headersTimeoutMs, requestTimeout: Math.max(300_000, b.headersTimeoutMs), connectionsCheckingInterval: b.checkIntervalMs };
}

/** The part of a `net.Socket` {@link boundConnections} uses. */
export interface CountedSocket {
  readonly remoteAddress?: string | undefined;
  destroy(): unknown;
  once(event: 'close', listener: () => void): unknown;
}

/** The part of a `net.Server` {@link boundConnections} uses. */
export interface BoundedServer {
  maxConnections: number;
  on(event: 'connection', listener: (socket: CountedSocket) => void): unknown;
}

/**
 * Caps the connections a listener holds: at most `maxConnections` in all (node:http refuses the
 * rest) and `maxPerAddress` from one remote address (destroyed at once, before any byte is read),
 * so one client cannot take every file descriptor from the others. The per-address counts are
 * kept in a `Map` keyed by the address text, emptied as connections close (at most
 * `maxConnections` entries). Pass the timeouts with {@link listenerOptions} to `createServer`.
 * Returns the count of connections refused per address so far (for tests and logs).
 * @param refuse what to do with a connection past `maxPerAddress` instead of destroying it (the
 *   mock answers it a 503 problem and closes it); it must end the socket soon.
 */
export function boundConnections(server: BoundedServer, bounds: Partial<ListenerBounds> = {}, refuse: (socket: CountedSocket) => void = (socket) => socket.destroy()): { refused: () => number } {
  const b = { ...LISTENER_BOUNDS, ...bounds };
  server.maxConnections = b.maxConnections;
  const open = new Map<string, number>();
  let refused = 0;
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = open.get(address) ?? 0;
    if (count >= b.maxPerAddress) {
      refused++;
      refuse(socket);
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
  return { refused: () => refused };
}
