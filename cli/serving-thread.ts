/**
 * The single-process mock serves from a worker thread whose V8 heap is set for a long-lived server
 * (issue 33, bench/RESULTS.md "Serving from a thread"). In a plain process, V8 shrinks the young
 * generation and drops hidden classes in the collections it makes when the process looks idle
 * (the memory reducer), and node:http then spends more CPU on every request for the rest of the
 * process's life: a full `bench/run.ts` fell to 63–79 % of the bare node:http limit on the
 * operations it measures last. V8 takes the flags that stop both only when a heap is created, so
 * `resale-kit mock` sets them ({@link SERVING_HEAP_FLAGS}) and then starts the whole command again
 * in a new thread, whose heap is created with them. The main thread only relays: the thread's
 * output (in the order it was written, stdout and stderr alike), its exit code, and the stop
 * signals (cli/signals.ts).
 *
 * This module is imported before anything else of the CLI (cli/bin.ts) and imports only node's own
 * modules, so the main thread never loads the contract or the data world (about 80 MB).
 * `mock --workers N` (N > 1) forks processes instead, which get the same flags on their command line.
 */
import cluster from 'node:cluster';
import { setFlagsFromString } from 'node:v8';
import { isMainThread, Worker } from 'node:worker_threads';
import { exitOnOutputErrors } from './output-errors.js';
import { STOP_SIGNALS } from './signals.js';
import { ownFile, removeOwnFiles } from './own-files.js';
import { HOLD_MESSAGE, isOutput, isOwnFile, isServingThread, type OutputMessage, RELEASE_MESSAGE, servingThreadPort, STOP_MESSAGE, STOPPABLE_MESSAGE, type TerminalSize, threadData, type ThreadData, THREAD_KIND } from './thread-protocol.js';

export { isServingThread };

/**
 * V8 flags of the heap the mock serves from: a young generation that stays at 16 MB per
 * semi-space once the world is built (node's default shrinks it to 1 MB, and scavenges then come
 * ten times as often), and no memory reducer (its collections drop the hidden classes of objects
 * node:http makes per request).
 */
export const SERVING_HEAP_FLAGS = ['--min-semi-space-size=16', '--no-memory-reducer'] as const;

/**
 * Whether these command-line arguments (without node and the script) run the mock in one process,
 * so that it should serve from a thread: the `mock` command, not its help, and no `--workers`
 * (or `RESALE_KIT_MOCK_WORKERS`) other than 1. Anything else, and any argument this cannot read,
 * runs on the main thread as before (commander then parses and reports it).
 */
export function servesFromThread(args: readonly string[], env: Readonly<Record<string, string | undefined>>): boolean {
  if (!isMainThread || cluster.isWorker || args[0] !== 'mock') return false;
  let workers = env.RESALE_KIT_MOCK_WORKERS === '' ? undefined : env.RESALE_KIT_MOCK_WORKERS;
  for (let i = 1; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') break;
    if (arg === '-h' || arg === '--help') return false;
    if (arg === '--workers') workers = args[i + 1] ?? '';
    else if (arg.startsWith('--workers=')) workers = arg.slice('--workers='.length);
  }
  // As a number: `--workers 01` is one process too (attacker 9, finding 10). A value the option refuses fails in the thread, with the same message.
  return workers === undefined || (workers.trim() !== '' && Number(workers) === 1);
}

/**
 * In the serving thread: `process.stdout.write` and `process.stderr.write` post each write to the
 * main thread on one port, which writes it in order. (A worker's own stdio streams relay stdout
 * and stderr separately, so a progress line on stderr and the banner on stdout could swap.)
 */
export function relayOutput(): void {
  const port = servingThreadPort();
  const data = threadData();
  if (!port || !data) return;
  for (const [stream, fd, terminal] of [
    [process.stdout, 1, data.stdout],
    [process.stderr, 2, data.stderr],
  ] as const) {
    // A help text printed after a usage error wraps at the terminal's width, as on the main thread (attacker 9, finding 8).
    if (terminal) Object.assign(stream, { isTTY: true, columns: terminal.columns });
    stream.write = ((chunk: string | Uint8Array, encoding?: BufferEncoding | ((err?: Error | null) => void), done?: (err?: Error | null) => void): boolean => {
      const text = typeof chunk === 'string' && typeof encoding === 'string' && encoding !== 'utf8' && encoding !== 'utf-8' ? Buffer.from(chunk, encoding) : chunk;
      port.postMessage({ type: 'resale-kit:output', fd, chunk: text } satisfies OutputMessage);
      const callback = typeof encoding === 'function' ? encoding : done;
      if (callback) queueMicrotask(() => callback(null));
      return true;
    }) as typeof stream.write;
  }
}

/**
 * Runs the command line `args` again in a worker thread created with {@link SERVING_HEAP_FLAGS},
 * from `entry` (cli/bin.js, which calls {@link relayOutput} and loads cli/main.js there). The
 * process ends with the thread's exit code. The first SIGINT,
 * SIGTERM or SIGHUP is passed on as a stop message once the thread has said it can stop (its
 * server listens); before that, and at a second one, the signal takes node's default action, as
 * for a mock on the main thread. While the thread holds them (a world snapshot being written), a
 * signal waits for the thread to release them. A file the thread says it wrote (its ready file) is
 * removed when this thread ends the process itself (an output error, a second signal).
 * @returns false, having started nothing, when no thread can be started here (node's permission
 *   model without `--allow-worker`): the caller runs the command on this thread.
 */
export function serveFromThread(entry: URL, args: readonly string[]): boolean {
  for (const flag of SERVING_HEAP_FLAGS) setFlagsFromString(flag);
  const terminal = (stream: NodeJS.WriteStream): TerminalSize | undefined => (stream.isTTY && stream.columns > 0 ? { columns: stream.columns } : undefined);
  const data: ThreadData = { kind: THREAD_KIND, stdout: terminal(process.stdout), stderr: terminal(process.stderr) };
  let thread: Worker;
  try {
    thread = new Worker(entry, { argv: [...args], workerData: data });
  } catch {
    // No thread may be started here (node's permission model without --allow-worker): the mock serves on the main thread, without the serving heap (attacker 9, finding 7).
    return false;
  }
  exitOnOutputErrors();
  let stoppable = false;
  // While the thread writes a world snapshot, a stop signal waits for the write to end (signals.ts `withStopSignalsHeld`).
  let held = false;
  let pending: NodeJS.Signals | undefined;
  thread.on('message', (message: unknown) => {
    if (isOutput(message)) (message.fd === 1 ? process.stdout : process.stderr).write(message.chunk);
    else if (isOwnFile(message)) ownFile(message.path, message.text);
    else if (message === STOPPABLE_MESSAGE) stoppable = true;
    else if (message === HOLD_MESSAGE) held = true;
    else if (message === RELEASE_MESSAGE) {
      held = false;
      const signal = pending;
      pending = undefined;
      if (signal !== undefined) relay(signal);
    }
  });
  const relayed = new Set<NodeJS.Signals>();
  const relay = (signal: NodeJS.Signals): void => {
    if (held) {
      pending ??= signal;
      return;
    }
    if (stoppable && !relayed.has(signal)) {
      relayed.add(signal);
      thread.postMessage(STOP_MESSAGE);
      return;
    }
    // Node's default action, as for a mock on the main thread: the same signal with no listener;
    // first the ready file, which no exit handler removes then (attacker 9, finding 6).
    removeOwnFiles();
    process.removeListener(signal, relay);
    process.kill(process.pid, signal);
    // Still running: this process ignores it (PID 1 in a container does); the next one is heard again.
    setImmediate(() => process.on(signal, relay));
  };
  for (const signal of STOP_SIGNALS) process.on(signal, relay);
  thread.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') {
      // As node says it on the main thread, and with its exit code (134, an abort): the heap limit was reached.
      process.stderr.write('FATAL ERROR: the mock ran out of JavaScript heap memory; serve fewer products (--products), or give node more with NODE_OPTIONS=--max-old-space-size=MB\n');
      process.exitCode = 134;
      return;
    }
    process.stderr.write(`${err.stack ?? String(err)}\n`);
    process.exitCode = 1;
  });
  thread.on('exit', (code) => process.exit(process.exitCode ?? code));
  return true;
}
